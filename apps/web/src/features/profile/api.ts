import { API } from '@c2c/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';
import { setUserInfo } from '../../lib/storage';

export async function saveNickname(nickname: string): Promise<void> {
  const user = await api(API.saveInfo, { nickname }, { catch: true });
  setUserInfo(user);
  queryClient.setQueryData(queryKeys.user, user);
}

export const changePassword = (body: { old_password: string; password: string; confirm_password: string }) =>
  api(API.changePassword, body, { catch: true });
