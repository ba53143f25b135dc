import { ADMIN_API, type Settings } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const SETTINGS_KEY = ['settings'] as const;
const INVITE_CODES_KEY = ['invite-codes'] as const;

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => call(ADMIN_API.settingsGet) });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Settings) => call(ADMIN_API.settingsSave, { ...values }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useInviteCodes(page: number, pageSize: number) {
  return useQuery({
    queryKey: [...INVITE_CODES_KEY, page, pageSize],
    queryFn: () => call(ADMIN_API.inviteCodeList, { page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

function useInviteCodeMutation<V, R>(fn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: INVITE_CODES_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useCreateInviteCode() {
  return useInviteCodeMutation((code: string) => call(ADMIN_API.inviteCodeCreate, { code }));
}

export function useSetInviteCodeActive() {
  return useInviteCodeMutation(({ code, active }: { code: string; active: boolean }) =>
    call(ADMIN_API.inviteCodeUpdate, { code, active: String(active) }),
  );
}
