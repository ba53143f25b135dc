import { Table, type TableColumnsType } from 'antd';

export const PAGE_SIZE = 20;
/** the width under which a console table scrolls sideways within its card */
const MIN_WIDTH = 960;

/** A page of a server-paged list as the console's list endpoints answer it. */
export interface PagedList<T> {
  list: T[];
  total: number;
}

/** A console table of one page of a server-paged list: rows keyed by id, the pager hidden while one page holds all. */
export function PagedTable<T extends { id: number }>({
  columns,
  data,
  loading,
  emptyText,
  page,
  onPageChange,
}: {
  columns: TableColumnsType<T>;
  data: PagedList<T> | undefined;
  loading: boolean;
  emptyText: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={data?.list ?? []}
      loading={loading}
      locale={{ emptyText }}
      // narrower than this (a 1024-px window), the table scrolls inside its card instead of pushing the page sideways;
      // an empty one has nothing to scroll to, and a scrolling box with nothing to focus is out of a keyboard's reach
      scroll={data?.list.length ? { x: MIN_WIDTH } : undefined}
      pagination={{
        current: page,
        pageSize: PAGE_SIZE,
        total: data?.total ?? 0,
        hideOnSinglePage: true,
        onChange: onPageChange,
      }}
    />
  );
}
