import { merchantCreateRequest, PAYOUT_TYPES } from '@c2c/shared';
import { Checkbox, Col, Form, Input, Row, Switch } from 'antd';
import { CatalogueFormModal } from '../../components/form-modal';
import { OrderLimitFields } from '../../components/order-limit-fields';
import { DecimalField, NameField } from '../../components/schema-field';
import { fieldRule } from '../../lib/field-rule';
import { type AdminMerchant, type MerchantValues, useCreateMerchant, useUpdateMerchant } from './merchants-api';

// the create schema's fields, each checked as the server checks it (OrderLimitFields also compares min <= max)
const fields = merchantCreateRequest.shape;

const METHOD_LABELS: Record<(typeof PAYOUT_TYPES)[number], string> = { bank: 'Bank transfer', wise: 'Wise' };

const NEW_OFFER: MerchantValues = {
  name: '',
  price: '',
  currency: 'EUR',
  quantity: '',
  min: '',
  max: '',
  methods: ['bank'],
  active: true,
};

/** Adds a merchant's buy offer or edits one; an edit sends only the fields that changed. */
export function MerchantFormModal({
  editing,
  open,
  onClose,
}: {
  editing: AdminMerchant | null;
  open: boolean;
  onClose: () => void;
}) {
  const create = useCreateMerchant();
  const update = useUpdateMerchant();
  const initial: MerchantValues = editing
    ? {
        name: editing.name,
        price: editing.price,
        currency: editing.currency,
        quantity: editing.quantity,
        min: editing.min,
        max: editing.max,
        methods: editing.methods,
        active: editing.active,
      }
    : NEW_OFFER;

  return (
    <CatalogueFormModal<MerchantValues, AdminMerchant>
      editing={editing}
      open={open}
      onClose={onClose}
      initial={initial}
      prepare={(values) => ({ ...values, name: values.name.trim(), currency: values.currency.trim().toUpperCase() })}
      create={create}
      update={update}
      saved={(saved, edited) => (edited ? `Offer of ${saved.name} saved` : `Offer of ${saved.name} added`)}
      title={editing ? `Edit the offer of ${editing.name}` : 'New merchant offer'}
      okText={editing ? 'Save' : 'Add offer'}
      width={560}
    >
      <NameField label="Merchant name" schema={fields.name} />
      <Row gutter={12}>
        <Col span={14}>
          <DecimalField
            label="Unit price (fiat per USDT)"
            name="price"
            schema={fields.price}
            extra="Up to 6 decimals; what the customer is paid is rounded down to the cent"
            placeholder="0.93"
          />
        </Col>
        <Col span={10}>
          <Form.Item
            label="Currency"
            name="currency"
            rules={[fieldRule(fields.currency)]}
            normalize={(v: string) => v.toUpperCase()}
          >
            <Input maxLength={3} autoComplete="off" placeholder="EUR" />
          </Form.Item>
        </Col>
      </Row>
      <DecimalField
        label="Quantity (USDT still bought)"
        name="quantity"
        schema={fields.quantity}
        extra="Each sale reserves its amount; a rejected sale gives it back"
      />
      <OrderLimitFields min={fields.min} max={fields.max} />
      <Form.Item label="Pays to" name="methods" rules={[fieldRule(fields.methods)]}>
        <Checkbox.Group options={PAYOUT_TYPES.map((t) => ({ label: METHOD_LABELS[t], value: t }))} />
      </Form.Item>
      <Form.Item label="Active" name="active" valuePropName="checked" extra="Only active offers are shown to customers">
        <Switch />
      </Form.Item>
    </CatalogueFormModal>
  );
}
