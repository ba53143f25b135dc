import { type ReviewStatus, rejectRequest } from '@c2c/shared';
import { App, Button, Descriptions, type DescriptionsProps, Drawer, Flex, type FormRule, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { isStateConflict } from '../lib/api';
import { fieldRule } from '../lib/field-rule';
import { formatTime, formatUsdt } from '../lib/format';
import { PromptModal } from './prompt-modal';
import { ReviewStatusTag } from './review-status-tag';

/** What the recharge and withdrawal queues have in common. */
export interface ReviewItem {
  id: number;
  user_id: number;
  user_email: string;
  amount: string;
  status: ReviewStatus;
  reason: string;
  created_at: string;
  reviewed_at: string | null;
  reviewed_by: string | null;
}

/** How a review queue opens its drawer on a row. */
export interface ReviewDrawerProps<T> {
  item: T | null;
  open: boolean;
  canReview: boolean;
  onClose: () => void;
  afterClose: () => void;
}

type Facts = NonNullable<DescriptionsProps['items']>;

/**
 * One recharge or withdrawal: its facts (user, amount, the kind's own `facts`, when it came in, the review so far,
 * `outcome` of a decision, the rejection reason) and `more` below them; `actions` form the footer while the item
 * waits for a reviewer.
 */
export function ReviewDrawer<T extends ReviewItem>({
  item,
  open,
  canReview,
  onClose,
  afterClose,
  title,
  size,
  submittedLabel,
  facts,
  outcome,
  more,
  actions,
}: ReviewDrawerProps<T> & {
  title: string;
  size: number;
  submittedLabel: string;
  facts?: (item: T) => Facts;
  outcome?: (item: T) => Facts;
  more: (item: T) => ReactNode;
  actions: (item: T, onDone: () => void) => ReactNode;
}) {
  const actionable = canReview && item?.status === 'auditing';
  return (
    <Drawer
      open={open}
      title={item ? `${title} #${item.id}` : title}
      size={size}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (!isOpen) afterClose();
      }}
      destroyOnHidden
      footer={item && actionable ? actions(item, onClose) : null}
    >
      {item && (
        <Flex vertical gap={24}>
          <Descriptions
            column={1}
            size="small"
            bordered
            styles={{ label: { width: 170 } }}
            items={[
              { key: 'user', label: 'User', children: `${item.user_email} (#${item.user_id})` },
              {
                key: 'amount',
                label: 'Amount',
                children: (
                  <Typography.Text strong style={{ fontSize: 16 }}>
                    {formatUsdt(item.amount)}
                  </Typography.Text>
                ),
              },
              ...(facts?.(item) ?? []),
              { key: 'created', label: submittedLabel, children: formatTime(item.created_at) },
              { key: 'status', label: 'Status', children: <ReviewStatusTag status={item.status} /> },
              ...(item.status === 'auditing'
                ? []
                : [
                    { key: 'reviewer', label: 'Reviewed by', children: item.reviewed_by ?? '—' },
                    { key: 'reviewed', label: 'Reviewed', children: formatTime(item.reviewed_at) },
                  ]),
              ...(outcome?.(item) ?? []),
              ...(item.status === 'rejected' ? [{ key: 'reason', label: 'Reason', children: item.reason || '—' }] : []),
            ]}
          />
          {more(item)}
        </Flex>
      )}
    </Drawer>
  );
}

/** A decision: the call that makes it and the message once it is made. */
interface Decision<A> {
  run: (arg: A) => Promise<unknown>;
  done: string;
}

/** Approving asks either a plain yes (`confirm`) or one piece of text such as a payout reference (`prompt`). */
export type ApproveDecision =
  | (Decision<void> & { confirm: { title: string; content: string }; pending: boolean })
  | (Decision<string> & { prompt: { title: string; summary: ReactNode; label: string; rule: FormRule; maxLength: number } });

/**
 * Reject and Approve for an item waiting for review. A refused decision stays open for another try, unless someone
 * else already handled the item (a state conflict): then the drawer closes, the queue having been refreshed.
 */
export function ReviewActions({
  approve,
  reject,
  onDone,
}: {
  approve: ApproveDecision;
  reject: Decision<string> & { title: string; summary: string };
  onDone: () => void;
}) {
  const { modal, message } = App.useApp();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const busy = 'confirm' in approve && approve.pending;

  const finish = (decision: Promise<unknown>, done: string) =>
    decision.then(
      () => {
        message.success(done);
        setAsking(null);
        onDone();
      },
      (error: unknown) => {
        // The API client has shown the server's message; an item someone else handled is no longer ours to review.
        if (!isStateConflict(error)) throw error;
        setAsking(null);
        onDone();
      },
    );

  const startApprove = () => {
    if ('prompt' in approve) setAsking('approve');
    else
      modal.confirm({
        ...approve.confirm,
        okText: 'Confirm',
        cancelText: 'Cancel',
        // the confirmation closes either way: a refused approval has been explained by the API client
        onOk: () => finish(approve.run(), approve.done).catch(() => {}),
      });
  };

  return (
    <Flex justify="flex-end" gap={8}>
      <Button danger onClick={() => setAsking('reject')} disabled={busy}>
        Reject
      </Button>
      <Button type="primary" onClick={startApprove} loading={busy}>
        Approve
      </Button>
      {'prompt' in approve && (
        <PromptModal
          {...approve.prompt}
          open={asking === 'approve'}
          onCancel={() => setAsking(null)}
          onSubmit={(text) => finish(approve.run(text), approve.done)}
        />
      )}
      <PromptModal
        open={asking === 'reject'}
        title={reject.title}
        summary={reject.summary}
        label="Reason"
        rule={fieldRule(rejectRequest.shape.reason)}
        maxLength={200}
        multiline
        danger
        onCancel={() => setAsking(null)}
        onSubmit={(reason) => finish(reject.run(reason), reject.done)}
      />
    </Flex>
  );
}
