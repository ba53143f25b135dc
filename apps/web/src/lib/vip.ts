import { API } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryClient } from './query-client';

const VIP_KEY = ['vip', 'info'] as const;

/** The caller's VIP level and today's withdrawal allowance; read again whenever a page that shows it opens. */
export const useVipInfo = () =>
  useQuery({
    queryKey: VIP_KEY,
    queryFn: () => api(API.vipInfo, {}, { catch: true, toast: false }),
    refetchOnMount: 'always',
    retry: false,
  });

/** After a withdrawal what is left of today's allowance changed. */
export const refreshVipInfo = () => queryClient.invalidateQueries({ queryKey: VIP_KEY });
