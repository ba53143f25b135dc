import { userSetVipRequest, type VipLevels } from '@c2c/shared';
import { Alert, App, Button, Card, Divider, Flex, Form, Input, Select, Skeleton, Space, Typography } from 'antd';
import { fieldRule } from '../../lib/field-rule';
import { useSaveVipLevels, useSetUserVip, useVipLevels } from './vip-api';

const AMOUNT_RE = /^\d{1,15}(\.\d{1,2})?$/;
const amountRule = { pattern: AMOUNT_RE, message: 'A USDT amount with at most 2 decimals' };

/** The VIP levels (volume each starts at, daily withdrawal limit) and an owner's per-customer override. */
export function VipLevelsCard({ canEdit }: { canEdit: boolean }) {
  const levels = useVipLevels();
  return (
    <Card title="VIP levels">
      <Typography.Paragraph type="secondary">
        A customer's level is earned by volume: USDT bought in completed trades plus USDT sold in completed trades and sales to
        merchants, read from the ledger. Each level allows withdrawals up to its daily limit per UTC day (pending withdrawals
        count). VIP 0 starts at 0; each further level needs more volume.
      </Typography.Paragraph>
      {levels.isPending ? (
        <Skeleton active />
      ) : levels.isError ? (
        <Alert type="warning" showIcon title="The VIP levels could not be loaded" description={levels.error.message} />
      ) : (
        <LevelsForm initial={levels.data} canEdit={canEdit} />
      )}
      {canEdit && levels.data && (
        <>
          <Divider />
          <OverrideForm levels={levels.data.levels.length} />
        </>
      )}
    </Card>
  );
}

function LevelsForm({ initial, canEdit }: { initial: VipLevels; canEdit: boolean }) {
  const [form] = Form.useForm<{ levels: { volume: string; daily_withdraw: string }[] }>();
  const save = useSaveVipLevels();
  const { message } = App.useApp();
  return (
    <Form
      form={form}
      layout="inline"
      disabled={!canEdit}
      initialValues={{ levels: initial.levels.map(({ volume, daily_withdraw }) => ({ volume, daily_withdraw })) }}
      onFinish={(v) =>
        save.mutate(v.levels, {
          onSuccess: (saved) => {
            form.setFieldsValue({ levels: saved.levels.map(({ volume, daily_withdraw }) => ({ volume, daily_withdraw })) });
            message.success('VIP levels saved');
          },
        })
      }
    >
      <Form.List name="levels">
        {(fields, { add, remove }) => (
          <Flex vertical gap={8} style={{ width: '100%' }}>
            {fields.map((field, i) => (
              <Space key={field.key} align="baseline" wrap>
                <Typography.Text strong style={{ width: 60, display: 'inline-block' }}>
                  VIP {i}
                </Typography.Text>
                <Form.Item name={[field.name, 'volume']} label="from volume (USDT)" rules={[{ required: true }, amountRule]}>
                  <Input disabled={i === 0 || !canEdit} style={{ width: 160 }} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'daily_withdraw']}
                  label="daily withdrawal limit (USDT)"
                  rules={[{ required: true }, amountRule]}
                >
                  <Input style={{ width: 160 }} />
                </Form.Item>
                {canEdit && i > 0 && i === fields.length - 1 && <Button onClick={() => remove(field.name)}>Remove</Button>}
              </Space>
            ))}
            {canEdit && (
              <Space>
                <Button disabled={fields.length >= 10} onClick={() => add({ volume: '', daily_withdraw: '' })}>
                  Add a level
                </Button>
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  Save VIP levels
                </Button>
              </Space>
            )}
          </Flex>
        )}
      </Form.List>
    </Form>
  );
}

function OverrideForm({ levels }: { levels: number }) {
  const [form] = Form.useForm<{ id: string; level: string; reason: string }>();
  const setVip = useSetUserVip();
  const { message } = App.useApp();
  const options = [
    { value: '', label: 'Earned level (clear the override)' },
    ...Array.from({ length: levels }, (_, i) => ({ value: String(i), label: `VIP ${i}` })),
  ];
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ level: '' }}
      onFinish={(v) =>
        setVip.mutate(v, {
          onSuccess: (r) => {
            message.success(
              r.override === null
                ? `Customer ${r.id} is back to their earned level VIP ${r.earned_level}`
                : `Customer ${r.id} is now VIP ${r.vip_level} (earned: VIP ${r.earned_level})`,
            );
            form.resetFields();
          },
        })
      }
    >
      <Typography.Text strong style={{ marginRight: 12 }}>
        Set a customer's level
      </Typography.Text>
      <Form.Item name="id" label="Customer id" rules={[fieldRule(userSetVipRequest.shape.id)]}>
        <Input style={{ width: 120 }} />
      </Form.Item>
      <Form.Item name="level" label="Level">
        <Select options={options} style={{ width: 240 }} />
      </Form.Item>
      <Form.Item name="reason" label="Reason" rules={[fieldRule(userSetVipRequest.shape.reason)]}>
        <Input style={{ width: 240 }} maxLength={200} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={setVip.isPending}>
        Apply
      </Button>
    </Form>
  );
}
