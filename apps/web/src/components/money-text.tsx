import { useTranslation } from 'react-i18next';
import { formatMoney } from '../lib/money';

export function MoneyText({ value }: { value: string }) {
  const { i18n } = useTranslation();
  return <>{formatMoney(value, i18n.language)}</>;
}
