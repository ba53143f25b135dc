import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { ActiveTag } from '../../components/active-toggle';
import { CataloguePage } from '../../components/catalogue-page';
import { formatTime } from '../../lib/format';
import { AddressFormModal } from './address-form-modal';
import { type ReceivingAddress, useAddresses, useUpdateAddress } from './addresses-api';

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
  { title: 'Status', dataIndex: 'active', width: 110, render: (active: boolean) => <ActiveTag active={active} /> },
  { title: 'Created', dataIndex: 'created_at', width: 180, render: (at: string) => formatTime(at) },
];

export function AddressesPage({ canEdit }: { canEdit: boolean }) {
  return (
    <CataloguePage<ReceivingAddress>
      title="Receiving addresses"
      addText="Add address"
      intro={
        <>
          Customers recharge by sending USDT to the active address of the network they choose. A deactivated network is no longer
          offered for new recharges.
        </>
      }
      emptyText="No receiving addresses yet: customers cannot recharge until one is added"
      canEdit={canEdit}
      columns={columns}
      actionWidth={200}
      useList={useAddresses}
      useUpdate={useUpdateAddress}
      itemLabel={(row) => row.type}
      toggleTexts={{
        title: (verb, row) => `${verb} the ${row.type} address?`,
        description: (next, row) =>
          next
            ? `Customers will be able to recharge on ${row.type} again.`
            : `Customers will no longer be offered ${row.type} for new recharges.`,
        done: (next, row) => `${row.type} address ${next ? 'activated' : 'deactivated'}`,
      }}
      FormModal={AddressFormModal}
    />
  );
}
