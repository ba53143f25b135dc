import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useUser } from '../lib/queries';
import { Field } from './field';

/** True when the signed-in customer has two-factor on: withdrawals and payout-account changes then need a fresh code. */
export function useSecondFactorOn(): boolean {
  return useUser({ fresh: true }).data?.totp_enabled === true;
}

/** The code a guarded call sends as `totp`: an authenticator's 6 digits or a recovery code. */
export function SecondFactorField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  return (
    <Field label={t('twoFactor.codeLabel')} name="totp" error={error} note={t('twoFactor.codeNote')}>
      <Input
        value={value}
        onChange={onChange}
        placeholder={t('twoFactor.codePlaceholder')}
        autoComplete="one-time-code"
        maxLength={11}
        clearable
      />
    </Field>
  );
}
