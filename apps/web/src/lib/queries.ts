import { API, type MoneyInfo, type PublicConfig, type User } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { getUserInfo, setUserInfo } from './storage';

/** Server data more than one feature shows. Feature-only calls live in their feature's `api.ts`. */
export const queryKeys = {
  user: ['userinfo', 'get-info'],
  money: ['userinfo', 'get-money-info'],
  config: ['config', 'get'],
} as const;

export function useUser() {
  return useQuery({
    queryKey: queryKeys.user,
    queryFn: async () => {
      const user = await api<User>(API.getInfo, {}, { catch: true });
      setUserInfo(user);
      return user;
    },
    placeholderData: () => getUserInfo() ?? undefined,
  });
}

export function useMoney() {
  return useQuery({
    queryKey: queryKeys.money,
    queryFn: () => api<MoneyInfo>(API.getMoneyInfo, {}, { catch: true }),
  });
}

export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.config,
    queryFn: () => api<PublicConfig>(API.config, {}, { catch: true, toast: false }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
