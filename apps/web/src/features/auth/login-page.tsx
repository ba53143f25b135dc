import { ROUTES, TOTP_NEEDED } from '@c2c/shared';
import { Input, type InputRef } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Field } from '../../components/field';
import { PasswordInput } from '../../components/password-input';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api';
import { afterSignInPath, dropQueryParam, queryParam, switchTab } from '../../lib/navigation';
import { showSuccess, showToast } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate } from '../../lib/validate';
import { login } from './api';
import { AuthHeader } from './auth-header';

export function LoginPage() {
  const { t } = useTranslation();
  const { values, field } = useFormState({ email: '', password: '' });
  // null until the server asks for a second factor; then the code typed, as an authenticator or a recovery code
  const [totp, setTotp] = useState<string | null>(null);
  const [recovery, setRecovery] = useState(false);
  const codeInput = useRef<InputRef>(null);
  // Told once: the flag leaves the address, so a reload or a later visit does not repeat it.
  const [expired] = useState(() => queryParam('expired') === '1');
  useEffect(() => dropQueryParam('expired'), []);

  const submit = async () => {
    const body = await validate('loginRequest', { ...values, totp: totp ?? '' });
    if (!body) return;
    try {
      await login(body);
    } catch (error) {
      // asked for the second factor the first time: not an error to show, the code field appears instead
      if (error instanceof ApiError && error.code === TOTP_NEEDED && totp === null) {
        setTotp('');
        requestAnimationFrame(() => codeInput.current?.focus());
        return;
      }
      if (error instanceof ApiError) showToast(error.message);
      throw error;
    }
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
        {totp !== null && (
          <>
            <p className="session-notice" role="status">
              {t('auth.totpAsked')}
            </p>
            <Field label={t(recovery ? 'auth.recovery' : 'auth.totp')} name="totp">
              <Input
                ref={codeInput}
                value={totp}
                onChange={setTotp}
                placeholder={t(recovery ? 'auth.recoveryPlaceholder' : 'auth.totpPlaceholder')}
                inputMode={recovery ? 'text' : 'numeric'}
                autoComplete="one-time-code"
                maxLength={recovery ? 11 : 6}
                clearable
              />
            </Field>
            <button
              type="button"
              className="text-link"
              onClick={() => {
                setRecovery(!recovery);
                setTotp('');
              }}
            >
              {t(recovery ? 'auth.useTotp' : 'auth.useRecovery')}
            </button>
          </>
        )}
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
