import { withdrawApproveRequest } from '@c2c/shared';
import { Typography } from 'antd';
import { ReviewActions, ReviewDrawer, type ReviewDrawerProps } from '../../components/review-drawer';
import { fieldRule } from '../../lib/field-rule';
import { formatUsdt } from '../../lib/format';
import { PayoutDetails } from './payout-details';
import { type AdminWithdrawal, useApproveWithdrawal, useRejectWithdrawal } from './withdrawals-api';

export function WithdrawalDrawer(props: ReviewDrawerProps<AdminWithdrawal>) {
  return (
    <ReviewDrawer
      {...props}
      title="Withdrawal"
      size={600}
      submittedLabel="Requested"
      outcome={(withdrawal) =>
        withdrawal.status === 'completed'
          ? [
              {
                key: 'reference',
                label: 'Payout reference',
                children: <Typography.Text copyable>{withdrawal.reference}</Typography.Text>,
              },
            ]
          : []
      }
      more={(withdrawal) => <PayoutDetails payout={withdrawal.payout} />}
      actions={(withdrawal, onDone) => <WithdrawalActions withdrawal={withdrawal} onDone={onDone} />}
    />
  );
}

function WithdrawalActions({ withdrawal, onDone }: { withdrawal: AdminWithdrawal; onDone: () => void }) {
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const amount = formatUsdt(withdrawal.amount);
  const to = withdrawal.payout.full_name || withdrawal.user_email;
  return (
    <ReviewActions
      onDone={onDone}
      approve={{
        prompt: {
          title: `Paid ${amount} to ${to}?`,
          summary: (
            <Typography.Paragraph style={{ margin: 0 }}>
              Confirm only after the transfer has left the bank or Wise. Withdrawal #{withdrawal.id} of {withdrawal.user_email}{' '}
              becomes <strong>completed</strong> and the frozen amount leaves the platform.
            </Typography.Paragraph>
          ),
          label: 'Payout reference',
          rule: fieldRule(withdrawApproveRequest.shape.reference),
          maxLength: 100,
        },
        run: (reference: string) => approve.mutateAsync({ id: withdrawal.id, reference }),
        done: `Withdrawal #${withdrawal.id} marked as paid out`,
      }}
      reject={{
        title: `Reject withdrawal #${withdrawal.id}?`,
        summary: `${amount} goes back to the available balance of ${withdrawal.user_email}. The user sees the reason.`,
        run: (reason) => reject.mutateAsync({ id: withdrawal.id, reason }),
        done: `Withdrawal #${withdrawal.id} rejected: ${amount} returned to the user`,
      }}
    />
  );
}
