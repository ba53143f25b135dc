import type { PayoutAccount } from '@c2c/shared';
import type { TableColumnsType } from 'antd';
import { ReviewQueue, reviewColumns } from '../../components/review-queue';
import { WithdrawalDrawer } from './withdrawal-drawer';
import { type AdminWithdrawal, useWithdrawals } from './withdrawals-api';

const column = reviewColumns<AdminWithdrawal>();
const COLUMNS: TableColumnsType<AdminWithdrawal> = [
  column.time,
  column.user,
  {
    title: 'Pay out to',
    dataIndex: 'payout',
    width: 200,
    ellipsis: { showTitle: true },
    render: (payout: PayoutAccount) => payout.label,
  },
  column.amount,
  column.status,
  column.reviewer,
];

export function WithdrawalsPage({ canReview }: { canReview: boolean }) {
  return (
    <ReviewQueue canReview={canReview} noun="withdrawal" columns={COLUMNS} useList={useWithdrawals} drawer={WithdrawalDrawer} />
  );
}
