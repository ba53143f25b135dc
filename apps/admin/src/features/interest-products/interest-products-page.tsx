import type { TableColumnsType } from 'antd';
import { ActiveTag } from '../../components/active-toggle';
import { CataloguePage } from '../../components/catalogue-page';
import { formatDecimal } from '../../lib/format';
import { InterestProductFormModal } from './interest-product-form-modal';
import { type AdminInterestProduct, useInterestProducts, useUpdateInterestProduct } from './interest-products-api';

const columns: TableColumnsType<AdminInterestProduct> = [
  { title: 'Name', dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
  { title: 'Daily rate', dataIndex: 'rate', width: 100, align: 'right', render: (rate: string) => `${rate} %` },
  { title: 'Days', dataIndex: 'days', width: 70, align: 'right' },
  { title: 'Min (USDT)', dataIndex: 'min', width: 110, align: 'right', render: (v: string) => formatDecimal(v) },
  { title: 'Max (USDT)', dataIndex: 'max', width: 110, align: 'right', render: (v: string) => formatDecimal(v) },
  { title: 'Quota (USDT)', dataIndex: 'quota', width: 120, align: 'right', render: (v: string) => formatDecimal(v) },
  { title: 'Sold (USDT)', dataIndex: 'sold', width: 120, align: 'right', render: (v: string) => formatDecimal(v) },
  { title: 'Status', dataIndex: 'active', width: 90, render: (active: boolean) => <ActiveTag active={active} /> },
];

/** Interest products (the customers' interest wallet): rate, term, limits and the quota with what was sold of it. */
export function InterestProductsPage({ canEdit }: { canEdit: boolean }) {
  return (
    <CataloguePage<AdminInterestProduct>
      title="Interest products"
      addText="Add product"
      intro={
        <>
          Customers lock USDT in these products for their days and get principal + interest (amount × daily rate × days, rounded
          down to the micro-unit) back at expiry, paid from the platform's interest expense. The quota caps the principal of all
          orders ever made (active and settled); an inactive product takes no new orders, running orders keep their rate and days.
        </>
      }
      emptyText="No interest products yet"
      canEdit={canEdit}
      columns={columns}
      actionWidth={170}
      useList={useInterestProducts}
      useUpdate={useUpdateInterestProduct}
      itemLabel={(row) => row.name}
      toggleTexts={{
        title: (verb, row) => `${verb} ${row.name}?`,
        description: (next) =>
          next ? 'Customers will be able to subscribe again.' : 'No new subscriptions; running orders still settle.',
        done: (next, row) => `${row.name} ${next ? 'activated' : 'deactivated'}`,
      }}
      FormModal={InterestProductFormModal}
    />
  );
}
