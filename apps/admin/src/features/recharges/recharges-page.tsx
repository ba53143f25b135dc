import type { ReviewStatus } from '@c2c/shared';
import { Button, Card, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { ReviewFilters, type StatusFilter } from '../../components/review-filters';
import { ReviewStatusTag } from '../../components/review-status-tag';
import { formatDecimal, formatTime } from '../../lib/format';
import { RechargeDrawer } from './recharge-drawer';
import { type AdminRecharge, useRecharges } from './recharges-api';

const HASH_SHOWN = 8;

export function RechargesPage({ canReview }: { canReview: boolean }) {
  const [status, setStatus] = useState<StatusFilter>('auditing');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const list = useRecharges({ page, pageSize, status, keyword });
  const [selected, setSelected] = useState<AdminRecharge | null>(null);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const open = (recharge: AdminRecharge) => {
    setSelected(recharge);
    setDrawerOpen(true);
  };

  const columns: TableColumnsType<AdminRecharge> = [
    { title: 'Time', dataIndex: 'created_at', width: 165, render: (at: string) => formatTime(at) },
    { title: 'User e-mail', dataIndex: 'user_email', ellipsis: { showTitle: true } },
    { title: 'Network', dataIndex: 'type', width: 90 },
    {
      title: 'Amount (USDT)',
      dataIndex: 'amount',
      width: 125,
      align: 'right',
      render: (amount: string) => <Typography.Text strong>{formatDecimal(amount)}</Typography.Text>,
    },
    {
      title: 'Tx hash',
      dataIndex: 'tx_hash',
      width: 130,
      render: (hash: string) =>
        hash ? (
          <Typography.Text code copyable={{ text: hash, tooltips: ['Copy tx hash', 'Copied'] }} title={hash}>
            {hash.length > HASH_SHOWN ? `${hash.slice(0, HASH_SHOWN)}…` : hash}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
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
        <Table<AdminRecharge>
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
            showTotal: (total) => (total === 1 ? '1 recharge' : `${total} recharges`),
            onChange: (nextPage, nextSize) => {
              setPage(nextSize === pageSize ? nextPage : 1);
              setPageSize(nextSize);
            },
          }}
          scroll={{ x: 960 }}
        />
      </Card>
      <RechargeDrawer
        recharge={selected}
        open={drawerOpen}
        canReview={canReview}
        onClose={() => setDrawerOpen(false)}
        afterClose={() => setSelected(null)}
      />
    </Flex>
  );
}

function emptyText(status: StatusFilter, keyword: string): string {
  const which = status === 'all' ? 'recharges' : `${status} recharges`;
  return keyword ? `No ${which} for “${keyword}”` : status === 'auditing' ? 'No recharges waiting for review' : `No ${which}`;
}
