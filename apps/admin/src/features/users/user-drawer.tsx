import { userAdjustRequest, userFreezeRequest, userSetVipRequest } from '@c2c/shared';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Spin,
  Statistic,
  Table,
  Tabs,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PromptModal } from '../../components/prompt-modal';
import { DecimalField } from '../../components/schema-field';
import { fieldRule } from '../../lib/field-rule';
import { formatDecimal, formatTime, formatUsdt } from '../../lib/format';
import { type AdminUserDetail, useAdjust, useFreeze, useSetVip, useUnfreeze, useUserDetail, useVipLevelCount } from './users-api';
import { UserStatusTag } from './users-page';

const time = (at: string) => formatTime(at);
const amount = (v: string) => formatDecimal(v);

/** One customer: overview and balances, ledger, team, orders, trades, sessions; freeze, unfreeze and correct. */
export function UserDrawer({
  id,
  canFreeze,
  isOwner,
  onClose,
}: {
  id: number;
  canFreeze: boolean;
  isOwner: boolean;
  onClose: () => void;
}) {
  const detail = useUserDetail(id);
  const [freezing, setFreezing] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [settingVip, setSettingVip] = useState(false);
  const freeze = useFreeze();
  const unfreeze = useUnfreeze();
  const { modal, message } = App.useApp();
  const d = detail.data;

  const confirmUnfreeze = (u: AdminUserDetail['user']) =>
    modal.confirm({
      title: `Unfreeze ${u.email}?`,
      content: `They can sign in and use their money again. Frozen because: “${u.frozen_reason ?? ''}”.`,
      okText: 'Unfreeze',
      onOk: () =>
        unfreeze.mutateAsync({ id: u.id }).then(
          () => message.success(`${u.email} is active again`),
          () => undefined,
        ),
    });

  return (
    <Drawer open size={920} title={d ? `Customer ${d.user.email}` : 'Customer'} onClose={onClose} destroyOnHidden>
      {detail.isPending ? (
        <Spin />
      ) : !d ? (
        <Result status="warning" title="This customer could not be loaded" />
      ) : (
        <Flex vertical gap={16}>
          {d.user.status === 'frozen' && (
            <Alert
              type="error"
              showIcon
              title={`Frozen since ${formatTime(d.user.frozen_at)}`}
              description={`Reason: ${d.user.frozen_reason ?? '—'}. They cannot sign in or move money; operators still decide their disputes.`}
            />
          )}
          <Flex gap={8} wrap>
            {canFreeze && d.user.status === 'active' && (
              <Button danger onClick={() => setFreezing(true)}>
                Freeze
              </Button>
            )}
            {isOwner && d.user.status === 'frozen' && (
              <Button onClick={() => confirmUnfreeze(d.user)} loading={unfreeze.isPending}>
                Unfreeze
              </Button>
            )}
            {isOwner && <Button onClick={() => setAdjusting(true)}>Adjust balance</Button>}
            {isOwner && <Button onClick={() => setSettingVip(true)}>Set VIP level</Button>}
          </Flex>
          <Tabs
            items={[
              { key: 'overview', label: 'Overview', children: <Overview d={d} /> },
              { key: 'ledger', label: 'Ledger', children: <Ledger d={d} /> },
              { key: 'team', label: 'Team', children: <Team d={d} /> },
              { key: 'orders', label: 'Orders', children: <Orders d={d} /> },
              { key: 'trades', label: 'Trades', children: <Trades d={d} /> },
              { key: 'sessions', label: 'Sessions', children: <Sessions d={d} /> },
            ]}
          />
          <PromptModal
            open={freezing}
            title={`Freeze ${d.user.email}?`}
            summary="Every session of this customer ends at once and their open apps are signed out. They cannot sign in or move money until an owner unfreezes them. Their open trades stay with the operators."
            label="Reason (kept in the audit log)"
            rule={fieldRule(userFreezeRequest.shape.reason)}
            maxLength={200}
            multiline
            danger
            onCancel={() => setFreezing(false)}
            onSubmit={(reason) =>
              freeze.mutateAsync({ id: d.user.id, reason }).then(() => {
                setFreezing(false);
                message.success(`${d.user.email} is frozen`);
              })
            }
          />
          {adjusting && <AdjustModal d={d} onClose={() => setAdjusting(false)} />}
          {settingVip && <VipModal d={d} onClose={() => setSettingVip(false)} />}
        </Flex>
      )}
    </Drawer>
  );
}

