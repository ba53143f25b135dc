const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO-8601 time from the server in the operator's local time zone, as `2025-01-31 14:05:09`: compact,
 * unambiguous and in the same order everywhere in the console.
 */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A wire amount (decimal string, `"12345.5"`) as `12,345.50`; grouped by hand because money never becomes a float. */
export function formatDecimal(amount: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) return amount;
  const [, sign, whole = '0', frac = ''] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}.${frac.padEnd(2, '0')}`;
}

export const formatUsdt = (amount: string): string => `${formatDecimal(amount)} USDT`;
