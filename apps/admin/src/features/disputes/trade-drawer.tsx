import { type TradeOutcome, tradeResolveRequest } from '@c2c/shared';
import { Alert, App, Button, Descriptions, Drawer, Empty, Flex, Input, List, Skeleton, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { PromptModal } from '../../components/prompt-modal';
import { ProtectedImage } from '../../components/protected-image';
import { fieldRule } from '../../lib/field-rule';
import { formatDecimal, formatTime, formatUsdt } from '../../lib/format';
import { useResolveTrade, useSendTradeMessage, useTradeDetail } from './disputes-api';
import { TradeStatusTag } from './disputes-page';

type Detail = NonNullable<ReturnType<typeof useTradeDetail>['data']>;

const EVENTS: Record<Detail['timeline'][number]['event'], string> = {
  created: 'Order placed',
  paid: 'Marked as paid',
  released: 'USDT released',
  cancelled: 'Cancelled',
  expired: 'Expired',
  disputed: 'Dispute opened',
  resolved: 'Dispute decided',
};
const FROM_COLORS = { buyer: 'blue', seller: 'purple', operator: 'gold' } as const;

function Chat({ trade }: { trade: Detail }) {
  const [text, setText] = useState('');
  const send = useSendTradeMessage();
  const canWrite = trade.status === 'disputed';
  const submit = async () => {
    const body = text.trim();
    if (!body) return;
    await send.mutateAsync({ id: trade.id, text: body });
    setText('');
  };
  return (
    <div>
      <Typography.Title level={5}>Chat</Typography.Title>
      {trade.messages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No messages" />
      ) : (
        <List
          size="small"
          dataSource={trade.messages}
          rowKey="id"
          renderItem={(m) => (
            <List.Item>
              <Flex vertical gap={4} style={{ width: '100%' }}>
                <Flex justify="space-between">
                  <Tag color={FROM_COLORS[m.from]}>
                    {m.from === 'operator' ? 'Operator' : m.from === 'buyer' ? 'Buyer' : 'Seller'}
                  </Tag>
                  <Typography.Text type="secondary">{formatTime(m.created_at)}</Typography.Text>
                </Flex>
                {m.text && <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{m.text}</Typography.Paragraph>}
                {m.image && <ProtectedImage path={m.image} alt={`Image sent by the ${m.from}`} />}
              </Flex>
            </List.Item>
          )}
        />
      )}
      {canWrite && (
        <Flex gap={8} style={{ marginTop: 8 }}>
          <Input.TextArea
            aria-label="Message to both sides"
            placeholder="Write to both sides"
            value={text}
            maxLength={500}
            autoSize={{ minRows: 1, maxRows: 4 }}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="primary" onClick={() => void submit().catch(() => {})} loading={send.isPending} disabled={!text.trim()}>
            Send
          </Button>
        </Flex>
      )}
    </div>
  );
}

function Resolve({ trade, onDone }: { trade: Detail; onDone: () => void }) {
  const { message } = App.useApp();
  const resolve = useResolveTrade();
  const [asking, setAsking] = useState<TradeOutcome | null>(null);
  const amount = formatUsdt(trade.quantity);
  const fiat = `${formatDecimal(trade.fiat_amount)} ${trade.currency}`;
  const decide = async (outcome: TradeOutcome, note: string) => {
    await resolve.mutateAsync({ id: trade.id, outcome, note });
    message.success(
      `Trade ${trade.order_no} decided: ${outcome === 'release' ? 'released to the buyer' : 'refunded to the seller'}`,
    );
    setAsking(null);
    onDone();
  };
  return (
    <Flex justify="flex-end" gap={8}>
      <Button danger onClick={() => setAsking('refund')}>
        Refund to seller
      </Button>
      <Button type="primary" onClick={() => setAsking('release')}>
        Release to buyer
      </Button>
      <PromptModal
        open={asking !== null}
        title={asking === 'release' ? `Release ${amount} to ${trade.buyer_email}?` : `Refund ${amount} to ${trade.seller_email}?`}
        summary={
          asking === 'release'
            ? `Only when the buyer's payment of ${fiat} reached the seller: the escrow goes to the buyer and the trade completes.`
            : `Only when the buyer did not pay ${fiat}: the escrow goes back to the seller and the trade is cancelled.`
        }
        label="Note to both sides"
        rule={fieldRule(tradeResolveRequest.shape.note)}
        maxLength={300}
        multiline
        danger={asking === 'refund'}
        onCancel={() => setAsking(null)}
        onSubmit={(note) => (asking ? decide(asking, note) : Promise.resolve())}
      />
    </Flex>
  );
}

