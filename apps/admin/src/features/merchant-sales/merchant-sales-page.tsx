import type { TableColumnsType } from 'antd';
import { Typography } from 'antd';
import { ReviewQueue, reviewColumns } from '../../components/review-queue';
import { formatDecimal } from '../../lib/format';
import { MerchantSaleDrawer } from './merchant-sale-drawer';
import { type AdminMerchantSale, useMerchantSales } from './merchant-sales-api';

const column = reviewColumns<AdminMerchantSale>();
const COLUMNS: TableColumnsType<AdminMerchantSale> = [
  column.time,
  column.user,
  { title: 'Merchant', dataIndex: 'merchant_name', width: 150, ellipsis: { showTitle: true } },
  column.amount,
  {
    title: 'Merchant pays',
    key: 'fiat',
    width: 140,
    align: 'right',
    render: (_, sale) => (
      <Typography.Text>
        {formatDecimal(sale.fiat_amount)} {sale.currency}
      </Typography.Text>
    ),
  },
  {
    title: 'Pay out to',
    key: 'payout',
    width: 180,
    ellipsis: { showTitle: true },
    render: (_, sale) => sale.payout.label,
  },
  column.status,
  column.reviewer,
];

/** Customers' sales to merchants waiting for the merchant's payment to be confirmed, like the withdrawals queue. */
export function MerchantSalesPage({ canReview }: { canReview: boolean }) {
  return (
    <ReviewQueue canReview={canReview} noun="sale" columns={COLUMNS} useList={useMerchantSales} drawer={MerchantSaleDrawer} />
  );
}
