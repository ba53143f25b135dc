import type { Page } from '@c2c/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Flex, type TableColumnsType, Typography } from 'antd';
import { type ComponentType, useState } from 'react';
import { formatDecimal, formatTime } from '../lib/format';
import { PAGE_SIZES, SizedTable, usePager } from './paged-table';
import type { ReviewDrawerProps, ReviewItem } from './review-drawer';
import { ReviewFilters, type StatusFilter } from './review-filters';
import { ReviewStatusTag } from './review-status-tag';

export interface ReviewQuery {
  page: number;
  pageSize: number;
  status: StatusFilter;
  keyword: string;
}

/** The columns every review queue shows, for a kind to place around its own. */
export function reviewColumns<T extends ReviewItem>() {
  return {
    time: { title: 'Time', dataIndex: 'created_at', width: 165, render: (at: string) => formatTime(at) },
    user: { title: 'User e-mail', dataIndex: 'user_email', ellipsis: { showTitle: true } },
    amount: {
      title: 'Amount (USDT)',
      dataIndex: 'amount',
      width: 125,
      align: 'right',
      render: (amount: string) => <Typography.Text strong>{formatDecimal(amount)}</Typography.Text>,
    },
    status: { title: 'Status', dataIndex: 'status', width: 100, render: (s: T['status']) => <ReviewStatusTag status={s} /> },
    reviewer: {
      title: 'Reviewer',
      dataIndex: 'reviewed_by',
      width: 140,
      ellipsis: { showTitle: true },
      render: (by: string | null) => by ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
  } satisfies Record<string, TableColumnsType<T>[number]>;
}

/**
 * A queue of recharges or withdrawals: status and e-mail filters, a paged table with Review (or View) on each row,
 * and the kind's drawer for the row opened. `noun` names one item ("recharge"); `columns` come before the action.
 */
export function ReviewQueue<T extends ReviewItem>({
  canReview,
  noun,
  columns,
  useList,
  drawer: ItemDrawer,
  scrollX = 960,
}: {
  canReview: boolean;
  noun: string;
  columns: TableColumnsType<T>;
  useList: (query: ReviewQuery) => UseQueryResult<Page<T>>;
  drawer: ComponentType<ReviewDrawerProps<T>>;
  /** the table's scroll width: wide enough for the kind's columns and the e-mail */
  scrollX?: number;
}) {
  const [status, setStatus] = useState<StatusFilter>('auditing');
  const [keyword, setKeyword] = useState('');
  const pager = usePager();
  const list = useList({ page: pager.page, pageSize: pager.pageSize, status, keyword });
  const [selected, setSelected] = useState<T | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const open = (item: T) => {
    setSelected(item);
    setDrawerOpen(true);
  };

  const withAction: TableColumnsType<T> = [
    ...columns,
    {
      title: 'Action',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button size="small" type={canReview && row.status === 'auditing' ? 'primary' : 'default'} onClick={() => open(row)}>
          {canReview && row.status === 'auditing' ? 'Review' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        <ReviewFilters
          status={status}
          onStatusChange={(next) => {
            setStatus(next);
            pager.setPage(1);
          }}
          onSearch={(next) => {
            setKeyword(next);
            pager.setPage(1);
          }}
          onRefresh={() => list.refetch()}
          refreshing={list.isFetching && !list.isPending}
        />
      </Card>
      <Card>
        <SizedTable<T>
          columns={withAction}
          list={list}
          pager={pager}
          emptyText={emptyText(noun, status, keyword)}
          pagination={{ pageSizeOptions: PAGE_SIZES, showTotal: (total) => (total === 1 ? `1 ${noun}` : `${total} ${noun}s`) }}
          // an empty queue has nothing to scroll to, and a scrolling box with nothing to focus is out of a keyboard's reach
          scroll={list.data?.list.length ? { x: scrollX } : undefined}
        />
      </Card>
      <ItemDrawer
        item={selected}
        open={drawerOpen}
        canReview={canReview}
        onClose={() => setDrawerOpen(false)}
        afterClose={() => setSelected(null)}
      />
    </Flex>
  );
}

function emptyText(noun: string, status: StatusFilter, keyword: string): string {
  const which = status === 'all' ? `${noun}s` : `${status} ${noun}s`;
  return keyword ? `No ${which} for “${keyword}”` : status === 'auditing' ? `No ${noun}s waiting for review` : `No ${which}`;
}
