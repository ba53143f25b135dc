import { ADMIN_API, type PageItem } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewQuery } from '../../components/review-queue';
import { call } from '../../lib/api';

/** A sale as the queue shows it: `amount` is the USDT sold, the column and drawer every review queue has. */
export type AdminMerchantSale = PageItem<typeof ADMIN_API.saleuList> & { amount: string };

const SALES_KEY = ['merchant-sales'] as const;

export function useMerchantSales({ page, pageSize, status, keyword }: ReviewQuery) {
  return useQuery({
    // a queue someone is working through: new sales appear without pressing Refresh
    refetchInterval: 15_000,
    queryKey: [...SALES_KEY, page, pageSize, status, keyword],
    queryFn: async () => {
      const answer = await call(ADMIN_API.saleuList, {
        page,
        page_size: pageSize,
        ...(status === 'all' ? {} : { status }),
        ...(keyword ? { keyword } : {}),
      });
      return { ...answer, list: answer.list.map((sale): AdminMerchantSale => ({ ...sale, amount: sale.quantity })) };
    },
    placeholderData: keepPreviousData,
  });
}

/** Refreshes the queue (and the offers' numbers) whatever the answer: a refused decision usually means the sale changed. */
function useReviewMutation<V, R>(fn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: SALES_KEY });
      queryClient.invalidateQueries({ queryKey: ['merchants'] });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** Records the merchant's payment; `reference` is its transfer reference. */
export function useApproveSale() {
  return useReviewMutation(({ id, reference }: { id: number; reference: string }) =>
    call(ADMIN_API.saleuApprove, { id, reference }),
  );
}

export function useRejectSale() {
  return useReviewMutation(({ id, reason }: { id: number; reason: string }) => call(ADMIN_API.saleuReject, { id, reason }));
}
