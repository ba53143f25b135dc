import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text';
import { useUser } from '../lib/queries';
import { showToast } from '../lib/toast';
import { Field } from './field';

/**
 * True when the signed-in customer has two-factor on: every call that lets money leave (a withdrawal, a listing, a
 * release, a sale to a merchant) and payout-account changes then need a fresh code.
 */
export function useSecondFactorOn(): boolean {
  return useUser({ fresh: true }).data?.totp_enabled === true;
}

/** With two-factor on and no code typed, says so before anything is asked or sent, and answers true. */
export async function secondFactorMissing(on: boolean, code: string | undefined): Promise<boolean> {
  if (!on || code) return false;
  showToast(await errorText('totp_code_required'));
  return true;
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
