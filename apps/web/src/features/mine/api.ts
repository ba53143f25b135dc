import { API } from '@c2c/shared';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { clearSession } from '../../lib/storage';

/**
 * Ends the session on the server if it can; the device forgets it either way, and at once: the call has taken the
 * token with it, and the live socket's "session ended" may arrive before the answer, which must not read as an expiry.
 */
export async function logout(): Promise<void> {
  const call = api(API.logout, {}, { catch: true, toast: false });
  clearSession();
  queryClient.clear();
  await call.catch(() => undefined);
}
