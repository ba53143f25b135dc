import type { CustomerPath, Page, PagedPath, PageItem } from '@c2c/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from './api';

export const PAGE_SIZE = 20;

/**
 * A paged list call (`page`, `page_size` in; `{ list, total, page, page_size }` out) as an infinite query; the rows
 * are typed by the path's contract. `fresh` reads it again whenever a screen opens it (a list others change, such as
 * merchants' offers, with no live event of its own).
 */
export function usePagedQuery<P extends PagedPath<CustomerPath>>(
  queryKey: readonly string[],
  path: P,
  { fresh = false }: { fresh?: boolean } = {},
) {
  return useInfiniteQuery({
    queryKey,
    refetchOnMount: fresh ? 'always' : true,
    // a generic path's answer is not resolved to a page by the compiler; PagedPath holds only paths that answer one
    queryFn: ({ pageParam }) =>
      api(path, { page: pageParam, page_size: PAGE_SIZE }, { catch: true }) as Promise<Page<PageItem<P>>>,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    select: (data) => data.pages.flatMap((p) => p.list),
  });
}
