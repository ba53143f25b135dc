/**
 * Intl formatters, made once per locale and style. Making one costs far more than using it (the locale's data is
 * looked up each time), and lists format a number or a time per row on every render: on a phone's CPU, making them
 * per call was most of the first render of Home's latest deals.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

export function numberFormat(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format;
}

export type DateTimeStyle = 'short' | 'medium';

/** Date and time, both in `style` ('short': a list row, 'medium': a detail). */
export function dateTimeFormat(locale: string, style: DateTimeStyle): Intl.DateTimeFormat {
  const key = `${locale} ${style}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: style, timeStyle: 'short' });
    dateTimeFormats.set(key, format);
  }
  return format;
}
