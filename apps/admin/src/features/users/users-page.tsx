import { USER_STATUSES, type UserStatus } from '@c2c/shared';
import { Card, Flex, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SizedTable, usePager } from '../../components/paged-table';
import { formatDecimal, formatTime } from '../../lib/format';
import { UserDrawer } from './user-drawer';
import { type AdminUserRow, useUsers } from './users-api';

const STATUS_COLORS: Record<UserStatus, string> = { active: 'green', frozen: 'red', closed: 'default' };
const STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', frozen: 'Frozen', closed: 'Closed' };

export function UserStatusTag({ status }: { status: UserStatus }) {
  return <Tag color={STATUS_COLORS[status]}>{STATUS_LABELS[status]}</Tag>;
}

const COLUMNS: TableColumnsType<AdminUserRow> = [
  { title: 'ID', dataIndex: 'id', width: 80 },
  { title: 'Email', dataIndex: 'email', ellipsis: { showTitle: true } },
  { title: 'Nickname', dataIndex: 'nickname', width: 140, ellipsis: { showTitle: true } },
  { title: 'Invite code', dataIndex: 'invite_code', width: 120 },
  {
    title: 'Invited by',
    key: 'inviter',
    width: 200,
    ellipsis: { showTitle: true },
    render: (_, u) => u.inviter_email ?? (u.house_code ? `House code ${u.house_code}` : '—'),
  },
  { title: 'VIP', dataIndex: 'vip_level', width: 60 },
  { title: 'Status', dataIndex: 'status', width: 100, render: (s: UserStatus) => <UserStatusTag status={s} /> },
  {
    title: 'Balance (USDT)',
    dataIndex: 'balance_total',
    width: 140,
    align: 'right',
    render: (v: string) => <Typography.Text strong>{formatDecimal(v)}</Typography.Text>,
  },
  { title: 'Signed up', dataIndex: 'created_at', width: 165, render: (at: string) => formatTime(at) },
];

/** The console's customers: searchable by e-mail or invitation code; a row opens the customer. */
export function UsersPage({ canFreeze, isOwner }: { canFreeze: boolean; isOwner: boolean }) {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<UserStatus | 'all'>('all');
  const pager = usePager();
  const list = useUsers({ page: pager.page, pageSize: pager.pageSize, keyword, status });
  const [selected, setSelected] = useState<number | null>(null);

  return (
    <Card
      title="Customers"
      extra={
        <Flex gap={8}>
          <Input.Search
            allowClear
            placeholder="E-mail or invitation code"
            aria-label="Search customers"
            style={{ width: 280 }}
            onSearch={(v) => {
              setKeyword(v);
              pager.setPage(1);
            }}
          />
          <Select<UserStatus | 'all'>
            aria-label="Status"
            value={status}
            style={{ width: 130 }}
            onChange={(v) => {
              setStatus(v);
              pager.setPage(1);
            }}
            options={[{ value: 'all', label: 'All' }, ...USER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
          />
        </Flex>
      }
    >
      <SizedTable<AdminUserRow>
        columns={COLUMNS}
        list={list}
        pager={pager}
        emptyText={keyword ? 'No customer matches this search' : 'No customers yet'}
        onRow={(u) => ({ onClick: () => setSelected(u.id), style: { cursor: 'pointer' } })}
      />
      {selected !== null && (
        <UserDrawer id={selected} canFreeze={canFreeze} isOwner={isOwner} onClose={() => setSelected(null)} />
      )}
    </Card>
  );
}
