import type { Page } from '@c2c/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from './api';

export const PAGE_SIZE = 20;

/** A paged list call (`page`, `page_size` in; `{ list, total, page, page_size }` out) as an infinite query. */
export function usePagedQuery<T>(queryKey: readonly string[], path: string) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => api<Page<T>>(path, { page: pageParam, page_size: PAGE_SIZE }, { catch: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    select: (data) => data.pages.flatMap((p) => p.list),
  });
}
