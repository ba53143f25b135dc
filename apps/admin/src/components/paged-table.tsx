import { Table, type TableColumnsType } from 'antd';

export const PAGE_SIZE = 20;

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
