import { API, type PayoutType } from '@c2c/shared';
import { api } from '../../lib/api';
import type { TKey } from '../../lib/i18n-keys';
import { usePagedQuery } from '../../lib/paging';
import { queryKeys, refreshMoney } from '../../lib/queries';
import { queryClient } from '../../lib/query-client';

/** How the app names the payout kinds a merchant pays to. */
export const PAYOUT_KIND_KEYS: Record<PayoutType, TKey> = { bank: 'hall.merchant.bank', wise: 'hall.merchant.wise' };

/** The merchants' active buy offers, paged; read again each time the tab opens (operators change them). */
export const useMerchantOffers = () => usePagedQuery(queryKeys.merchantOffers, API.sellingMerchant, { fresh: true });

/**
 * Sells to a merchant; afterwards the balance, the offers (quantity left) and the order list are stale — after a
 * refusal too: one that says the offer changed or its quantity ran short is read against the offer as it is now.
 */
export async function createSale(body: { saleu_id: number; number: string; bk_id: number; request_id: string; totp?: string }) {
  try {
    return await api(API.saleuCreateOrder, body, { catch: true });
  } finally {
    await Promise.all([
      refreshMoney(),
      queryClient.invalidateQueries({ queryKey: queryKeys.merchantOffers }),
      queryClient.invalidateQueries({ queryKey: queryKeys.merchantSales }),
    ]);
  }
}
