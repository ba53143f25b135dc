import { API } from '@c2c/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from './api';
import { queryKeys } from './queries';

/** Every bound payout account, bank and Wise: where withdrawals, sales to merchants and listings pay out. */
export function usePayoutAccounts() {
  return useQuery({
    queryKey: queryKeys.payoutAccounts,
    queryFn: async () => (await api(API.bankinfoList, {}, { catch: true })).list,
  });
}
