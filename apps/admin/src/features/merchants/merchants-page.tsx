import type { PayoutType } from '@c2c/shared';
import { App, Button, Card, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDecimal } from '../../lib/format';
import { MerchantFormModal } from './merchant-form-modal';
import { type AdminMerchant, useMerchants, useUpdateMerchant } from './merchants-api';

const PAGE_SIZE = 20;
const METHOD_TAGS: Record<PayoutType, { color: string; label: string }> = {
  bank: { color: 'blue', label: 'Bank' },
  wise: { color: 'green', label: 'Wise' },
};

/** Merchants' buy offers: what customers can sell to, with the offer's last 30 days. */
export function MerchantsPage({ canEdit }: { canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const merchants = useMerchants(page, PAGE_SIZE);
  const [form, setForm] = useState<{ open: boolean; editing: AdminMerchant | null }>({ open: false, editing: null });

  const columns: TableColumnsType<AdminMerchant> = [
    {
      title: 'Merchant',
      dataIndex: 'name',
      ellipsis: { showTitle: true },
      render: (name: string) => <strong>{name}</strong>,
    },
    {
      title: 'Unit price',
      dataIndex: 'price',
      width: 110,
      align: 'right',
      render: (price: string, row) => `${price} ${row.currency}`,
    },
    {
      title: 'Quantity (USDT)',
      dataIndex: 'quantity',
      width: 120,
      align: 'right',
      render: (q: string) => formatDecimal(q),
    },
    {
      title: 'Per order (USDT)',
      key: 'limits',
      width: 140,
      render: (_, row) => `${formatDecimal(row.min)} – ${formatDecimal(row.max)}`,
    },
    {
      title: 'Pays to',
      dataIndex: 'methods',
      width: 100,
      render: (methods: PayoutType[]) =>
        methods.map((m) => (
          <Tag key={m} color={METHOD_TAGS[m].color}>
            {METHOD_TAGS[m].label}
          </Tag>
        )),
    },
    { title: 'Orders (30 d)', dataIndex: 'orders_30d', width: 90, align: 'right' },
    {
      title: 'Completion',
      dataIndex: 'completion_rate',
      width: 100,
      align: 'right',
      render: (rate: number | null) => (rate === null ? <Typography.Text type="secondary">—</Typography.Text> : `${rate}%`),
    },
    {
      title: 'Status',
      dataIndex: 'active',
      width: 90,
      render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
  ];
  if (canEdit)
    columns.push({
      title: 'Action',
      key: 'action',
      width: 160,
      render: (_, row) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setForm({ open: true, editing: row })} aria-label={`Edit ${row.name}`}>
            Edit
          </Button>
          <ToggleActive row={row} />
        </Flex>
      ),
    });

  return (
    <Card
      title="Merchants"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
            Add offer
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Customers sell USDT to these offers at the unit price and are paid by the merchant to their bank or Wise account. The
        quantity is what the merchant still buys; an inactive offer is hidden from customers.
      </Typography.Paragraph>
      <Table<AdminMerchant>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={merchants.data?.list ?? []}
        loading={merchants.isFetching}
        locale={{ emptyText: 'No merchant offers yet: customers have nobody to sell to' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: merchants.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {canEdit && (
        <MerchantFormModal
          key={form.editing?.id ?? 'new'}
          open={form.open}
          editing={form.editing}
          onClose={() => setForm((current) => ({ ...current, open: false }))}
        />
      )}
    </Card>
  );
}

function ToggleActive({ row }: { row: AdminMerchant }) {
  const toggle = useUpdateMerchant();
  const { message } = App.useApp();
  const next = !row.active;
  const verb = next ? 'Activate' : 'Deactivate';
  return (
    <Popconfirm
      title={`${verb} the offer of ${row.name}?`}
      description={next ? 'Customers will be able to sell to it again.' : 'Customers will no longer see it; open sales stay.'}
      okText="Confirm"
      cancelText="Cancel"
      okButtonProps={{ danger: !next }}
      onConfirm={() =>
        toggle.mutateAsync({ id: row.id, active: next }).then(
          () => {
            message.success(`Offer of ${row.name} ${next ? 'activated' : 'deactivated'}`);
          },
          () => undefined,
        )
      }
    >
      <Button size="small" danger={!next} loading={toggle.isPending} aria-label={`${verb} ${row.name}`}>
        {verb}
      </Button>
    </Popconfirm>
  );
}
