import { type HouseInviteCode, inviteCodeCreateRequest } from '@c2c/shared';
import { App, Button, Card, Form, Input, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { usePagedList } from '../../components/paged-table';
import { fieldRule } from '../../lib/field-rule';
import { formatTime } from '../../lib/format';
import { useCreateInviteCode, useInviteCodes, useSetInviteCodeActive } from './settings-api';

const PAGE_SIZE = 10;

export function InviteCodesCard({ canEdit }: { canEdit: boolean }) {
  const codes = usePagedList(useInviteCodes, PAGE_SIZE);

  const columns: TableColumnsType<HouseInviteCode> = [
    {
      title: 'Code',
      dataIndex: 'code',
      render: (code: string) => (
        <Typography.Text code copyable={{ text: code, tooltips: ['Copy code', 'Copied'] }}>
          {code}
        </Typography.Text>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'active',
      width: 120,
      render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
    { title: 'Uses', dataIndex: 'uses', width: 100, align: 'right' },
    { title: 'Created', dataIndex: 'created_at', width: 200, render: (at: string) => formatTime(at) },
  ];
  if (canEdit) columns.push({ title: 'Action', key: 'action', width: 140, render: (_, row) => <ToggleActive row={row} /> });

  return (
    <Card title="House invitation codes">
      <Typography.Paragraph type="secondary">
        New customers need an invitation code to sign up. House codes let the first customers in without being invited by another
        customer; a deactivated code stops working for new sign-ups.
      </Typography.Paragraph>
      {canEdit && <AddCodeForm />}
      <Table<HouseInviteCode>
        rowKey="code"
        size="middle"
        columns={columns}
        locale={{ emptyText: 'No house invitation codes yet' }}
        {...codes.table}
      />
    </Card>
  );
}

function AddCodeForm() {
  const [form] = Form.useForm<{ code: string }>();
  const create = useCreateInviteCode();
  const { message } = App.useApp();

  const onFinish = ({ code }: { code: string }) => {
    create.mutate(code.trim().toUpperCase(), {
      onSuccess: (created) => {
        form.resetFields();
        message.success(`Invitation code ${created.code} added`);
      },
    });
  };

  return (
    <Form
      form={form}
      layout="inline"
      colon={false}
      onFinish={onFinish}
      style={{ marginBottom: 16 }}
      aria-label="Add invitation code"
    >
      <Form.Item
        label="New invitation code"
        name="code"
        rules={[fieldRule(inviteCodeCreateRequest.shape.code)]}
        normalize={(value: string) => value.toUpperCase()}
        extra="4 to 16 letters A–Z and digits"
      >
        <Input maxLength={16} placeholder="WELCOME2025" style={{ width: 200 }} autoComplete="off" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Add code
        </Button>
      </Form.Item>
    </Form>
  );
}

function ToggleActive({ row }: { row: HouseInviteCode }) {
  const toggle = useSetInviteCodeActive();
  const { message } = App.useApp();
  const next = !row.active;
  return (
    // right-aligned: the switch is in the table's last column (see ActiveToggle)
    <Popconfirm
      placement="topRight"
      title={next ? `Activate ${row.code}?` : `Deactivate ${row.code}?`}
      description={
        next ? 'New customers will be able to sign up with it.' : 'New customers will no longer be able to sign up with it.'
      }
      okText={next ? 'Activate' : 'Deactivate'}
      okButtonProps={{ danger: !next }}
      onConfirm={() =>
        toggle.mutateAsync({ code: row.code, active: next }).then(
          () => {
            message.success(`${row.code} ${next ? 'activated' : 'deactivated'}`);
          },
          () => undefined,
        )
      }
    >
      <Button
        size="small"
        danger={!next}
        loading={toggle.isPending}
        aria-label={`${next ? 'Activate' : 'Deactivate'} ${row.code}`}
      >
        {next ? 'Activate' : 'Deactivate'}
      </Button>
    </Popconfirm>
  );
}
