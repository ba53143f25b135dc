import { API } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

const sessionsKey = ['security', 'sessions'] as const;

/** The customer's signed-in devices, newest first; the one of this app is `current`. */
export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: async () => (await api(API.securitySessions, {}, { catch: true })).list,
  });
}

const refreshSessions = () => queryClient.invalidateQueries({ queryKey: sessionsKey });

/** Signs one other device out; the list is read again either way (it may have ended meanwhile). */
export async function endSession(id: number) {
  try {
    await api(API.securitySessionEnd, { id }, { catch: true });
  } finally {
    await refreshSessions();
  }
}

/** Signs every other device out; answers how many were. */
export async function endOtherSessions(): Promise<number> {
  try {
    return (await api(API.securitySessionEnd, { all_others: '1' }, { catch: true })).ended;
  } finally {
    await refreshSessions();
  }
}

/** Sets (or with '' removes) the anti-phishing phrase; the user is read again for its masked hint. */
export async function saveAntiPhishing(phrase: string) {
  await api(API.securityAntiPhishing, { phrase }, { catch: true });
  await queryClient.invalidateQueries({ queryKey: queryKeys.user });
}

/** The new-device mail's link: ends that session, signed in or not; the page shows the failure itself. */
export const endSessionByLink = (token: string) => api(API.securitySessionEndLink, { token }, { catch: true, toast: false });
