import { rejectRequest } from '@c2c/shared';
import { App, Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useState } from 'react';
import { PromptModal } from '../../components/prompt-modal';
import { ProtectedImage } from '../../components/protected-image';
import { ReviewStatusTag } from '../../components/review-status-tag';
import { isStateConflict } from '../../lib/api';
import { fieldRule } from '../../lib/field-rule';
import { formatTime, formatUsdt } from '../../lib/format';
import { type AdminRecharge, useApproveRecharge, useRejectRecharge } from './recharges-api';

export function RechargeDrawer({
  recharge,
  open,
  canReview,
  onClose,
  afterClose,
}: {
  recharge: AdminRecharge | null;
  open: boolean;
  canReview: boolean;
  onClose: () => void;
  afterClose: () => void;
}) {
  const actionable = canReview && recharge?.status === 'auditing';
  return (
    <Drawer
      open={open}
      title={recharge ? `Recharge #${recharge.id}` : 'Recharge'}
      size={560}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen) afterClose();
      }}
      destroyOnHidden
      footer={recharge && actionable ? <ReviewActions recharge={recharge} onDone={onClose} /> : null}
    >
      {recharge && <RechargeDetails recharge={recharge} />}
    </Drawer>
  );
}

function RechargeDetails({ recharge }: { recharge: AdminRecharge }) {
  return (
    <Flex vertical gap={24}>
      <Descriptions
        column={1}
        size="small"
        bordered
        styles={{ label: { width: 170 } }}
        items={[
          { key: 'user', label: 'User', children: `${recharge.user_email} (#${recharge.user_id})` },
          {
            key: 'amount',
            label: 'Amount',
            children: (
              <Typography.Text strong style={{ fontSize: 16 }}>
                {formatUsdt(recharge.amount)}
              </Typography.Text>
            ),
          },
          { key: 'network', label: 'Network', children: recharge.type },
          {
            key: 'address',
            label: 'Receiving address',
            children: (
              <Typography.Text code copyable={{ text: recharge.address, tooltips: ['Copy address', 'Copied'] }}>
                {recharge.address}
              </Typography.Text>
            ),
          },
          {
            key: 'hash',
            label: 'Tx hash',
            children: recharge.tx_hash ? (
              <Typography.Text code copyable={{ tooltips: ['Copy tx hash', 'Copied'] }} style={{ wordBreak: 'break-all' }}>
                {recharge.tx_hash}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">Not given</Typography.Text>
            ),
          },
          { key: 'created', label: 'Submitted', children: formatTime(recharge.created_at) },
          { key: 'status', label: 'Status', children: <ReviewStatusTag status={recharge.status} /> },
          ...(recharge.status === 'auditing'
            ? []
            : [
                { key: 'reviewer', label: 'Reviewed by', children: recharge.reviewed_by ?? '—' },
                { key: 'reviewed', label: 'Reviewed', children: formatTime(recharge.reviewed_at) },
              ]),
          ...(recharge.status === 'rejected' ? [{ key: 'reason', label: 'Reason', children: recharge.reason || '—' }] : []),
        ]}
      />
      <div>
        <Typography.Title level={5}>Transfer screenshot</Typography.Title>
        <ProtectedImage path={recharge.image} alt={`Transfer screenshot of recharge #${recharge.id}`} />
      </div>
    </Flex>
  );
}

function ReviewActions({ recharge, onDone }: { recharge: AdminRecharge; onDone: () => void }) {
  const { modal, message } = App.useApp();
  const approve = useApproveRecharge();
  const reject = useRejectRecharge();
  const [rejecting, setRejecting] = useState(false);
  const amount = formatUsdt(recharge.amount);

  const confirmApprove = () =>
    modal.confirm({
      title: `Credit ${amount} to ${recharge.user_email}?`,
      content: `Recharge #${recharge.id} on ${recharge.type}. Check the screenshot and the receiving address first: the amount goes to the user's available balance at once.`,
      okText: 'Confirm',
      cancelText: 'Cancel',
      onOk: () =>
        approve.mutateAsync(recharge.id).then(
          () => {
            message.success(`Recharge #${recharge.id} approved: ${amount} credited`);
            onDone();
          },
          (error: unknown) => {
            // The API client has shown the server's message; an item someone else handled is no longer ours to review.
            if (isStateConflict(error)) onDone();
          },
        ),
    });

  const submitReject = (reason: string) =>
    reject.mutateAsync({ id: recharge.id, reason }).then(
      () => {
        message.success(`Recharge #${recharge.id} rejected`);
        setRejecting(false);
        onDone();
      },
      (error: unknown) => {
        if (!isStateConflict(error)) throw error;
        setRejecting(false);
        onDone();
      },
    );

  return (
    <Flex justify="flex-end" gap={8}>
      <Button danger onClick={() => setRejecting(true)} disabled={approve.isPending}>
        Reject
      </Button>
      <Button type="primary" onClick={confirmApprove} loading={approve.isPending}>
        Approve
      </Button>
      <PromptModal
        open={rejecting}
        title={`Reject recharge #${recharge.id}?`}
        summary={`${amount} from ${recharge.user_email} will not be credited. The user sees the reason.`}
        label="Reason"
        rule={fieldRule(rejectRequest.shape.reason)}
        maxLength={200}
        multiline
        danger
        onCancel={() => setRejecting(false)}
        onSubmit={submitReject}
      />
    </Flex>
  );
}
