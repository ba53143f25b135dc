import { rejectRequest, withdrawApproveRequest } from '@c2c/shared';
import { App, Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useState } from 'react';
import { PromptModal } from '../../components/prompt-modal';
import { ReviewStatusTag } from '../../components/review-status-tag';
import { isStateConflict } from '../../lib/api';
import { fieldRule } from '../../lib/field-rule';
import { formatTime, formatUsdt } from '../../lib/format';
import { PayoutDetails } from './payout-details';
import { type AdminWithdrawal, useApproveWithdrawal, useRejectWithdrawal } from './withdrawals-api';

export function WithdrawalDrawer({
  withdrawal,
  open,
  canReview,
  onClose,
  afterClose,
}: {
  withdrawal: AdminWithdrawal | null;
  open: boolean;
  canReview: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const actionable = canReview && withdrawal?.status === 'auditing';
  return (
    <Drawer
      open={open}
      title={withdrawal ? `Withdrawal #${withdrawal.id}` : 'Withdrawal'}
      size={600}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen) afterClose();
      }}
      destroyOnHidden
      footer={withdrawal && actionable ? <ReviewActions withdrawal={withdrawal} onDone={onClose} /> : null}
    >
      {withdrawal && (
        <Flex vertical gap={24}>
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 170 } }}
            items={[
              { key: 'user', label: 'User', children: `${withdrawal.user_email} (#${withdrawal.user_id})` },
              {
                key: 'amount',
                label: 'Amount',
                children: (
                  <Typography.Text strong style={{ fontSize: 16 }}>
                    {formatUsdt(withdrawal.amount)}
                  </Typography.Text>
                ),
              },
              { key: 'created', label: 'Requested', children: formatTime(withdrawal.created_at) },
              { key: 'status', label: 'Status', children: <ReviewStatusTag status={withdrawal.status} /> },
              ...(withdrawal.status === 'auditing'
                ? []
                : [
                    { key: 'reviewer', label: 'Reviewed by', children: withdrawal.reviewed_by ?? '—' },
                    { key: 'reviewed', label: 'Reviewed', children: formatTime(withdrawal.reviewed_at) },
                  ]),
              ...(withdrawal.status === 'completed'
                ? [
                    {
                      key: 'reference',
                      label: 'Payout reference',
                      children: <Typography.Text copyable>{withdrawal.reference}</Typography.Text>,
                    },
                  ]
                : []),
              ...(withdrawal.status === 'rejected'
                ? [{ key: 'reason', label: 'Reason', children: withdrawal.reason || '—' }]
                : []),
            ]}
          />
          <PayoutDetails payout={withdrawal.payout} />
        </Flex>
      )}
    </Drawer>
  );
}

function ReviewActions({ withdrawal, onDone }: { withdrawal: AdminWithdrawal; onDone: () => void }) {
  const { message } = App.useApp();
  const approve = useApproveWithdrawal();
  const reject = useRejectWithdrawal();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const amount = formatUsdt(withdrawal.amount);
  const to = withdrawal.payout.full_name || withdrawal.user_email;

  // A refused decision stays open for another try, unless someone else already handled the item.
  const finish = (decision: Promise<unknown>, done: string) =>
    decision.then(
      () => {
        message.success(done);
        setAsking(null);
        onDone();
      },
      (error: unknown) => {
        if (!isStateConflict(error)) throw error;
        setAsking(null);
        onDone();
      },
    );
  const submitApprove = (reference: string) =>
    finish(approve.mutateAsync({ id: withdrawal.id, reference }), `Withdrawal #${withdrawal.id} marked as paid out`);
  const submitReject = (reason: string) =>
    finish(
      reject.mutateAsync({ id: withdrawal.id, reason }),
      `Withdrawal #${withdrawal.id} rejected: ${amount} returned to the user`,
    );

  return (
    <Flex justify="flex-end" gap={8}>
      <Button danger onClick={() => setAsking('reject')}>
        Reject
      </Button>
      <Button type="primary" onClick={() => setAsking('approve')}>
        Approve
      </Button>
      <PromptModal
        open={asking === 'approve'}
        title={`Paid ${amount} to ${to}?`}
        summary={
          <Typography.Paragraph style={{ margin: 0 }}>
            Confirm only after the transfer has left the bank or Wise. Withdrawal #{withdrawal.id} of {withdrawal.user_email}{' '}
            becomes <strong>completed</strong> and the frozen amount leaves the platform.
          </Typography.Paragraph>
        }
        label="Payout reference"
        rule={fieldRule(withdrawApproveRequest.shape.reference)}
        maxLength={100}
        onCancel={() => setAsking(null)}
        onSubmit={submitApprove}
      />
      <PromptModal
        open={asking === 'reject'}
        title={`Reject withdrawal #${withdrawal.id}?`}
        summary={`${amount} goes back to the available balance of ${withdrawal.user_email}. The user sees the reason.`}
        label="Reason"
        rule={fieldRule(rejectRequest.shape.reason)}
        maxLength={200}
        multiline
        danger
        onCancel={() => setAsking(null)}
        onSubmit={submitReject}
      />
    </Flex>
  );
}
