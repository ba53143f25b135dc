import { withdrawApproveRequest } from '@c2c/shared';
import { Space, Typography } from 'antd';
import { PayoutDetails } from '../../components/payout-details';
import { ReviewActions, ReviewDrawer, type ReviewDrawerProps } from '../../components/review-drawer';
import { fieldRule } from '../../lib/field-rule';
import { formatDecimal, formatUsdt } from '../../lib/format';
import { type AdminMerchantSale, useApproveSale, useRejectSale } from './merchant-sales-api';

const fiat = (sale: AdminMerchantSale) => `${formatDecimal(sale.fiat_amount)} ${sale.currency}`;

export function MerchantSaleDrawer(props: ReviewDrawerProps<AdminMerchantSale>) {
  return (
    <ReviewDrawer
      {...props}
      title="Sale to a merchant"
      size={600}
      submittedLabel="Sold"
      facts={(sale) => [
        { key: 'order', label: 'Order number', children: <Typography.Text copyable>{sale.order_no}</Typography.Text> },
        { key: 'merchant', label: 'Merchant', children: `${sale.merchant_name} (#${sale.merchant_id})` },
        { key: 'price', label: 'Unit price', children: `${sale.price} ${sale.currency} per USDT` },
        {
          key: 'fiat',
          label: 'Merchant pays',
          children: (
            <Typography.Text strong style={{ fontSize: 16 }}>
              {fiat(sale)}
            </Typography.Text>
          ),
        },
      ]}
      outcome={(sale) =>
        sale.status === 'completed'
          ? [
              {
                key: 'reference',
                label: 'Payment reference',
                children: <Typography.Text copyable>{sale.reference}</Typography.Text>,
              },
            ]
          : []
      }
      more={(sale) => (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <PayoutDetails payout={sale.payout} masked />
          <Typography.Text type="secondary">
            The merchant pays the customer directly; check its payment to this account before approving.
          </Typography.Text>
        </Space>
      )}
      actions={(sale, onDone) => <SaleActions sale={sale} onDone={onDone} />}
    />
  );
}

function SaleActions({ sale, onDone }: { sale: AdminMerchantSale; onDone: () => void }) {
  const approve = useApproveSale();
  const reject = useRejectSale();
  const amount = formatUsdt(sale.quantity);
  const to = sale.payout.full_name || sale.user_email;
  return (
    <ReviewActions
      onDone={onDone}
      approve={{
        prompt: {
          title: `${sale.merchant_name} paid ${fiat(sale)} to ${to}?`,
          summary: (
            <Typography.Paragraph style={{ margin: 0 }}>
              Confirm only after the merchant's payment has arrived. Sale {sale.order_no} of {sale.user_email} becomes{' '}
              <strong>completed</strong> and the frozen {amount} goes to the merchant.
            </Typography.Paragraph>
          ),
          label: 'Payment reference',
          rule: fieldRule(withdrawApproveRequest.shape.reference),
          maxLength: 100,
        },
        run: (reference: string) => approve.mutateAsync({ id: sale.id, reference }),
        done: `Sale ${sale.order_no} marked as paid`,
      }}
      reject={{
        title: `Reject sale ${sale.order_no}?`,
        summary: `${amount} goes back to the available balance of ${sale.user_email} and to the merchant's offer. The user sees the reason.`,
        run: (reason) => reject.mutateAsync({ id: sale.id, reason }),
        done: `Sale ${sale.order_no} rejected: ${amount} returned to the user`,
      }}
    />
  );
}
