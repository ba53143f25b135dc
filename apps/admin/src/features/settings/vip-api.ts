import { ADMIN_API } from '@c2c/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

const VIP_KEY = ['vip-levels'] as const;

export function useVipLevels() {
  return useQuery({ queryKey: VIP_KEY, queryFn: () => call(ADMIN_API.vipGet) });
}

export function useSaveVipLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levels: { volume: string; daily_withdraw: string }[]) => call(ADMIN_API.vipSave, { levels }),
    onSuccess: (saved) => {
      queryClient.setQueryData(VIP_KEY, saved);
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useSetUserVip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; level: string; reason: string }) => call(ADMIN_API.userSetVip, v),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  });
}
