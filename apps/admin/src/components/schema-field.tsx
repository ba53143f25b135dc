import { Form, type FormItemProps, Input } from 'antd';
import { type FieldSchema, fieldRule } from '../lib/field-rule';

type SchemaFieldProps = FormItemProps & { schema: FieldSchema };

/** A form field checked by its shared schema as the server checks it, then by the form's own `rules`. */
export function SchemaField({ schema, rules = [], ...item }: SchemaFieldProps) {
  return <Form.Item {...item} rules={[fieldRule(schema), ...rules]} />;
}

/** A decimal number (an amount, a price, a rate) typed as text, so no digit is lost to a float. */
export function DecimalField({
  placeholder,
  autoFocus,
  ...item
}: Omit<SchemaFieldProps, 'children'> & { placeholder?: string; autoFocus?: boolean }) {
  return (
    <SchemaField {...item}>
      <Input inputMode="decimal" autoComplete="off" placeholder={placeholder} autoFocus={autoFocus} />
    </SchemaField>
  );
}

/** The "name" field: a display name of at most 64 characters, as the shared schemas allow. */
export function NameField({ placeholder, ...item }: Omit<SchemaFieldProps, 'children' | 'name'> & { placeholder?: string }) {
  return (
    <SchemaField name="name" {...item}>
      <Input maxLength={64} autoComplete="off" placeholder={placeholder} />
    </SchemaField>
  );
}
