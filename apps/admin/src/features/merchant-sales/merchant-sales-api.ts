import { ADMIN_API, type PageItem } from '@c2c/shared';
import { reviewQueueHooks } from '../../components/review-queue-api';
import { call } from '../../lib/api';

/** A sale as the queue shows it: `amount` is the USDT sold, the column and drawer every review queue has. */
export type AdminMerchantSale = PageItem<typeof ADMIN_API.saleuList> & { amount: string };

// a decision changes the offers' numbers too
const queue = reviewQueueHooks(
  'merchant-sales',
  async (filter) => {
    const answer = await call(ADMIN_API.saleuList, { ...filter });
    return { ...answer, list: answer.list.map((sale): AdminMerchantSale => ({ ...sale, amount: sale.quantity })) };
  },
  ['merchants'],
);

export const useMerchantSales = queue.useList;

/** Records the merchant's payment; `reference` is its transfer reference. */
export function useApproveSale() {
  return queue.useDecision(({ id, reference }: { id: number; reference: string }) =>
    call(ADMIN_API.saleuApprove, { id, reference }),
  );
}

export function useRejectSale() {
  return queue.useDecision(({ id, reason }: { id: number; reason: string }) => call(ADMIN_API.saleuReject, { id, reason }));
}
