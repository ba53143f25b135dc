import { ADMIN_API, type Answer, type UserStatus } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const USERS_KEY = ['users'] as const;

export type AdminUserRow = Answer<typeof ADMIN_API.userList>['list'][number];
export type AdminUserDetail = Answer<typeof ADMIN_API.userDetail>;

export function useUsers(q: { page: number; pageSize: number; keyword: string; status: UserStatus | 'all' }) {
  return useQuery({
    queryKey: [...USERS_KEY, 'list', q],
    queryFn: () =>
      call(ADMIN_API.userList, {
        page: q.page,
        page_size: q.pageSize,
        ...(q.keyword.trim() ? { keyword: q.keyword.trim() } : {}),
        ...(q.status === 'all' ? {} : { status: q.status }),
      }),
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: [...USERS_KEY, 'detail', id],
    queryFn: () => call(ADMIN_API.userDetail, { id }),
    enabled: id !== null,
  });
}

function useUserMutation<V, R>(run: (v: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: USERS_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export const useFreeze = () => useUserMutation((v: { id: number; reason: string }) => call(ADMIN_API.userFreeze, { ...v }));
export const useUnfreeze = () => useUserMutation((v: { id: number }) => call(ADMIN_API.userUnfreeze, { ...v }));
export const useSetVip = () =>
  useUserMutation((v: { id: number; level: string; reason: string }) => call(ADMIN_API.userSetVip, { ...v }));
/** How many VIP levels exist now (VIP 0 ... VIP n-1), for the override's choices. */
export const useVipLevelCount = () =>
  useQuery({ queryKey: ['vip-levels'], queryFn: () => call(ADMIN_API.vipGet), select: (v) => v.levels.length });
export const useAdjust = () =>
  useUserMutation((v: { id: number; amount: string; reason: string; request_id: string }) =>
    call(ADMIN_API.userAdjust, { ...v }),
  );
