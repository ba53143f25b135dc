import { TRADE_STATUSES, type TradeStatus } from '@c2c/shared';
import { Button, Card, Flex, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PAGE_SIZES, SizedTable, usePager } from '../../components/paged-table';
import { formatDecimal, formatTime } from '../../lib/format';
import { type AdminTrade, useTrades } from './disputes-api';
import { TradeDrawer } from './trade-drawer';

const TRADE_STATUS_LABELS: Record<TradeStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  paid: 'Paid',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
  disputed: 'Disputed',
};
const TRADE_STATUS_COLORS: Record<TradeStatus, string> = {
  awaiting_payment: 'gold',
  paid: 'blue',
  completed: 'green',
  cancelled: 'default',
  expired: 'default',
  disputed: 'red',
};

export function TradeStatusTag({ status }: { status: TradeStatus }) {
  return <Tag color={TRADE_STATUS_COLORS[status]}>{TRADE_STATUS_LABELS[status]}</Tag>;
}

const COLUMNS: TableColumnsType<AdminTrade> = [
  { title: 'Time', dataIndex: 'created_at', width: 165, render: (at: string) => formatTime(at) },
  { title: 'Order', dataIndex: 'order_no', width: 170 },
  { title: 'Buyer', dataIndex: 'buyer_email', ellipsis: { showTitle: true } },
  { title: 'Seller', dataIndex: 'seller_email', ellipsis: { showTitle: true } },
  {
    title: 'Amount (USDT)',
    dataIndex: 'quantity',
    width: 125,
    align: 'right',
    render: (amount: string) => <Typography.Text strong>{formatDecimal(amount)}</Typography.Text>,
  },
  {
    title: 'Fiat',
    key: 'fiat',
    width: 130,
    align: 'right',
    render: (_, trade) => `${formatDecimal(trade.fiat_amount)} ${trade.currency}`,
  },
  { title: 'Status', dataIndex: 'status', width: 140, render: (s: TradeStatus) => <TradeStatusTag status={s} /> },
];

/** The disputes queue: trades between customers, disputed ones first by default, searchable by either e-mail. */
export function DisputesPage({ canResolve }: { canResolve: boolean }) {
  const [status, setStatus] = useState<TradeStatus | 'all'>('disputed');
  const [keyword, setKeyword] = useState('');
  const pager = usePager();
  const list = useTrades({ page: pager.page, pageSize: pager.pageSize, status, keyword });
  const [selected, setSelected] = useState<number | null>(null);

  const columns: TableColumnsType<AdminTrade> = [
    ...COLUMNS,
    {
      title: 'Action',
      key: 'action',
      width: 90,
      fixed: 'right',
      render: (_, row) => (
        <Button
          size="small"
          type={canResolve && row.status === 'disputed' ? 'primary' : 'default'}
          onClick={() => setSelected(row.id)}
        >
          {canResolve && row.status === 'disputed' ? 'Decide' : 'View'}
        </Button>
      ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Card>
        <Flex gap={12} wrap>
          <Select<TradeStatus | 'all'>
            aria-label="Status"
            value={status}
            style={{ width: 190 }}
            onChange={(next) => {
              setStatus(next);
              pager.setPage(1);
            }}
            options={[
              ...TRADE_STATUSES.map((s) => ({ value: s, label: TRADE_STATUS_LABELS[s] })),
              { value: 'all' as const, label: 'All statuses' },
            ]}
          />
          <Input.Search
            allowClear
            placeholder="Buyer or seller e-mail"
            style={{ width: 280 }}
            onSearch={(next) => {
              setKeyword(next.trim());
              pager.setPage(1);
            }}
          />
          <Button onClick={() => list.refetch()} loading={list.isFetching && !list.isPending}>
            Refresh
          </Button>
        </Flex>
      </Card>
      <Card>
        <SizedTable<AdminTrade>
          columns={columns}
          list={list}
          pager={pager}
          emptyText={
            keyword ? `No trades for “${keyword}”` : status === 'disputed' ? 'No disputes waiting for a decision' : 'No trades'
          }
          pagination={{ pageSizeOptions: PAGE_SIZES, showTotal: (total) => (total === 1 ? '1 trade' : `${total} trades`) }}
          scroll={{ x: 1000 }}
        />
      </Card>
      <TradeDrawer id={selected} canResolve={canResolve} onClose={() => setSelected(null)} />
    </Flex>
  );
}
