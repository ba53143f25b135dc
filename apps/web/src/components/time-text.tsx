import { useTranslation } from 'react-i18next';

/** A wire time (ISO-8601 UTC) in the user's locale and time zone. */
export function TimeText({ value }: { value: string }) {
  const { i18n } = useTranslation();
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return <>--</>;
  return (
    <time dateTime={value}>
      {new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)}
    </time>
  );
}
