import { API } from '@c2c/shared';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query-client';
import { clearSession } from '../../lib/storage';

/** Ends the session on the server if it can; the device forgets it either way. */
export async function logout(): Promise<void> {
  try {
    await api(API.logout, {}, { catch: true, toast: false });
  } finally {
    clearSession();
    queryClient.clear();
  }
}
