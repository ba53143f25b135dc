import { type Settings, settingsSchema } from '@c2c/shared';
import { Alert, App, Button, Card, Flex, Form, Input, Skeleton } from 'antd';
import { fieldRule } from '../../lib/field-rule';
import { InviteCodesCard } from './invite-codes-card';
import { useSaveSettings, useSettings } from './settings-api';

const fields = settingsSchema.shape;

export function SettingsPage({ canEdit }: { canEdit: boolean }) {
  return (
    <Flex vertical gap={16}>
      <SettingsCard canEdit={canEdit} />
      <InviteCodesCard canEdit={canEdit} />
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
      <Form.Item label="Logo URL" name="logo" rules={[fieldRule(fields.logo)]} extra="Full http(s) address of the logo image">
        <Input type="url" placeholder="https://example.com/logo.png" />
      </Form.Item>
      <Form.Item
        label="Customer service URL"
        name="kf_url"
        rules={[fieldRule(fields.kf_url)]}
        extra="Where the app's customer service link leads (chat, help desk)"
      >
        <Input type="url" placeholder="https://example.com/support" />
      </Form.Item>
      <Form.Item
        label="App URL"
        name="app_url"
        rules={[fieldRule(fields.app_url)]}
        extra="Public address of the customer app, used in invitation links and mails"
      >
        <Input type="url" placeholder="https://example.com" />
      </Form.Item>
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
