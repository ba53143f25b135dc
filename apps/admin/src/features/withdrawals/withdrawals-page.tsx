import type { PayoutAccount, ReviewStatus } from '@c2c/shared';
import { Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ReviewFilters, type StatusFilter } from '../../components/review-filters';
import { ReviewStatusTag } from '../../components/review-status-tag';
import { formatDecimal, formatTime } from '../../lib/format';
import { WithdrawalDrawer } from './withdrawal-drawer';
import { type AdminWithdrawal, useWithdrawals } from './withdrawals-api';

export function WithdrawalsPage({ canReview }: { canReview: boolean }) {
  const [status, setStatus] = useState<StatusFilter>('auditing');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useWithdrawals({ page, pageSize, status, keyword });
  const [selected, setSelected] = useState<AdminWithdrawal | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const open = (withdrawal: AdminWithdrawal) => {
    setSelected(withdrawal);
    setDrawerOpen(true);
  };

  const columns: TableColumnsType<AdminWithdrawal> = [
    { title: 'Time', dataIndex: 'created_at', width: 165, render: (at: string) => formatTime(at) },
    { title: 'User e-mail', dataIndex: 'user_email', ellipsis: { showTitle: true } },
    {
      title: 'Pay out to',
      dataIndex: 'payout',
      width: 200,
      ellipsis: { showTitle: true },
      render: (payout: PayoutAccount) => payout.label,
    },
    {
      title: 'Amount (USDT)',
      dataIndex: 'amount',
      width: 125,
      align: 'right',
      render: (amount: string) => <Typography.Text strong>{formatDecimal(amount)}</Typography.Text>,
    },
    { title: 'Status', dataIndex: 'status', width: 100, render: (s: ReviewStatus) => <ReviewStatusTag status={s} /> },
    {
      title: 'Reviewer',
      dataIndex: 'reviewed_by',
      width: 140,
      ellipsis: { showTitle: true },
      render: (by: string | null) => by ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
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
            setPage(1);
          }}
          onSearch={(next) => {
            setKeyword(next);
            setPage(1);
          }}
          onRefresh={() => list.refetch()}
          refreshing={list.isFetching && !list.isPending}
        />
      </Card>
      <Card>
        <Table<AdminWithdrawal>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          locale={{ emptyText: emptyText(status, keyword) }}
          pagination={{
            current: page,
            pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100],
            showTotal: (total) => (total === 1 ? '1 withdrawal' : `${total} withdrawals`),
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
          scroll={{ x: 960 }}
        />
      </Card>
      <WithdrawalDrawer
        withdrawal={selected}
        open={drawerOpen}
        canReview={canReview}
        onClose={() => setDrawerOpen(false)}
        afterClose={() => setSelected(null)}
      />
    </Flex>
  );
}

function emptyText(status: StatusFilter, keyword: string): string {
  const which = status === 'all' ? 'withdrawals' : `${status} withdrawals`;
  return keyword ? `No ${which} for “${keyword}”` : status === 'auditing' ? 'No withdrawals waiting for review' : `No ${which}`;
}
