import { ROUTES } from '@c2c/shared';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button';
import { switchTab } from '../../lib/navigation';
import { showSuccess } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate } from '../../lib/validate';
import { resetPassword } from './api';
import { AuthHeader } from './auth-header';
import { CodePasswordFields } from './code-password-fields';

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
        <CodePasswordFields scene="forget" email={values.email} field={field} />
        <SubmitButton onSubmit={submit} type="submit">
          {t('auth.resetPassword')}
        </SubmitButton>
      </form>
    </div>
  );
}
