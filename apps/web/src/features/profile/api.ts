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

/** Changes the password; the user is read again, since withdrawals now pause for a while (`withdraw_unlock_at`). */
export async function changePassword(body: { old_password: string; password: string; confirm_password: string }) {
  await api(API.changePassword, body, { catch: true });
  await queryClient.invalidateQueries({ queryKey: queryKeys.user });
}
