/** Money is integer micro-USDT (10^-6) everywhere; these helpers are the only string <-> bigint bridge. */
export const MICRO_DIGITS = 6;
export const MICRO = 1_000_000n;

const AMOUNT_RE = /^(\d{1,15})(?:\.(\d{1,6}))?$/;

/**
 * Parses a user-entered decimal ("12", "12.5", "0.01") into micro-units.
 * Returns null for anything that is not a plain non-negative decimal with at most `maxDecimals`.
 */
export function parseAmount(input: string, maxDecimals = 2): bigint | null {
  const s = input.trim();
  const m = AMOUNT_RE.exec(s);
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > maxDecimals) return null;
  return BigInt(m[1] as string) * MICRO + BigInt(frac.padEnd(MICRO_DIGITS, '0'));
}

/**
 * The most a typed amount may have before its decimal point: 12 digits, so any amount, as micro-units (x 10^6), stays
 * far inside the BIGINT columns (9.2 x 10^18) with room for the sums and the interest made of it.
 */
export const AMOUNT_WHOLE_DIGITS = 12;
/** What a typed amount looks like on the wire: digits, at most 2 decimals (the request schemas show it in the docs). */
export const AMOUNT_ENTRY_RE = /^\d{1,15}(\.\d{1,2})?$/;
export const fitsLedger = (s: string) => (s.replace(/^-/, '').split('.')[0] ?? '').length <= AMOUNT_WHOLE_DIGITS;

/**
 * Why a typed amount (trimmed, written as the wire writes it: "1234.5") is refused by the amount field — not a number
 * above 0 with at most 2 decimals, or past the ledger's 12 whole digits — or null. The apps check what is typed with
 * it as the user types, so the message they show is the one the form's check and the server would give.
 */
export function amountEntryIssue(s: string): 'amount_format' | 'amount_too_big' | null {
  if (!AMOUNT_ENTRY_RE.test(s) || !/[1-9]/.test(s)) return 'amount_format';
  return fitsLedger(s) ? null : 'amount_too_big';
}

/** Formats micro-units as a wire decimal: at least 2 and at most 6 decimals, trailing zeros past the second trimmed. */
export function formatAmount(micro: bigint): string {
  const negative = micro < 0n;
  const abs = negative ? -micro : micro;
  const whole = abs / MICRO;
  let frac = (abs % MICRO).toString().padStart(MICRO_DIGITS, '0');
  while (frac.length > 2 && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${negative ? '-' : ''}${whole}.${frac}`;
}

/** Parses a wire decimal (as produced by formatAmount) back into micro-units; throws on malformed input. */
export function wireToMicro(wire: string): bigint {
  const m = /^(-?)(\d+)(?:\.(\d{1,6}))?$/.exec(wire);
  if (!m) throw new Error(`not a wire amount: ${wire}`);
  const v = BigInt(m[2] as string) * MICRO + BigInt((m[3] ?? '').padEnd(MICRO_DIGITS, '0'));
  return m[1] === '-' ? -v : v;
}

/** An operator-set range for an amount, in micro-units. */
export interface AmountRange {
  min: bigint;
  max: bigint;
}

/**
 * The first limit an amount breaks, compared in integers (DESIGN §3), or null: the one check the server and
 * both apps use, so a form refuses exactly what the server would.
 */
export function limitIssue(
  amount: bigint,
  range: Partial<AmountRange> & { available?: bigint },
): { key: 'amount_too_small' | 'amount_too_large' | 'insufficient_balance'; limit?: bigint } | null {
  if (range.min !== undefined && amount < range.min) return { key: 'amount_too_small', limit: range.min };
  if (range.max !== undefined && amount > range.max) return { key: 'amount_too_large', limit: range.max };
  if (range.available !== undefined && amount > range.available) return { key: 'insufficient_balance' };
  return null;
}

/**
 * The least one trade may take from a listing: its minimum, or all that is left when that is less — the last of a
 * listing is bought whole, as nothing else could buy it. The server's take and the app's buy sheet use it.
 */
export const smallestTake = (min: bigint, remaining: bigint): bigint => (remaining < min ? remaining : min);

/** A stored limit (a 2-decimal amount): micro-units, or an error naming it. A corrupt limit is never read as 0. */
export function parseLimit(name: string, value: string): bigint {
  const micro = parseAmount(value);
  if (micro === null) throw new Error(`setting ${name} is not an amount with at most 2 decimals: ${JSON.stringify(value)}`);
  return micro;
}

/**
 * Digits after the decimal point of a fiat currency's smallest unit (ISO 4217 minor units). Most currencies pay in
 * hundredths; these pay in whole units or thousandths. An unknown code counts as hundredths.
 */
const MINOR_UNITS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};
export const minorUnits = (currency: string): number => MINOR_UNITS[currency.toUpperCase()] ?? 2;

/**
 * What `quantity` micro-USDT come to at `price` micro-units of `currency` per USDT, in micro-units of that currency,
 * rounded down to the currency's smallest unit (cents, whole yen, ...): the one computation of a fiat amount the
 * server and both apps use, so the sheet shows exactly what the order will say.
 */
export function fiatAmount(quantity: bigint, price: bigint, currency: string): bigint {
  const unit = 10n ** BigInt(MICRO_DIGITS - minorUnits(currency));
  return ((quantity * price) / MICRO / unit) * unit;
}
