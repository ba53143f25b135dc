import { ADMIN_API, type PageItem, type ReviewStatus } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type AdminWithdrawal = PageItem<typeof ADMIN_API.withdrawList>;

const WITHDRAWALS_KEY = ['withdrawals'] as const;

export interface WithdrawalQuery {
  page: number;
  pageSize: number;
  status: ReviewStatus | 'all';
  keyword: string;
}

export function useWithdrawals({ page, pageSize, status, keyword }: WithdrawalQuery) {
  return useQuery({
    // a queue someone is working through: new requests appear without pressing Refresh
    refetchInterval: 15_000,
    queryKey: [...WITHDRAWALS_KEY, page, pageSize, status, keyword],
    queryFn: () =>
      call(ADMIN_API.withdrawList, {
        page,
        page_size: pageSize,
        ...(status === 'all' ? {} : { status }),
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });
}

/** Refreshes the queue whatever the answer: a refused decision usually means the item changed under us. */
function useReviewMutation<V, R>(fn: (values: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** Marks the withdrawal paid out; `reference` is the bank's or Wise's transfer reference. */
export function useApproveWithdrawal() {
  return useReviewMutation(({ id, reference }: { id: number; reference: string }) =>
    call(ADMIN_API.withdrawApprove, { id, reference }),
  );
}

export function useRejectWithdrawal() {
  return useReviewMutation(({ id, reason }: { id: number; reason: string }) => call(ADMIN_API.withdrawReject, { id, reason }));
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
