import { Form, type FormItemProps, Input } from 'antd';
import { type FieldSchema, fieldRule } from '../lib/field-rule';

/** what the shared password rule asks of a new password, in words */
export const NEW_PASSWORD_HINT = '8 to 64 characters with a letter and a digit';

/**
 * A password field checked by its shared schema as the server checks it, then by the form's own `rules`; `current`
 * asks the browser's password manager for the saved password instead of offering a new one.
 */
export function PasswordField({
  schema,
  rules = [],
  current = false,
  autoFocus,
  ...item
}: Omit<FormItemProps, 'children'> & { schema: FieldSchema; current?: boolean; autoFocus?: boolean }) {
  return (
    <Form.Item {...item} rules={[fieldRule(schema), ...rules]}>
      <Input.Password autoComplete={current ? 'current-password' : 'new-password'} autoFocus={autoFocus} />
    </Form.Item>
  );
}
