import { parseAmount, type Settings, settingsSchema } from '@c2c/shared';
import { Alert, App, Button, Card, Col, Divider, Flex, Form, type FormRule, Input, Row, Skeleton } from 'antd';
import { fieldRule } from '../../lib/field-rule';
import { InviteCodesCard } from './invite-codes-card';
import { useSaveSettings, useSettings } from './settings-api';
import { VipLevelsCard } from './vip-levels-card';

const fields = settingsSchema.shape;

type UrlField = 'logo' | 'kf_url' | 'app_url';
type LimitField = 'recharge_min' | 'recharge_max' | 'withdraw_min' | 'withdraw_max';

/** The cross-field half of the shared schema: a maximum below its minimum would refuse every amount. */
const notBelow =
  (min: LimitField): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: string | undefined) => {
      const low = parseAmount(String(getFieldValue(min) ?? ''));
      const high = parseAmount(value ?? '');
      if (low !== null && high !== null && high < low) throw new Error('Must not be below the minimum');
    },
  });

export function SettingsPage({ canEdit }: { canEdit: boolean }) {
  return (
    <Flex vertical gap={16}>
      <SettingsCard canEdit={canEdit} />
      <InviteCodesCard canEdit={canEdit} />
      <VipLevelsCard canEdit={canEdit} />
    </Flex>
  );
}

function SettingsCard({ canEdit }: { canEdit: boolean }) {
  const settings = useSettings();
  return (
    <Card title="App settings">
      {!canEdit && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Read only: only an owner can change the settings." />
      )}
      {settings.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : settings.isError ? (
        <Alert
          type="warning"
          showIcon
          title="The settings could not be loaded"
          description={settings.error.message}
          action={<Button onClick={() => settings.refetch()}>Retry</Button>}
        />
      ) : (
        <SettingsForm initial={settings.data} canEdit={canEdit} />
      )}
    </Card>
  );
}

function SettingsForm({ initial, canEdit }: { initial: Settings; canEdit: boolean }) {
  const [form] = Form.useForm<Settings>();
  const save = useSaveSettings();
  const { message } = App.useApp();

  const onFinish = (values: Settings) => {
    const trimmed: Settings = {
      app_name: values.app_name.trim(),
      logo: (values.logo ?? '').trim(),
      kf_url: (values.kf_url ?? '').trim(),
      app_url: (values.app_url ?? '').trim(),
      recharge_min: values.recharge_min.trim(),
      recharge_max: values.recharge_max.trim(),
      withdraw_min: values.withdraw_min.trim(),
      withdraw_max: values.withdraw_max.trim(),
    };
    save.mutate(trimmed, {
      onSuccess: (saved) => {
        form.setFieldsValue(saved);
        message.success('Settings saved');
      },
    });
  };

  return (
    <Form<Settings>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={onFinish}
      disabled={!canEdit || save.isPending}
      style={{ maxWidth: 640 }}
      aria-label="App settings"
    >
      <Form.Item label="App name" name="app_name" rules={[fieldRule(fields.app_name)]}>
        <Input maxLength={40} showCount />
      </Form.Item>
      <UrlInput label="Logo URL" name="logo" extra="Full http(s) address of the logo image" example="logo.png" />
      <UrlInput
        label="Customer service URL"
        name="kf_url"
        extra="Where the app's customer service link leads (chat, help desk)"
        example="support"
      />
      <UrlInput label="App URL" name="app_url" extra="Public address of the customer app, used in invitation links and mails" />
      <Divider titlePlacement="start" plain>
        Money limits per request (USDT, up to 2 decimals)
      </Divider>
      <Row gutter={16}>
        <LimitInput label="Minimum recharge" name="recharge_min" />
        <LimitInput label="Maximum recharge" name="recharge_max" min="recharge_min" />
        <LimitInput label="Minimum withdrawal" name="withdraw_min" />
        <LimitInput label="Maximum withdrawal" name="withdraw_max" min="withdraw_min" />
      </Row>
      {canEdit && (
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save settings
          </Button>
          <Button htmlType="button" onClick={() => form.resetFields()}>
            Reset
          </Button>
        </Flex>
      )}
    </Form>
  );
}

/** An address the settings point to; the placeholder shows one on example.com, ending in `example` where given. */
function UrlInput({ label, name, extra, example }: { label: string; name: UrlField; extra: string; example?: string }) {
  return (
    <Form.Item label={label} name={name} rules={[fieldRule(fields[name])]} extra={extra}>
      <Input type="url" placeholder={example ? `https://example.com/${example}` : 'https://example.com'} />
    </Form.Item>
  );
}

function LimitInput({ label, name, min }: { label: string; name: LimitField; min?: LimitField }) {
  return (
    <Col xs={24} sm={12}>
      <Form.Item
        label={label}
        name={name}
        dependencies={min ? [min] : []}
        rules={[fieldRule(fields[name]), ...(min ? [notBelow(min)] : [])]}
      >
        <Input inputMode="decimal" suffix="USDT" maxLength={18} autoComplete="off" />
      </Form.Item>
    </Col>
  );
}
