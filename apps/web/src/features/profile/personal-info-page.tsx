import { NICKNAME_MAX } from '@c2c/shared';
import { Input } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../components/copy-button';
import { Field } from '../../components/field';
import { PageLoading } from '../../components/page-loading';
import { PasswordInput } from '../../components/password-input';
import { SubmitButton } from '../../components/submit-button';
import { useUser } from '../../lib/queries';
import { showSuccess } from '../../lib/toast';
import { useFormState } from '../../lib/use-form-state';
import { validate } from '../../lib/validate';
import { changePassword, saveNickname } from './api';

export function PersonalInfoPage() {
  const { t } = useTranslation();
  const user = useUser().data;
  const profile = useFormState({ nickname: '' });
  const passwords = useFormState({ old_password: '', password: '', confirm_password: '' });
  const { setValues: setProfile } = profile;
  const filled = useRef(false);

  // Filled once: a later refetch must not overwrite what the user is typing.
  useEffect(() => {
    if (!user || filled.current) return;
    filled.current = true;
    setProfile({ nickname: user.nickname });
  }, [user, setProfile]);

  if (!user) return <PageLoading />;

  const save = async () => {
    const body = await validate('saveUserInfoRequest', profile.values);
    if (!body) return;
    await saveNickname(body.nickname);
    showSuccess(t('common.saveSuccess'));
  };

  const submitPassword = async () => {
    const body = await validate('changePasswordRequest', passwords.values);
    if (!body) return;
    await changePassword(body);
    passwords.setValues({ old_password: '', password: '', confirm_password: '' });
    showSuccess(t('profile.passwordChanged'));
  };

  return (
    <div className="page-body">
      <section className="card form-card">
        <h2 className="card-title">{t('profile.basic')}</h2>
        <Field label={t('profile.nickname')}>
          <Input
            {...profile.field('nickname')}
            maxLength={NICKNAME_MAX}
            placeholder={t('profile.nicknamePlaceholder')}
            clearable
          />
        </Field>
        <Field readOnly label={t('profile.account')}>
          <span className="field-text">{user.email}</span>
        </Field>
        <Field readOnly label={t('profile.inviteCode')} extra={<CopyButton text={user.invite_code} />}>
          <span className="field-text mono">{user.invite_code}</span>
        </Field>
        <SubmitButton onSubmit={save}>{t('common.save')}</SubmitButton>
      </section>
      <section className="card form-card">
        <h2 className="card-title">{t('profile.changePassword')}</h2>
        <Field label={t('profile.oldPassword')}>
          <PasswordInput
            {...passwords.field('old_password')}
            placeholder={t('profile.oldPasswordPlaceholder')}
            autoComplete="current-password"
          />
        </Field>
        <Field label={t('profile.newPassword')}>
          <PasswordInput
            {...passwords.field('password')}
            placeholder={t('profile.newPasswordPlaceholder')}
            autoComplete="new-password"
          />
        </Field>
        <Field label={t('profile.confirmPassword')}>
          <PasswordInput
            {...passwords.field('confirm_password')}
            placeholder={t('profile.confirmPasswordPlaceholder')}
            autoComplete="new-password"
          />
        </Field>
        <SubmitButton onSubmit={submitPassword}>{t('profile.changePassword')}</SubmitButton>
      </section>
    </div>
  );
}
