import { Table, type TableColumnsType, type TablePaginationConfig, type TableProps } from 'antd';
import { useState } from 'react';

const PAGE_SIZE = 20;
/** the page sizes a work queue offers: a long queue is worked through in bigger pages */
export const PAGE_SIZES = [20, 50, 100];
/** the width under which a console table scrolls sideways within its card */
const MIN_WIDTH = 960;

/** A page of a server-paged list as the console's list endpoints answer it. */
export interface PagedList<T> {
  list: T[];
  total: number;
}

/** A list query as a table reads it: the page it holds, and whether one is being fetched. */
interface ListQuery<T> {
  data: PagedList<T> | undefined;
  isFetching: boolean;
}

/**
 * A fixed-size server-paged list: the feature's list hook asked for the page the table shows, and the table props
 * that show it (its rows, the loading state and the pager, hidden while one page holds all).
 */
export function usePagedList<T>(useList: (page: number, pageSize: number) => ListQuery<T>, pageSize = PAGE_SIZE) {
  const [page, setPage] = useState(1);
  const { data, isFetching } = useList(page, pageSize);
  return {
    data,
    table: {
      dataSource: data?.list ?? [],
      loading: isFetching,
      pagination: { current: page, pageSize, total: data?.total ?? 0, hideOnSinglePage: true, onChange: setPage },
    } satisfies TableProps<T>,
  };
}

/** A console table of one page of a server-paged list: rows keyed by id, the pager hidden while one page holds all. */
export function PagedTable<T extends { id: number }>({
  columns,
  list,
  emptyText,
}: {
  columns: TableColumnsType<T>;
  list: ReturnType<typeof usePagedList<T>>;
  emptyText: string;
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      locale={{ emptyText }}
      // narrower than this (a 1024-px window), the table scrolls inside its card instead of pushing the page sideways;
      // an empty one has nothing to scroll to, and a scrolling box with nothing to focus is out of a keyboard's reach
      scroll={list.data?.list.length ? { x: MIN_WIDTH } : undefined}
      {...list.table}
    />
  );
}

/** The page and page size of a server-paged list whose page size the operator picks. */
export function usePager() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  return { page, pageSize, setPage, setPageSize };
}

/**
 * A console table of one page of a server-paged list with a page-size choice: rows keyed by id; a new size goes back
 * to the first page, as the page the operator was on may not exist at that size.
 */
export function SizedTable<T extends { id: number }>({
  list,
  pager,
  emptyText,
  pagination,
  ...table
}: Omit<TableProps<T>, 'rowKey' | 'size' | 'dataSource' | 'loading' | 'locale' | 'pagination'> & {
  list: ListQuery<T>;
  pager: ReturnType<typeof usePager>;
  emptyText: string;
  /** how the pager words the total, and the sizes it offers (antd's own when absent) */
  pagination?: Pick<TablePaginationConfig, 'showTotal' | 'pageSizeOptions'>;
}) {
  const { page, pageSize, setPage, setPageSize } = pager;
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      dataSource={list.data?.list ?? []}
      loading={list.isFetching}
      locale={{ emptyText }}
      pagination={{
        current: page,
        pageSize,
        total: list.data?.total ?? 0,
        showSizeChanger: true,
        ...pagination,
        onChange: (nextPage, nextSize) => {
          setPage(nextSize === pageSize ? nextPage : 1);
          setPageSize(nextSize);
        },
      }}
      {...table}
    />
  );
}
