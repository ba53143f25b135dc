import type { Page, ReviewStatus } from '@c2c/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewQuery } from './review-queue';

/** A review queue's list call, as the server takes it. */
export interface ReviewListFilter {
  page: number;
  page_size: number;
  status?: ReviewStatus;
  keyword?: string;
}

/**
 * The hooks of one review queue, under the query key `key`: `useList`, the page the queue shows, and `useDecision`, for
 * a decision on an item. A decision refreshes the queue, the audit log and `alsoRefresh` whatever the answer: a refused
 * decision usually means the item changed under us.
 */
export function reviewQueueHooks<T>(
  key: string,
  list: (filter: ReviewListFilter) => Promise<Page<T>>,
  alsoRefresh: string[] = [],
) {
  function useList({ page, pageSize, status, keyword }: ReviewQuery) {
    return useQuery({
      // a queue someone is working through: new items appear without pressing Refresh
      refetchInterval: 15_000,
      queryKey: [key, page, pageSize, status, keyword],
      queryFn: () =>
        list({ page, page_size: pageSize, ...(status === 'all' ? {} : { status }), ...(keyword ? { keyword } : {}) }),
      placeholderData: keepPreviousData,
    });
  }

  function useDecision<V, R>(fn: (values: V) => Promise<R>) {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: fn,
      onSettled: () => {
        for (const refreshed of [key, ...alsoRefresh, 'audit']) queryClient.invalidateQueries({ queryKey: [refreshed] });
      },
    });
  }

  return { useList, useDecision };
}
