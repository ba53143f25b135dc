import { API } from '@c2c/shared';
import { api } from './api';
import { isServerReachable, onServerReachableChange } from './connection';
import { queryClient } from './query-client';

/** How often the app asks again while the server cannot be reached. */
export const PROBE_MS = 5_000;

/**
 * While the server cannot be reached, asks it again every few seconds, and at once when the device comes back online:
 * the first answer ends the offline state (the API client reports it), and what failed meanwhile loads again, so the
 * banner and the empty figures do not wait for the user to do something.
 */
export function keepReconnecting(): () => void {
  const probe = () => {
    if (!isServerReachable() && navigator.onLine) void api(API.config, {}, { catch: true, toast: false }).catch(() => {});
  };
  const timer = setInterval(probe, PROBE_MS);
  addEventListener('online', probe);
  const stop = onServerReachableChange(() => {
    if (isServerReachable()) void queryClient.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
  });
  return () => {
    clearInterval(timer);
    removeEventListener('online', probe);
    stop();
  };
}
