import { ADMIN_API, type PageItem } from '@c2c/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewQueueHooks } from '../../components/review-queue-api';
import { call } from '../../lib/api';

export type AdminWithdrawal = PageItem<typeof ADMIN_API.withdrawList>;

const queue = reviewQueueHooks('withdrawals', (filter) => call(ADMIN_API.withdrawList, { ...filter }));

export const useWithdrawals = queue.useList;

/** Marks the withdrawal paid out; `reference` is the bank's or Wise's transfer reference. */
export function useApproveWithdrawal() {
  return queue.useDecision(({ id, reference }: { id: number; reference: string }) =>
    call(ADMIN_API.withdrawApprove, { id, reference }),
  );
}

export function useRejectWithdrawal() {
  return queue.useDecision(({ id, reason }: { id: number; reason: string }) => call(ADMIN_API.withdrawReject, { id, reason }));
}

/**
 * The withdrawal's payout account in full, for owner and finance. Asked for on purpose, never fetched by itself: each
 * answer is an entry in the audit log.
 */
export function useRevealPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(ADMIN_API.withdrawReveal, { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audit'] }),
  });
}
