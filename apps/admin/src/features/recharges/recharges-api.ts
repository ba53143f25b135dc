import { ADMIN_API, type PageItem, type ReviewStatus } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export type AdminRecharge = PageItem<typeof ADMIN_API.rechargeList>;

const RECHARGES_KEY = ['recharges'] as const;

export interface RechargeQuery {
  page: number;
  pageSize: number;
  status: ReviewStatus | 'all';
  keyword: string;
}

export function useRecharges({ page, pageSize, status, keyword }: RechargeQuery) {
  return useQuery({
    // a queue someone is working through: new requests appear without pressing Refresh
    refetchInterval: 15_000,
    queryKey: [...RECHARGES_KEY, page, pageSize, status, keyword],
    queryFn: () =>
      call(ADMIN_API.rechargeList, {
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
      queryClient.invalidateQueries({ queryKey: RECHARGES_KEY });
      queryClient.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

export function useApproveRecharge() {
  return useReviewMutation((id: number) => call(ADMIN_API.rechargeApprove, { id }));
}

export function useRejectRecharge() {
  return useReviewMutation(({ id, reason }: { id: number; reason: string }) => call(ADMIN_API.rechargeReject, { id, reason }));
}
