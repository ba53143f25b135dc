import { useTranslation } from 'react-i18next';
import { TimeText } from './time-text';

/**
 * A payout account's first 24 hours: until `usable_at` no withdrawal or sale pays out to it, so the account
 * says from when it does. Nothing once it is usable.
 */
export function UsableFrom({ at }: { at: string }) {
  const { t } = useTranslation();
  if (!(new Date(at).getTime() > Date.now())) return null;
  return (
    <span className="usable-from warning-text">
      {t('binding.usableFrom')} <TimeText value={at} />
    </span>
  );
}