function TradeView({ trade, canResolve, onDone }: { trade: Detail; canResolve: boolean; onDone: () => void }) {
  const p = trade.payee;
  return (
    <Flex vertical gap={20}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          { key: 'status', label: 'Status', children: <TradeStatusTag status={trade.status} /> },
          { key: 'order', label: 'Order', children: <Typography.Text copyable>{trade.order_no}</Typography.Text> },
          { key: 'buyer', label: 'Buyer', children: trade.buyer_email },
          { key: 'seller', label: 'Seller', children: trade.seller_email },
          { key: 'amount', label: 'Amount', children: formatUsdt(trade.quantity) },
          { key: 'price', label: 'Unit price', children: `${formatDecimal(trade.price)} ${trade.currency}` },
          { key: 'fiat', label: 'Fiat to pay', children: `${formatDecimal(trade.fiat_amount)} ${trade.currency}` },
          { key: 'reference', label: 'Payment reference', children: <Typography.Text code>{trade.reference}</Typography.Text> },
          { key: 'created', label: 'Placed', children: formatTime(trade.created_at) },
          { key: 'paid', label: 'Paid', children: formatTime(trade.paid_at) },
          { key: 'ended', label: 'Ended', children: formatTime(trade.ended_at) },
          ...(trade.resolved_by ? [{ key: 'resolver', label: 'Decided by', children: trade.resolved_by }] : []),
        ]}
      />
      {trade.appeal && (
        <Alert
          type="warning"
          showIcon
          title={`Dispute opened by the ${trade.appeal.by} at ${formatTime(trade.appeal.at)}`}
          description={trade.appeal.reason}
        />
      )}
      {trade.resolution && (
        <Alert
          type="info"
          showIcon
          title={trade.resolution.outcome === 'release' ? 'Released to the buyer' : 'Refunded to the seller'}
          description={trade.resolution.note}
        />
      )}
      <div>
        <Typography.Title level={5}>Payee (the seller's payout account)</Typography.Title>
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'type', label: 'Method', children: p.type === 'bank' ? 'Bank' : 'Wise' },
            { key: 'name', label: 'Account holder', children: p.full_name || '—' },
            ...(p.bank_name ? [{ key: 'bank', label: 'Bank', children: p.bank_name }] : []),
            ...(p.iban ? [{ key: 'iban', label: 'IBAN', children: p.iban }] : []),
            ...(p.swift ? [{ key: 'swift', label: 'SWIFT', children: p.swift }] : []),
            ...(p.email ? [{ key: 'email', label: 'E-mail', children: p.email }] : []),
            ...(p.country ? [{ key: 'country', label: 'Country', children: p.country }] : []),
          ]}
        />
      </div>
      <div>
        <Typography.Title level={5}>Timeline</Typography.Title>
        <Timeline
          items={trade.timeline.map((e) => ({
            key: `${e.event}-${e.at}`,
            content: `${EVENTS[e.event]} by the ${e.by} · ${formatTime(e.at)}`,
          }))}
        />
      </div>
      <div>
        <Typography.Title level={5}>Payment proof</Typography.Title>
        {trade.proof ? (
          <ProtectedImage path={trade.proof} alt={`Payment proof of trade ${trade.order_no}`} />
        ) : (
          <Typography.Text type="secondary">The buyer attached none</Typography.Text>
        )}
      </div>
      <Chat trade={trade} />
      {canResolve && trade.status === 'disputed' && <Resolve trade={trade} onDone={onDone} />}
    </Flex>
  );
}

/** One trade for an operator: everything both sides see, the chat with a box to write, and (owner, finance) the decision. */
export function TradeDrawer({ id, canResolve, onClose }: { id: number | null; canResolve: boolean; onClose: () => void }) {
  const detail = useTradeDetail(id);
  return (
    <Drawer open={id !== null} onClose={onClose} size={640} title="Trade" destroyOnHidden>
      {detail.isPending ? (
        <Skeleton active />
      ) : detail.data ? (
        <TradeView trade={detail.data} canResolve={canResolve} onDone={onClose} />
      ) : (
        <Empty description="This trade could not be loaded" />
      )}
    </Drawer>
  );
}
