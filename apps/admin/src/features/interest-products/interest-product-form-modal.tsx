import { interestProductCreateRequest } from '@c2c/shared';
import { Col, Form, Input, Row, Switch } from 'antd';
import { CatalogueFormModal } from '../../components/form-modal';
import { OrderLimitFields } from '../../components/order-limit-fields';
import { DecimalField, NameField } from '../../components/schema-field';
import { fieldRule } from '../../lib/field-rule';
import {
  type AdminInterestProduct,
  type InterestProductValues,
  useCreateInterestProduct,
  useUpdateInterestProduct,
} from './interest-products-api';

// the create schema's fields, each checked as the server checks it (OrderLimitFields also compares min <= max)
const fields = interestProductCreateRequest.shape;

const NEW_PRODUCT: InterestProductValues = { name: '', rate: '', days: '', min: '', max: '', quota: '', active: true };

/** Adds an interest product or edits one; an edit sends only the fields that changed. */
export function InterestProductFormModal({
  editing,
  open,
  onClose,
}: {
  editing: AdminInterestProduct | null;
  open: boolean;
  onClose: () => void;
}) {
  const create = useCreateInterestProduct();
  const update = useUpdateInterestProduct();
  const initial: InterestProductValues = editing
    ? {
        name: editing.name,
        rate: editing.rate,
        days: String(editing.days),
        min: editing.min,
        max: editing.max,
        quota: editing.quota,
        active: editing.active,
      }
    : NEW_PRODUCT;

  return (
    <CatalogueFormModal<InterestProductValues, AdminInterestProduct>
      editing={editing}
      open={open}
      onClose={onClose}
      initial={initial}
      prepare={(values) => ({ ...values, name: values.name.trim(), days: String(values.days).trim() })}
      create={create}
      update={update}
      saved={(saved, edited) => (edited ? `${saved.name} saved` : `${saved.name} added`)}
      title={editing ? `Edit ${editing.name}` : 'New interest product'}
      okText={editing ? 'Save' : 'Add product'}
      width={560}
    >
      <NameField label="Product name" schema={fields.name} />
      <Row gutter={12}>
        <Col span={12}>
          <DecimalField
            label="Daily rate (%)"
            name="rate"
            schema={fields.rate}
            extra="Up to 4 decimals; running orders keep the rate they were made at"
            placeholder="0.05"
          />
        </Col>
        <Col span={12}>
          <Form.Item label="Days" name="days" rules={[fieldRule(fields.days)]}>
            <Input inputMode="numeric" autoComplete="off" placeholder="30" />
          </Form.Item>
        </Col>
      </Row>
      <OrderLimitFields min={fields.min} max={fields.max} />
      <DecimalField
        label="Total quota (USDT)"
        name="quota"
        schema={fields.quota}
        extra={
          editing
            ? `Principal of all orders ever made may not pass it; ${editing.sold} USDT sold so far (the quota cannot go below that)`
            : 'Principal of all orders ever made (active and settled) may not pass it'
        }
      />
      <Form.Item label="Active" name="active" valuePropName="checked" extra="Only active products take new orders">
        <Switch />
      </Form.Item>
    </CatalogueFormModal>
  );
}
