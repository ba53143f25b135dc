import { Button, InfiniteScroll } from 'antd-mobile';
import { type ReactNode, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { PageLoading } from './page-loading';
import { PullToRefresh } from './pull-to-refresh';
import { QueryError } from './query-error';

interface PagedQuery<T> {
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

interface Props<T> {
  query: PagedQuery<T>;
  empty: string;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
}

/**
 * Rows of a paged list with pull-to-refresh; the next page loads when the end scrolls into view or on "load more"
 * (DESIGN §6).
 */
export function PagedList<T>({ query, empty, itemKey, renderItem }: Props<T>) {
  const { t } = useTranslation();
  // A query's answer renders synchronously (React reads the query cache as an external store): the first rows, their
  // pull-to-refresh and paging would mount in one long task. Deferred, they mount in a render React splits, a frame
  // later; the loading state shows until then, as before.
  const pending = useDeferredValue(query.isPending);
  if (pending) return <PageLoading />;
  if (query.isError && !query.data) return <QueryError onRetry={() => void query.refetch()} />;
  const items = query.data ?? [];
  const loadMore = async () => {
    if (!query.isFetchingNextPage) await query.fetchNextPage();
  };
  return (
    <PullToRefresh onRefresh={query.refetch}>
      {items.length === 0 ? (
        <EmptyState text={empty} />
      ) : (
        <ul className="record-list">
          {items.map((item) => (
            <li key={itemKey(item)} className="record">
              {renderItem(item)}
            </li>
          ))}
        </ul>
      )}
      {items.length > 0 && (
        <InfiniteScroll hasMore={query.hasNextPage} loadMore={loadMore}>
          {(hasMore) =>
            hasMore ? (
              <Button size="small" fill="none" color="primary" loading={query.isFetchingNextPage} onClick={loadMore}>
                {t('common.loadMore')}
              </Button>
            ) : (
              <span className="muted">{t('common.noMore')}</span>
            )
          }
        </InfiniteScroll>
      )}
    </PullToRefresh>
  );
}
