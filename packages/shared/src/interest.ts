/**
 * The interest wallet's arithmetic (lixibao), shared by the server and the apps so both show and pay the same.
 * A product's daily rate is an integer of 10^-4 per cent (1.2345 % a day = 12345); interest is
 * principal × rate × days / 100, rounded down to the micro-unit, all in bigint (DESIGN §3).
 */

/** 10^-4 per cent units in one per cent. */
export const RATE_SCALE = 10_000n;
const RATE_RE = /^(\d{1,3})(?:\.(\d{1,4}))?$/;

/** Parses a daily rate in per cent with up to 4 decimals ("0.5", "1.2345") into 10^-4 per cent; null otherwise. */
export function parseRate(input: string): bigint | null {
  const m = RATE_RE.exec(input.trim());
  if (!m) return null;
  return BigInt(m[1] as string) * RATE_SCALE + BigInt((m[2] ?? '').padEnd(4, '0'));
}

/** Formats a stored rate (10^-4 per cent) as a per-cent decimal with at least 2 and at most 4 decimals: 12345 -> "1.2345". */
export function formatRate(rate: bigint): string {
  const whole = rate / RATE_SCALE;
  let frac = (rate % RATE_SCALE).toString().padStart(4, '0');
  while (frac.length > 2 && frac.endsWith('0')) frac = frac.slice(0, -1);
  return `${whole}.${frac}`;
}

/** Interest in micro-units on `principal` micro-units at `rate` (10^-4 per cent a day) for `days`, rounded down. */
export function interestOf(principal: bigint, rate: bigint, days: number): bigint {
  return (principal * rate * BigInt(days)) / (100n * RATE_SCALE);
}

export const DAY_MS = 86_400_000;

/** When an order made at `start` for `days` expires (whole days of 24 hours). */
export const expiryOf = (start: Date, days: number): Date => new Date(start.getTime() + days * DAY_MS);

/** The longest product term in days. */
export const INTEREST_DAYS_MAX = 3650;

/**
 * The most one order may pay back (principal + interest) in micro-units: what a typed amount may be at most
 * (999,999,999,999.99 USDT), so every balance and sum stays far inside the BIGINT columns.
 */
export const PAYBACK_MAX = 10n ** 18n;

/** True when an order of `max` micro-units at `rate` for `days` pays back no more than PAYBACK_MAX. */
export const paybackFits = (max: bigint, rate: bigint, days: number): boolean => max + interestOf(max, rate, days) <= PAYBACK_MAX;
