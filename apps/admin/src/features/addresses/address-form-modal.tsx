import { addressCreateRequest } from '@c2c/shared';
import { App, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { FormModal } from '../../components/form-modal';
import { fieldRule } from '../../lib/field-rule';
import { type ReceivingAddress, useCreateAddress, useUpdateAddress } from './addresses-api';

interface Values {
  type: string;
  address: string;
}

const fields = addressCreateRequest.shape;

/**
 * Adds a network's receiving address, or replaces the address of an existing one. Customers send real money to
 * what is saved here, so the operator confirms the exact address once more before it is saved.
 */
export function AddressFormModal({
  editing,
  open,
  onClose,
}: {
  editing: ReceivingAddress | null;
  open: boolean;
  onClose: () => void;
}) {
  const { modal, message } = App.useApp();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [confirming, setConfirming] = useState(false);

  const onFinish = ({ type, address }: Values) => {
    const network = editing ? editing.type : type.trim().toUpperCase();
    const next = address.trim();
    setConfirming(true);
    modal.confirm({
      title: editing ? `Change the ${network} receiving address?` : `Add ${network} receiving address?`,
      content: (
        <>
          <Typography.Paragraph>
            Customers recharging on {network} will be told to send USDT to this address. Check it character by character:
          </Typography.Paragraph>
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {next}
          </Typography.Text>
        </>
      ),
      okText: 'Confirm',
      cancelText: 'Cancel',
      afterClose: () => setConfirming(false),
      onOk: () =>
        (editing
          ? update.mutateAsync({ id: editing.id, address: next })
          : create.mutateAsync({ type: network, address: next })
        ).then(
          () => {
            message.success(editing ? `${network} receiving address changed` : `${network} receiving address added`);
            onClose();
          },
          () => undefined,
        ),
    });
  };

  return (
    <FormModal<Values>
      open={open}
      title={editing ? `Edit the ${editing.type} wallet` : 'New receiving wallet'}
      okText={editing ? 'Save' : 'Add address'}
      confirmLoading={confirming}
      onClose={onClose}
      initialValues={editing ? { type: editing.type, address: editing.address } : { type: '', address: '' }}
      onFinish={onFinish}
    >
      <Form.Item
        label="Network"
        name="type"
        rules={editing ? [] : [fieldRule(fields.type)]}
        normalize={(value: string) => value.toUpperCase()}
        extra={editing ? undefined : 'For example TRC20, ERC20 or BEP20; one address per network'}
      >
        <Input maxLength={16} placeholder="TRC20" autoComplete="off" disabled={editing !== null} />
      </Form.Item>
      <Form.Item label="Address" name="address" rules={[fieldRule(fields.address)]}>
        <Input maxLength={100} placeholder="TXYZ…" autoComplete="off" style={{ fontFamily: 'monospace' }} />
      </Form.Item>
    </FormModal>
  );
}
