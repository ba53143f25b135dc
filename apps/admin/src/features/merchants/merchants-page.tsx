import type { PayoutType } from '@c2c/shared';
import { type TableColumnsType, Tag, Typography } from 'antd';
import { ActiveTag } from '../../components/active-toggle';
import { CataloguePage } from '../../components/catalogue-page';
import { formatDecimal } from '../../lib/format';
import { MerchantFormModal } from './merchant-form-modal';
import { type AdminMerchant, useMerchants, useUpdateMerchant } from './merchants-api';

const METHOD_TAGS: Record<PayoutType, { color: string; label: string }> = {
  bank: { color: 'blue', label: 'Bank' },
  wise: { color: 'green', label: 'Wise' },
};

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
  { title: 'Status', dataIndex: 'active', width: 90, render: (active: boolean) => <ActiveTag active={active} /> },
];

/** Merchants' buy offers: what customers can sell to, with the offer's last 30 days. */
export function MerchantsPage({ canEdit }: { canEdit: boolean }) {
  return (
    <CataloguePage<AdminMerchant>
      title="Merchants"
      addText="Add offer"
      intro={
        <>
          Customers sell USDT to these offers at the unit price and are paid by the merchant to their bank or Wise account. The
          quantity is what the merchant still buys; an inactive offer is hidden from customers.
        </>
      }
      emptyText="No merchant offers yet: customers have nobody to sell to"
      canEdit={canEdit}
      columns={columns}
      actionWidth={160}
      useList={useMerchants}
      useUpdate={useUpdateMerchant}
      itemLabel={(row) => row.name}
      toggleTexts={{
        title: (verb, row) => `${verb} the offer of ${row.name}?`,
        description: (next) =>
          next ? 'Customers will be able to sell to it again.' : 'Customers will no longer see it; open sales stay.',
        done: (next, row) => `Offer of ${row.name} ${next ? 'activated' : 'deactivated'}`,
      }}
      FormModal={MerchantFormModal}
    />
  );
}
