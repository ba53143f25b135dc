import { type ErrorKey, formatAmount, limitIssue, parseAmount, wireToMicro } from '@c2c/shared';
import { numberFormat } from './intl';

/** The one currency today (DESIGN §3); a ticker symbol, the same in every language. */
export const CURRENCY = 'USDT';

/** Sum of wire amounts, in integers: money never touches floating point (DESIGN §3). */
export function addAmounts(...wires: string[]): string {
  return formatAmount(wires.reduce((sum, w) => sum + wireToMicro(w), 0n));
}

/** A wire amount for display in the user's locale: grouped digits and the locale's decimal mark, digits kept exact. */
export function formatMoney(wire: string, locale: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(wire);
  if (!m) return wire;
  const { decimal, group } = numberMarks(locale);
  const digits = BigInt(m[2] as string).toString();
  const whole = APP_MARKS[locale] ? digits.replace(/\B(?=(\d{3})+$)/g, group) : numberFormat(locale).format(BigInt(digits));
  const frac = (m[3] ?? '').padEnd(2, '0');
  return `${m[1]}${whole}${decimal}${frac}`;
}

/**
 * The marks of the app's own languages, which all group digits by three, as Intl writes them (money.test.ts checks
 * they still agree): money in these is written without Intl. A visit's first Intl formatter is costly (the engine
 * loads its locale data, tens of milliseconds on a phone), and the first render of a page's amounts paid for it.
 */
const APP_MARKS: Partial<Record<string, { decimal: string; group: string }>> = {
  en: { decimal: '.', group: ',' },
  'zh-Hans': { decimal: '.', group: ',' },
  'zh-Hant': { decimal: '.', group: ',' },
  ja: { decimal: '.', group: ',' },
  de: { decimal: ',', group: '.' },
};

/** The decimal and grouping marks of a locale, as Intl writes numbers there ("1.234,5" in de, "1,234.5" in en). */
const marks = new Map<string, { decimal: string; group: string }>();
function numberMarks(locale: string): { decimal: string; group: string } {
  const known = APP_MARKS[locale];
  if (known) return known;
  let found = marks.get(locale);
  if (!found) {
    const parts = numberFormat(locale).formatToParts(1234.5);
    found = {
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
    };
    marks.set(locale, found);
  }
  return found;
}

/**
 * A rate or another decimal that is not money (an interest product's "0.50" % a day) in the user's locale: its digits
 * as they come, the locale's decimal mark ("0,50" in de).
 */
export function formatDecimal(wire: string, locale: string): string {
  return /^-?\d+\.\d+$/.test(wire) ? wire.replace('.', numberMarks(locale).decimal) : wire;
}

/** The mark a locale writes before the decimals ("." in en, "," in de). */
export const decimalMark = (locale: string): string => numberMarks(locale).decimal;

const literal = (mark: string) => mark.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads an amount the user typed the way their language writes numbers ("12,50" and "1.234,50" in de, "1,234.50"
 * in en) into the wire's decimal ("12.50", "1234.50"), in text only: no floating point touches it. Full-width
 * digits and marks (a Japanese or Chinese keyboard) count as plain ones. Grouping marks are accepted only where
 * they group thousands, so a mark that could mean the other thing is refused, never guessed: "12.50" in de is
 * neither 12.50 nor 1250 but null. Answers null for anything that is not such a number.
 */
export function readAmount(input: string, locale: string): string | null {
  const text = input.normalize('NFKC').trim();
  const { decimal, group } = numberMarks(locale);
  // A space-like group mark (fr, ru: U+202F / U+00A0, plain spaces after NFKC) may be typed as any space.
  const groupRe = /\s/.test(group) ? /\s/ : new RegExp(literal(group));
  const [whole = '', frac, extra] = text.split(decimal);
  if (extra !== undefined || (frac !== undefined && !/^\d+$/.test(frac))) return null;
  const groups = whole.split(groupRe);
  const [head = '', ...tail] = groups;
  const grouped = tail.length === 0 || (/^\d{1,3}$/.test(head) && tail.every((g) => /^\d{3}$/.test(g)));
  const digits = groups.join('');
  if (!grouped || !/^\d+$/.test(digits)) return null;
  return frac === undefined ? digits : `${digits}.${frac}`;
}

/** The largest amount a user can enter (2 decimals) that is not above `wire`: "All" must not ask for a fraction of a cent. */
export function floorToCents(wire: string): string {
  const micro = wireToMicro(wire);
  return formatAmount(micro - (micro % 10_000n));
}

export interface AmountLimits {
  min?: string | undefined;
  max?: string | undefined;
  available?: string | undefined;
  /** a cap of one form's own, checked last (what a merchant still buys, what a product still takes) with its message */
  cap?: { limit: string; key: ErrorKey };
}

const micro = (wire: string | undefined) => (wire ? wireToMicro(wire) : undefined);

/**
 * The first limit a well-formed entered amount breaks (the server's own check, shared), then the form's own cap; null
 * when it breaks none.
 */
export function amountIssue(
  amount: string,
  { min, max, available, cap }: AmountLimits,
): { key: ErrorKey; limit?: string } | null {
  const value = parseAmount(amount);
  if (value === null) return null;
  const issue = limitIssue(value, {
    min: micro(min),
    max: micro(max),
    available: available === undefined ? undefined : micro(available),
  });
  if (issue) return { key: issue.key, ...(issue.limit !== undefined ? { limit: formatAmount(issue.limit) } : {}) };
  return cap && value > wireToMicro(cap.limit) ? { key: cap.key, limit: cap.limit } : null;
}
