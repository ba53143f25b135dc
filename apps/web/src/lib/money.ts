import { type ErrorKey, formatAmount, limitIssue, parseAmount, wireToMicro } from '@c2c/shared';

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
  const whole = new Intl.NumberFormat(locale).format(BigInt(m[2] as string));
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  const frac = (m[3] ?? '').padEnd(2, '0');
  return `${m[1]}${whole}${decimal}${frac}`;
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
}

const micro = (wire: string | undefined) => (wire ? wireToMicro(wire) : undefined);

/** The first limit a well-formed entered amount breaks (the server's own check, shared); null when it breaks none. */
export function amountIssue(amount: string, { min, max, available }: AmountLimits): { key: ErrorKey; limit?: string } | null {
  const value = parseAmount(amount);
  if (value === null) return null;
  const issue = limitIssue(value, {
    min: micro(min),
    max: micro(max),
    available: available === undefined ? undefined : micro(available),
  });
  return issue && { key: issue.key, ...(issue.limit !== undefined ? { limit: formatAmount(issue.limit) } : {}) };
}
