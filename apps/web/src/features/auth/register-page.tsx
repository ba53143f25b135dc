import { ROUTES } from '@c2c/shared';
import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Field } from '../../components/field';
import { SubmitButton } from '../../components/submit-button';
import { queryParam, switchTab } from '../../lib/navigation';
import { showSuccess } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate } from '../../lib/validate';
import { register } from './api';
import { AuthHeader } from './auth-header';
import { CodePasswordFields } from './code-password-fields';

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
        <CodePasswordFields scene="register" email={values.email} field={field} />
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
