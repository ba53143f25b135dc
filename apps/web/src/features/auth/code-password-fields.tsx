import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { PasswordInput } from '../../components/password-input';
import type { TKey } from '../../lib/i18n-keys';
import type { CodeScene } from './api';
import { CodeButton } from './code-button';

type Name = 'email' | 'code' | 'password' | 'confirm_password';

const LOOK: Record<CodeScene, { emailAutoComplete: string; passwordLabel: TKey }> = {
  register: { emailAutoComplete: 'email', passwordLabel: 'auth.password' },
  forget: { emailAutoComplete: 'username', passwordLabel: 'auth.newPassword' },
};

/** E-mail, the code sent to it, a new password and its repeat: the fields registering and resetting share. */
export function CodePasswordFields({
  scene,
  email,
  field,
}: {
  scene: CodeScene;
  email: string;
  field: (name: Name) => { value: string; onChange: (value: string) => void };
}) {
  const { t } = useTranslation();
  const look = LOOK[scene];
  return (
    <>
      <Field label={t('auth.email')}>
        <Input
          {...field('email')}
          type="email"
          placeholder={t('auth.emailPlaceholder')}
          autoComplete={look.emailAutoComplete}
          clearable
        />
      </Field>
      <Field label={t('auth.code')} extra={<CodeButton email={email} scene={scene} />}>
        <Input
          {...field('code')}
          inputMode="numeric"
          maxLength={6}
          placeholder={t('auth.codePlaceholder')}
          autoComplete="one-time-code"
        />
      </Field>
      <Field label={t(look.passwordLabel)}>
        <PasswordInput {...field('password')} placeholder={t('auth.newPasswordPlaceholder')} autoComplete="new-password" />
      </Field>
      <Field label={t('auth.confirmPassword')}>
        <PasswordInput
          {...field('confirm_password')}
          placeholder={t('auth.confirmPasswordPlaceholder')}
          autoComplete="new-password"
        />
      </Field>
    </>
  );
}