function Overview({ d }: { d: AdminUserDetail }) {
  const u = d.user;
  return (
    <Flex vertical gap={16}>
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="ID">{u.id}</Descriptions.Item>
        <Descriptions.Item label="Status">
          <UserStatusTag status={u.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Email">{u.email}</Descriptions.Item>
        <Descriptions.Item label="Nickname">{u.nickname}</Descriptions.Item>
        <Descriptions.Item label="Invitation code">{u.invite_code}</Descriptions.Item>
        <Descriptions.Item label="Invited by">
          {u.inviter_email ? `${u.inviter_email} (${u.inviter_code})` : u.house_code ? `House code ${u.house_code}` : '—'}
        </Descriptions.Item>
        <Descriptions.Item label="VIP level">
          VIP {u.vip_level}
          {d.vip.override === null ? ' (earned)' : ` (set by an owner; earned: VIP ${d.vip.earned})`} · volume{' '}
          {formatUsdt(d.vip.volume)}
        </Descriptions.Item>
        <Descriptions.Item label="Language">{u.lang}</Descriptions.Item>
        <Descriptions.Item label="Signed up">{formatTime(u.created_at)}</Descriptions.Item>
      </Descriptions>
      <Flex gap={32} wrap>
        <Statistic title="Available" value={formatUsdt(d.balances.balance)} />
        <Statistic title="Frozen" value={formatUsdt(d.balances.frozen)} />
        <Statistic title="Escrow" value={formatUsdt(d.balances.escrow)} />
        <Statistic title="Interest" value={formatUsdt(d.balances.interest)} />
        <Statistic title="Total" value={formatUsdt(d.balances.total)} />
      </Flex>
      <Typography.Title level={5}>Corrections</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.adjustments}
        locale={{ emptyText: 'No corrections' }}
        columns={[
          { title: 'Time', dataIndex: 'created_at', width: 165, render: time },
          { title: 'Amount', dataIndex: 'amount', width: 120, align: 'right', render: amount },
          { title: 'Reason', dataIndex: 'reason' },
          { title: 'By', dataIndex: 'operator_email', width: 200 },
        ]}
      />
    </Flex>
  );
}

function Ledger({ d }: { d: AdminUserDetail }) {
  return (
    <Table
      rowKey="id"
      size="small"
      dataSource={d.ledger}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      locale={{ emptyText: 'No ledger entries' }}
      caption="The last 50 postings on the customer's accounts"
      columns={[
        { title: 'Time', dataIndex: 'created_at', width: 165, render: time },
        { title: 'Kind', dataIndex: 'kind', width: 150 },
        { title: 'Account', dataIndex: 'account', width: 90 },
        { title: 'Change', dataIndex: 'amount', width: 110, align: 'right', render: amount },
        { title: 'Balance after', dataIndex: 'balance_after', width: 120, align: 'right', render: amount },
        { title: 'Reference', dataIndex: 'ref', width: 140 },
        { title: 'Memo', dataIndex: 'memo', ellipsis: { showTitle: true } },
      ]}
    />
  );
}

function Team({ d }: { d: AdminUserDetail }) {
  return (
    <Flex gap={32}>
      <Statistic title="Level 1 (invited directly)" value={d.team.level1} />
      <Statistic title="Level 2" value={d.team.level2} />
      <Statistic title="Level 3" value={d.team.level3} />
    </Flex>
  );
}

function Orders({ d }: { d: AdminUserDetail }) {
  const small = { rowKey: 'id', size: 'small' as const, pagination: false as const };
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={5}>Recharges</Typography.Title>
      <Table
        {...small}
        dataSource={d.recharges}
        locale={{ emptyText: 'No recharges' }}
        columns={[
          { title: 'Time', dataIndex: 'created_at', width: 165, render: time },
          { title: 'Network', dataIndex: 'type', width: 100 },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: amount },
          { title: 'Status', dataIndex: 'status', width: 110 },
        ]}
      />
      <Typography.Title level={5}>Withdrawals</Typography.Title>
      <Table
        {...small}
        dataSource={d.withdrawals}
        locale={{ emptyText: 'No withdrawals' }}
        columns={[
          { title: 'Time', dataIndex: 'created_at', width: 165, render: time },
          { title: 'To (masked)', dataIndex: 'account' },
          { title: 'Amount', dataIndex: 'amount', align: 'right', render: amount },
          { title: 'Status', dataIndex: 'status', width: 110 },
        ]}
      />
      <Typography.Title level={5}>Sales to merchants</Typography.Title>
      <Table
        {...small}
        dataSource={d.merchant_sales}
        locale={{ emptyText: 'No sales to merchants' }}
        columns={[
          { title: 'Time', dataIndex: 'created_at', width: 165, render: time },
          { title: 'Order', dataIndex: 'order_no' },
          { title: 'Quantity', dataIndex: 'quantity', align: 'right', render: amount },
          { title: 'Status', dataIndex: 'status', width: 110 },
        ]}
      />
      <Typography.Title level={5}>Listings</Typography.Title>
      <Table
        {...small}
        dataSource={d.listings}
        locale={{ emptyText: 'No listings' }}
        columns={[
          { title: 'Time', dataIndex: 'created_at', width: 165, render: time },
          { title: 'Quantity', dataIndex: 'quantity', align: 'right', render: amount },
          { title: 'Remaining', dataIndex: 'remaining', align: 'right', render: amount },
          { title: 'Price', key: 'price', align: 'right', render: (_, l) => `${formatDecimal(l.price)} ${l.currency}` },
          { title: 'Status', dataIndex: 'status', width: 110 },
        ]}
      />
    </Flex>
  );
}

