import { API, type PayoutAccount } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from './api';
import { queryKeys } from './queries';

/** Every bound payout account, bank and Wise: where withdrawals, sales to merchants and listings pay out. */
export function usePayoutAccounts() {
  return useQuery({
    queryKey: queryKeys.payoutAccounts,
    queryFn: async () => (await api(API.bankinfoList, {}, { catch: true })).list,
  });
}

/**
 * Whether an account takes payouts now: its first 24 hours after binding (or after its payee changed) are over. The
 * component re-renders when the next of `accounts` becomes usable, so a waiting account turns pickable by itself.
 */
export function usePayoutReady(accounts: readonly PayoutAccount[]): (account: PayoutAccount) => boolean {
  const [now, setNow] = useState(() => Date.now());
  const next = Math.min(...accounts.map((a) => Date.parse(a.usable_at)).filter((at) => at > now));
  useEffect(() => {
    if (!Number.isFinite(next)) return;
    // a timer's delay is at most 2^31 - 1 ms; a later moment is waited for in steps
    const id = setTimeout(() => setNow(Date.now()), Math.min(Math.max(next - Date.now(), 0), 2 ** 31 - 1));
    return () => clearTimeout(id);
  }, [next]);
  return (account) => Date.parse(account.usable_at) <= now;
}
