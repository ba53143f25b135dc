import { ROUTES } from '@c2c/shared';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Field } from '../../components/field';
import { PasswordInput } from '../../components/password-input';
import { SubmitButton } from '../../components/submit-button';
import { queryParam, switchTab } from '../../lib/navigation';
import { showSuccess } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate } from '../../lib/validate';
import { register } from './api';
import { AuthHeader } from './auth-header';
import { CodeButton } from './code-button';

export function RegisterPage() {
  const { t } = useTranslation();
  const { values, field } = useFormState({
    email: '',
    code: '',
    password: '',
    confirm_password: '',
    invite_code: queryParam('code') ?? '',
  });

  const submit = async () => {
    const body = await validate('registerRequest', values);
    if (!body) return;
    await register(body);
    showSuccess(t('auth.registerSuccess'));
    switchTab(ROUTES.home);
  };

  return (
    <div className="auth-page">
      <AuthHeader title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
      <form className="card form-card" onSubmit={(e) => e.preventDefault()}>
        <Field label={t('auth.email')}>
          <Input {...field('email')} type="email" placeholder={t('auth.emailPlaceholder')} autoComplete="email" clearable />
        </Field>
        <Field label={t('auth.code')} extra={<CodeButton email={values.email} scene="register" />}>
          <Input
            {...field('code')}
            inputMode="numeric"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
            autoComplete="one-time-code"
          />
        </Field>
        <Field label={t('auth.password')}>
          <PasswordInput {...field('password')} placeholder={t('auth.newPasswordPlaceholder')} autoComplete="new-password" />
        </Field>
        <Field label={t('auth.confirmPassword')}>
          <PasswordInput
            {...field('confirm_password')}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            autoComplete="new-password"
          />
        </Field>
        <Field label={t('auth.inviteCode')}>
          <Input {...field('invite_code')} placeholder={t('auth.inviteCodePlaceholder')} autoComplete="off" clearable />
        </Field>
        <SubmitButton onSubmit={submit} type="submit">
          {t('auth.register')}
        </SubmitButton>
      </form>
      <div className="auth-links">
        <span>{t('auth.haveAccount')}</span>
        <Link href={ROUTES.login}>{t('auth.toLogin')}</Link>
      </div>
    </div>
  );
}