function Trades({ d }: { d: AdminUserDetail }) {
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={d.trades}
      locale={{ emptyText: 'No trades' }}
      columns={[
        { title: 'Time', dataIndex: 'created_at', width: 165, render: time },
        { title: 'Order', dataIndex: 'order_no', width: 170 },
        { title: 'Side', dataIndex: 'role', width: 80 },
        { title: 'USDT', dataIndex: 'quantity', align: 'right', render: amount },
        { title: 'Fiat', key: 'fiat', align: 'right', render: (_, t) => `${formatDecimal(t.fiat_amount)} ${t.currency}` },
        { title: 'Status', dataIndex: 'status', width: 130 },
      ]}
    />
  );
}

function Sessions({ d }: { d: AdminUserDetail }) {
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={d.sessions}
      locale={{ emptyText: 'No open sessions' }}
      columns={[
        { title: 'Signed in', dataIndex: 'created_at', render: time },
        { title: 'Last seen', dataIndex: 'last_seen_at', render: time },
        { title: 'Expires', dataIndex: 'expires_at', render: time },
      ]}
    />
  );
}

const newRequestId = () => `adj-${crypto.randomUUID()}`;

/** The owner's correction: amount and reason, then a confirmation that says in words what will happen. */
function AdjustModal({ d, onClose }: { d: AdminUserDetail; onClose: () => void }) {
  const [form] = Form.useForm<{ amount: string; reason: string }>();
  // one id per opened form: a retried or double-clicked confirmation posts the correction once
  const [requestId] = useState(newRequestId);
  const adjust = useAdjust();
  const { modal, message } = App.useApp();
  const fields = userAdjustRequest.shape;

  const submit = ({ amount: raw, reason }: { amount: string; reason: string }) => {
    const value = raw.trim();
    const deduct = value.startsWith('-');
    const abs = deduct ? value.slice(1) : value;
    modal.confirm({
      title: deduct ? `Deduct ${formatUsdt(abs)} from ${d.user.email}?` : `Credit ${formatUsdt(abs)} to ${d.user.email}?`,
      content: (
        <Flex vertical gap={4}>
          <Typography.Text>
            {deduct ? 'Minus' : 'Plus'} {formatUsdt(abs)} on the available balance (now {formatUsdt(d.balances.balance)}).
          </Typography.Text>
          <Typography.Text>Reason: “{reason.trim()}”</Typography.Text>
          <Typography.Text type="secondary">
            Posted to the ledger and the audit log; the customer sees it in their asset log.
          </Typography.Text>
        </Flex>
      ),
      okText: deduct ? 'Deduct' : 'Credit',
      okButtonProps: { danger: deduct },
      onOk: () =>
        adjust.mutateAsync({ id: d.user.id, amount: value, reason: reason.trim(), request_id: requestId }).then(
          (r) => {
            message.success(`Corrected; available is now ${formatUsdt(r.available)}`);
            onClose();
          },
          () => undefined,
        ),
    });
  };

  return (
    <Modal
      open
      title={`Adjust the balance of ${d.user.email}`}
      okText="Continue"
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit' }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form form={form} name="adjust" layout="vertical" requiredMark={false} onFinish={submit}>
          {dom}
        </Form>
      )}
    >
      <DecimalField
        label="Amount (USDT)"
        name="amount"
        schema={fields.amount}
        extra="A positive amount credits, a negative one (e.g. -5.50) deducts; at most 2 decimals."
        autoFocus
      />
      <Form.Item label="Reason" name="reason" rules={[fieldRule(fields.reason)]}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </Modal>
  );
}

/** The owner's VIP override: a level, or back to the level the volume earns; a reason is kept in the audit log. */
function VipModal({ d, onClose }: { d: AdminUserDetail; onClose: () => void }) {
  const [form] = Form.useForm<{ level: string; reason: string }>();
  const levels = useVipLevelCount().data ?? 0;
  const setVip = useSetVip();
  const { message } = App.useApp();
  const options = [
    { value: '', label: `The level earned (VIP ${d.vip.earned})` },
    ...Array.from({ length: levels }, (_, i) => ({ value: String(i), label: `VIP ${i}` })),
  ];
  const submit = (v: { level: string; reason: string }) =>
    setVip.mutate(
      { id: d.user.id, level: v.level, reason: v.reason.trim() },
      {
        onSuccess: (r) => {
          message.success(
            r.override === null ? `Back to the earned level VIP ${r.earned_level}` : `${d.user.email} is now VIP ${r.vip_level}`,
          );
          onClose();
        },
      },
    );
  return (
    <Modal
      open
      title={`VIP level of ${d.user.email}`}
      okText="Apply"
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', loading: setVip.isPending }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form
          form={form}
          name="set-vip"
          layout="vertical"
          requiredMark={false}
          initialValues={{ level: d.vip.override === null ? '' : String(d.vip.override) }}
          onFinish={submit}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item label="Level" name="level" extra="An override holds until an owner clears it, whatever the volume does.">
        <Select options={options} />
      </Form.Item>
      <Form.Item label="Reason (kept in the audit log)" name="reason" rules={[fieldRule(userSetVipRequest.shape.reason)]}>
        <Input.TextArea maxLength={200} showCount autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </Modal>
  );
}
