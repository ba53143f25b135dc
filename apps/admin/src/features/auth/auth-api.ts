import { ADMIN_API } from '@c2c/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { clearToken, setToken } from '../../lib/token';

const ME_KEY = ['auth', 'me'] as const;

export interface SignInValues {
  email: string;
  password: string;
  totp: string;
}

/** The signed-in operator (`auth/me`). */
export function useMe() {
  return useQuery({ queryKey: ME_KEY, queryFn: () => call(ADMIN_API.me), staleTime: 60_000 });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return async (values: SignInValues): Promise<void> => {
    const data = await call(ADMIN_API.login, { ...values }, { silent: true });
    queryClient.setQueryData(ME_KEY, data.operator);
    setToken(data.token);
  };
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async (): Promise<void> => {
    // The session ends on this side whatever the server answers; a failed call only leaves a token that expires.
    await call(ADMIN_API.logout, {}, { silent: true }).catch(() => undefined);
    clearToken();
    queryClient.clear();
  };
}
