import { KEFU_CHANNELS, kefuCreateRequest } from '@c2c/shared';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { CatalogueFormModal } from '../../components/form-modal';
import { NameField } from '../../components/schema-field';
import { fieldRule } from '../../lib/field-rule';
import { type AdminKefu, type KefuValues, useCreateKefu, useUpdateKefu } from './kefu-api';

const fields = kefuCreateRequest.shape;

export const CHANNEL_LABELS: Record<(typeof KEFU_CHANNELS)[number], string> = {
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  web: 'Web chat',
  line: 'LINE',
  other: 'Other',
};

const NEW_CONTACT: KefuValues = { name: '', channel: 'telegram', link: '', hours: '', sort_order: 0, active: true };

/** Adds a customer-service contact or edits one; an edit sends only the fields that changed. */
export function KefuFormModal({ editing, open, onClose }: { editing: AdminKefu | null; open: boolean; onClose: () => void }) {
  const create = useCreateKefu();
  const update = useUpdateKefu();
  const initial: KefuValues = editing
    ? {
        name: editing.name,
        channel: editing.channel,
        link: editing.link,
        hours: editing.hours,
        sort_order: editing.sort_order,
        active: editing.active,
      }
    : NEW_CONTACT;

  return (
    <CatalogueFormModal<KefuValues, AdminKefu>
      editing={editing}
      open={open}
      onClose={onClose}
      initial={initial}
      prepare={(values) => ({
        ...values,
        name: values.name.trim(),
        link: values.link.trim(),
        hours: (values.hours ?? '').trim(),
      })}
      create={create}
      update={update}
      saved={(saved, edited) => (edited ? `Contact ${saved.name} saved` : `Contact ${saved.name} added`)}
      title={editing ? `Edit ${editing.name}` : 'New customer-service contact'}
      okText={editing ? 'Save' : 'Add contact'}
      width={520}
    >
      <NameField label="Name" schema={fields.name} placeholder="Telegram support" />
      <Form.Item label="Channel" name="channel" rules={[fieldRule(fields.channel)]}>
        <Select options={KEFU_CHANNELS.map((c) => ({ value: c, label: CHANNEL_LABELS[c] }))} />
      </Form.Item>
      <Form.Item
        label="Link"
        name="link"
        rules={[fieldRule(fields.link)]}
        extra="https://…, http://…, mailto:… or tg://… — customers open it from the Customer service page"
      >
        <Input maxLength={500} autoComplete="off" placeholder="https://t.me/your_support" />
      </Form.Item>
      <Form.Item label="Working hours" name="hours" rules={[fieldRule(fields.hours)]}>
        <Input maxLength={100} autoComplete="off" placeholder="Mon–Fri 09:00–18:00 UTC" />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Sort order" name="sort_order" extra="Smaller first" rules={[fieldRule(fields.sort_order)]}>
            <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Active" name="active" valuePropName="checked" extra="Only active contacts are shown">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </CatalogueFormModal>
  );
}
