import type { KefuChannel } from '@c2c/shared';
import { App, Button, Card, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { type AdminKefu, useKefuContacts, useUpdateKefu } from './kefu-api';
import { CHANNEL_LABELS, KefuFormModal } from './kefu-form-modal';

const PAGE_SIZE = 20;

/** Customer-service contacts: what customers see on the app's Customer service page, in this order. */
export function KefuPage({ canEdit }: { canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const contacts = useKefuContacts(page, PAGE_SIZE);
  const [form, setForm] = useState<{ open: boolean; editing: AdminKefu | null }>({ open: false, editing: null });

  const columns: TableColumnsType<AdminKefu> = [
    { title: 'Order', dataIndex: 'sort_order', width: 70, align: 'right' },
    { title: 'Name', dataIndex: 'name', ellipsis: { showTitle: true }, render: (name: string) => <strong>{name}</strong> },
    {
      title: 'Channel',
      dataIndex: 'channel',
      width: 110,
      render: (c: KefuChannel) => <Tag>{CHANNEL_LABELS[c] ?? c}</Tag>,
    },
    {
      title: 'Link',
      dataIndex: 'link',
      ellipsis: { showTitle: true },
      render: (link: string) => <Typography.Text code>{link}</Typography.Text>,
    },
    {
      title: 'Working hours',
      dataIndex: 'hours',
      width: 180,
      render: (h: string) => h || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: 'Status',
      dataIndex: 'active',
      width: 90,
      render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Off</Tag>),
    },
  ];
  if (canEdit)
    columns.push({
      title: 'Action',
      key: 'action',
      width: 170,
      render: (_, row) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setForm({ open: true, editing: row })} aria-label={`Edit ${row.name}`}>
            Edit
          </Button>
          <ToggleActive row={row} />
        </Flex>
      ),
    });

  return (
    <Card
      title="Customer service"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
            Add contact
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Customers see the active contacts on the app's Customer service page, smallest order first. With none active, the page
        falls back to the customer-service link in Settings. Links may be https, http, mailto or tg only.
        {!canEdit && ' Only an owner can change them.'}
      </Typography.Paragraph>
      <Table<AdminKefu>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={contacts.data?.list ?? []}
        loading={contacts.isFetching}
        locale={{ emptyText: 'No contacts yet: customers see the Settings link, or nothing' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: contacts.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {canEdit && (
        <KefuFormModal
          key={form.editing?.id ?? 'new'}
          open={form.open}
          editing={form.editing}
          onClose={() => setForm((current) => ({ ...current, open: false }))}
        />
      )}
    </Card>
  );
}

function ToggleActive({ row }: { row: AdminKefu }) {
  const toggle = useUpdateKefu();
  const { message } = App.useApp();
  const next = !row.active;
  const verb = next ? 'Switch on' : 'Switch off';
  return (
    <Popconfirm
      title={`${verb} ${row.name}?`}
      description={next ? 'Customers will see this contact again.' : 'Customers will no longer see this contact.'}
      okText="Confirm"
      cancelText="Cancel"
      okButtonProps={{ danger: !next }}
      onConfirm={() =>
        toggle.mutateAsync({ id: row.id, active: next }).then(
          () => {
            message.success(`${row.name} switched ${next ? 'on' : 'off'}`);
          },
          () => undefined,
        )
      }
    >
      <Button size="small" danger={!next} loading={toggle.isPending} aria-label={`${verb} ${row.name}`}>
        {verb}
      </Button>
    </Popconfirm>
  );
}
