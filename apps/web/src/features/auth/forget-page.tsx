import { ROUTES } from '@c2c/shared';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { PasswordInput } from '../../components/password-input';
import { SubmitButton } from '../../components/submit-button';
import { switchTab } from '../../lib/navigation';
import { showSuccess } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate } from '../../lib/validate';
import { resetPassword } from './api';
import { AuthHeader } from './auth-header';
import { CodeButton } from './code-button';

export function ForgetPage() {
  const { t } = useTranslation();
  const { values, field } = useFormState({ email: '', code: '', password: '', confirm_password: '' });

  const submit = async () => {
    const body = await validate('forgetRequest', values);
    if (!body) return;
    await resetPassword(body);
    showSuccess(t('auth.resetSuccess'));
    switchTab(ROUTES.login);
  };

  return (
    <div className="auth-page">
      <AuthHeader title={t('auth.forgetTitle')} subtitle={t('auth.forgetSubtitle')} />
      <form className="card form-card" onSubmit={(e) => e.preventDefault()}>
        <Field label={t('auth.email')}>
          <Input {...field('email')} type="email" placeholder={t('auth.emailPlaceholder')} autoComplete="username" clearable />
        </Field>
        <Field label={t('auth.code')} extra={<CodeButton email={values.email} scene="forget" />}>
          <Input
            {...field('code')}
            inputMode="numeric"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
            autoComplete="one-time-code"
          />
        </Field>
        <Field label={t('auth.newPassword')}>
          <PasswordInput {...field('password')} placeholder={t('auth.newPasswordPlaceholder')} autoComplete="new-password" />
        </Field>
        <Field label={t('auth.confirmPassword')}>
          <PasswordInput
            {...field('confirm_password')}
            placeholder={t('auth.confirmPasswordPlaceholder')}
            autoComplete="new-password"
          />
        </Field>
        <SubmitButton onSubmit={submit} type="submit">
          {t('auth.resetPassword')}
        </SubmitButton>
      </form>
    </div>
  );
}
