import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../lib/intl';

/** A wire time (ISO-8601 UTC) in the user's locale and time zone. */
export function TimeText({ value }: { value: string }) {
  const { i18n } = useTranslation();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>--</>;
  return <time dateTime={value}>{dateTimeFormat(i18n.language, 'medium').format(date)}</time>;
}
