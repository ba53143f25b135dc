import { App, Button, Card, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatDecimal } from '../../lib/format';
import { InterestProductFormModal } from './interest-product-form-modal';
import { type AdminInterestProduct, useInterestProducts, useUpdateInterestProduct } from './interest-products-api';

const PAGE_SIZE = 20;

/** Interest products (the customers' interest wallet): rate, term, limits and the quota with what was sold of it. */
export function InterestProductsPage({ canEdit }: { canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const products = useInterestProducts(page, PAGE_SIZE);
  const [form, setForm] = useState<{ open: boolean; editing: AdminInterestProduct | null }>({ open: false, editing: null });

  const columns: TableColumnsType<AdminInterestProduct> = [
    { title: 'Name', dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
    { title: 'Daily rate', dataIndex: 'rate', width: 100, align: 'right', render: (rate: string) => `${rate} %` },
    { title: 'Days', dataIndex: 'days', width: 70, align: 'right' },
    { title: 'Min (USDT)', dataIndex: 'min', width: 110, align: 'right', render: (v: string) => formatDecimal(v) },
    { title: 'Max (USDT)', dataIndex: 'max', width: 110, align: 'right', render: (v: string) => formatDecimal(v) },
    { title: 'Quota (USDT)', dataIndex: 'quota', width: 120, align: 'right', render: (v: string) => formatDecimal(v) },
    { title: 'Sold (USDT)', dataIndex: 'sold', width: 120, align: 'right', render: (v: string) => formatDecimal(v) },
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
      width: 170,
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
      title="Interest products"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
            Add product
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Customers lock USDT in these products for their days and get principal + interest (amount × daily rate × days, rounded
        down to the micro-unit) back at expiry, paid from the platform's interest expense. The quota caps the principal of all
        orders ever made (active and settled); an inactive product takes no new orders, running orders keep their rate and days.
      </Typography.Paragraph>
      <Table<AdminInterestProduct>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={products.data?.list ?? []}
        loading={products.isFetching}
        locale={{ emptyText: 'No interest products yet' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: products.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {canEdit && (
        <InterestProductFormModal
          key={form.editing?.id ?? 'new'}
          open={form.open}
          editing={form.editing}
          onClose={() => setForm((current) => ({ ...current, open: false }))}
        />
      )}
    </Card>
  );
}

function ToggleActive({ row }: { row: AdminInterestProduct }) {
  const toggle = useUpdateInterestProduct();
  const { message } = App.useApp();
  const next = !row.active;
  const verb = next ? 'Activate' : 'Deactivate';
  return (
    <Popconfirm
      title={`${verb} ${row.name}?`}
      description={next ? 'Customers will be able to subscribe again.' : 'No new subscriptions; running orders still settle.'}
      okText="Confirm"
      cancelText="Cancel"
      okButtonProps={{ danger: !next }}
      onConfirm={() =>
        toggle.mutateAsync({ id: row.id, active: next }).then(
          () => {
            message.success(`${row.name} ${next ? 'activated' : 'deactivated'}`);
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
