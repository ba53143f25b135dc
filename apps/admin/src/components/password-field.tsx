import { Input } from 'antd';
import type { ComponentProps } from 'react';
import { SchemaField } from './schema-field';

/** what the shared password rule asks of a new password, in words */
export const NEW_PASSWORD_HINT = '8 to 64 characters with a letter and a digit';

/**
 * A password field checked by its shared schema; `current` asks the browser's password manager for the saved
 * password instead of offering a new one.
 */
export function PasswordField({
  current = false,
  autoFocus,
  ...item
}: Omit<ComponentProps<typeof SchemaField>, 'children'> & { current?: boolean; autoFocus?: boolean }) {
  return (
    <SchemaField {...item}>
      <Input.Password autoComplete={current ? 'current-password' : 'new-password'} autoFocus={autoFocus} />
    </SchemaField>
  );
}
