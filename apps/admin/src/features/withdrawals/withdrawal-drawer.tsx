import { type PayoutAccount, withdrawApproveRequest } from '@c2c/shared';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { PayoutDetails } from '../../components/payout-details';
import { ReviewActions, ReviewDrawer, type ReviewDrawerProps } from '../../components/review-drawer';
import { fieldRule } from '../../lib/field-rule';
import { formatUsdt } from '../../lib/format';
import { type AdminWithdrawal, useApproveWithdrawal, useRejectWithdrawal, useRevealPayout } from './withdrawals-api';

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
      more={(withdrawal) => <Payout key={withdrawal.id} withdrawal={withdrawal} canReveal={props.canReview} />}
      actions={(withdrawal, onDone) => <WithdrawalActions withdrawal={withdrawal} onDone={onDone} />}
    />
  );
}

/**
 * The payout account, masked as the queue lists it. Owner and finance reveal it in full with one click, for this
 * withdrawal only; the reveal is audited, which the button says.
 */
function Payout({ withdrawal, canReveal }: { withdrawal: AdminWithdrawal; canReveal: boolean }) {
  const reveal = useRevealPayout();
  const [full, setFull] = useState<PayoutAccount | null>(null);
  if (full) return <PayoutDetails payout={full} />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PayoutDetails
        payout={withdrawal.payout}
        masked
        extra={
          canReveal ? (
            <Button
              loading={reveal.isPending}
              onClick={() =>
                reveal.mutateAsync(withdrawal.id).then(
                  (answer) => setFull(answer.payout),
                  () => undefined,
                )
              }
            >
              Reveal full details
            </Button>
          ) : null
        }
      />
      <Typography.Text type="secondary">
        {canReveal
          ? 'IBAN, phone, e-mail and address are masked. Revealing them is recorded in the audit log under your name.'
          : 'IBAN, phone, e-mail and address are masked. Owners and finance operators reveal them to pay out.'}
      </Typography.Text>
    </Space>
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
