import { App, Button, Card, Flex, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatTime } from '../../lib/format';
import { AddressFormModal } from './address-form-modal';
import { type ReceivingAddress, useAddresses, useUpdateAddress } from './addresses-api';

const PAGE_SIZE = 20;

export function AddressesPage({ canEdit }: { canEdit: boolean }) {
  const [page, setPage] = useState(1);
  const addresses = useAddresses(page, PAGE_SIZE);
  const [form, setForm] = useState<{ open: boolean; editing: ReceivingAddress | null }>({ open: false, editing: null });

  const columns: TableColumnsType<ReceivingAddress> = [
    {
      title: 'Network',
      dataIndex: 'type',
      width: 120,
      render: (type: string, row) => (
        <Flex gap={6} align="center" wrap>
          <Typography.Text strong>{type}</Typography.Text>
          {row.demo && (
            <Tag color="red" title="Seeded demo data: nobody's wallet. Customers are told not to send funds here.">
              Demo
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: 'Address',
      dataIndex: 'address',
      render: (address: string) => (
        <Typography.Text code copyable={{ text: address, tooltips: ['Copy', 'Copied'] }} style={{ wordBreak: 'break-all' }}>
          {address}
        </Typography.Text>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'active',
      width: 110,
      render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
    },
    { title: 'Created', dataIndex: 'created_at', width: 180, render: (at: string) => formatTime(at) },
  ];
  if (canEdit)
    columns.push({
      title: 'Action',
      key: 'action',
      width: 200,
      render: (_, row) => (
        <Flex gap={8}>
          <Button size="small" onClick={() => setForm({ open: true, editing: row })} aria-label={`Edit ${row.type}`}>
            Edit
          </Button>
          <ToggleActive row={row} />
        </Flex>
      ),
    });

  return (
    <Card
      title="Receiving addresses"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setForm({ open: true, editing: null })}>
            Add address
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">
        Customers recharge by sending USDT to the active address of the network they choose. A deactivated network is no longer
        offered for new recharges.
      </Typography.Paragraph>
      <Table<ReceivingAddress>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={addresses.data?.list ?? []}
        loading={addresses.isFetching}
        locale={{ emptyText: 'No receiving addresses yet: customers cannot recharge until one is added' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: addresses.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: setPage,
        }}
      />
      {canEdit && (
        <AddressFormModal
          key={form.editing?.id ?? 'new'}
          open={form.open}
          editing={form.editing}
          onClose={() => setForm((current) => ({ ...current, open: false }))}
        />
      )}
    </Card>
  );
}

function ToggleActive({ row }: { row: ReceivingAddress }) {
  const toggle = useUpdateAddress();
  const { message } = App.useApp();
  const next = !row.active;
  const verb = next ? 'Activate' : 'Deactivate';
  return (
    <Popconfirm
      title={`${verb} the ${row.type} address?`}
      description={
        next
          ? `Customers will be able to recharge on ${row.type} again.`
          : `Customers will no longer be offered ${row.type} for new recharges.`
      }
      okText="Confirm"
      cancelText="Cancel"
      okButtonProps={{ danger: !next }}
      onConfirm={() =>
        toggle.mutateAsync({ id: row.id, active: next }).then(
          () => {
            message.success(`${row.type} address ${next ? 'activated' : 'deactivated'}`);
          },
          () => undefined,
        )
      }
    >
      <Button size="small" danger={!next} loading={toggle.isPending} aria-label={`${verb} ${row.type}`}>
        {verb}
      </Button>
    </Popconfirm>
  );
}
