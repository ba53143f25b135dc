import { ROUTES } from '@c2c/shared';
import { Input } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Field } from '../../components/field';
import { PasswordInput } from '../../components/password-input';
import { SubmitButton } from '../../components/submit-button';
import { afterSignInPath, dropQueryParam, queryParam, switchTab } from '../../lib/navigation';
import { showSuccess } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate } from '../../lib/validate';
import { login } from './api';
import { AuthHeader } from './auth-header';

export function LoginPage() {
  const { t } = useTranslation();
  const { values, field } = useFormState({ email: '', password: '' });
  // Told once: the flag leaves the address, so a reload or a later visit does not repeat it.
  const [expired] = useState(() => queryParam('expired') === '1');
  useEffect(() => dropQueryParam('expired'), []);

  const submit = async () => {
    const body = await validate('loginRequest', values);
    if (!body) return;
    await login(body);
    showSuccess(t('auth.loginSuccess'));
    const back = afterSignInPath();
    dropQueryParam('redirect');
    switchTab(back);
  };

  return (
    <div className="auth-page">
      <AuthHeader title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      {expired && (
        <p className="session-notice" role="alert">
          {t('auth.sessionExpired')}
        </p>
      )}
      <form className="card form-card" onSubmit={(e) => e.preventDefault()}>
        <Field label={t('auth.email')}>
          <Input {...field('email')} type="email" placeholder={t('auth.emailPlaceholder')} autoComplete="username" clearable />
        </Field>
        <Field label={t('auth.password')}>
          <PasswordInput {...field('password')} placeholder={t('auth.passwordPlaceholder')} autoComplete="current-password" />
        </Field>
        <SubmitButton onSubmit={submit} type="submit">
          {t('auth.login')}
        </SubmitButton>
      </form>
      <div className="auth-links">
        <Link href={ROUTES.register}>{t('auth.toRegister')}</Link>
        <Link href={ROUTES.forget}>{t('auth.toForget')}</Link>
      </div>
    </div>
  );
}
