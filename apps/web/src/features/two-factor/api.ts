import { API, type TotpEnabled, type TotpSetup } from '@c2c/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

/** A new secret to scan; each call replaces the last one not yet confirmed. */
export const startSetup = (): Promise<TotpSetup> => api(API.totpSetup, {}, { catch: true });

/** Confirms the secret with a code; answers the recovery codes (shown once) and reads the user again. */
export async function enable(code: string): Promise<TotpEnabled> {
  const answer = await api(API.totpEnable, { code }, { catch: true });
  await queryClient.invalidateQueries({ queryKey: queryKeys.user });
  return answer;
}

/** Turns two-factor off; the user is read again (withdrawals are now paused, `withdraw_unlock_at`). */
export async function disable(code: string): Promise<void> {
  await api(API.totpDisable, { code }, { catch: true });
  await queryClient.invalidateQueries({ queryKey: queryKeys.user });
}
