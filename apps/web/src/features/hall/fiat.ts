import { formatAmount, MICRO, wireToMicro } from '@c2c/shared';

/** Fiat is paid in cents: 0.01 of the currency is 10^4 micro-units. */
const CENT = 10_000n;

/**
 * What a merchant pays for `quantity` USDT at `price` (fiat per USDT), both wire decimals: computed in integers and
 * rounded down to the cent, exactly as the server's `fiatAmount` (merchants.service.ts) fixes the order's amount.
 */
export function fiatAmount(quantity: string, price: string): string {
  return formatAmount(((wireToMicro(quantity) * wireToMicro(price)) / MICRO / CENT) * CENT);
}

/**
 * What "All" fills in: the most one order can sell, the smallest of the available balance, the quantity the merchant
 * still buys and its per-order maximum, rounded down to the cent (an entered amount has at most 2 decimals).
 */
export function sellAll(available: string, quantity: string, max: string): string {
  const most = [available, quantity, max].map(wireToMicro).reduce((a, b) => (b < a ? b : a));
  return formatAmount(most - (most % CENT));
}
