import { API, type LoginResponse } from '@c2c/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { saveSession } from '../../lib/storage';

export type CodeScene = 'register' | 'forget';

export const sendCode = (email: string, scene: CodeScene) => api(API.sendCode, { email, scene }, { catch: true });

/** Keeps a new session; whatever another account left in the cache goes first. */
function startSession({ token, user }: LoginResponse): void {
  queryClient.clear();
  saveSession(token, user);
  queryClient.setQueryData(queryKeys.user, user);
}

/** Signs in; the caller shows a refusal (the second-factor question is not an error to toast). */
export async function login(body: { email: string; password: string; totp?: string }): Promise<void> {
  startSession(await api(API.login, body, { catch: true, toast: false }));
}

export async function register(body: {
  email: string;
  code: string;
  password: string;
  confirm_password: string;
  invite_code: string;
}): Promise<void> {
  startSession(await api(API.register, body, { catch: true }));
}

export const resetPassword = (body: { email: string; code: string; password: string; confirm_password: string }) =>
  api(API.forget, body, { catch: true });
