import { fiatAmount, formatAmount, wireToMicro } from '@c2c/shared';

/** A typed USDT amount has at most 2 decimals: 0.01 USDT is 10^4 micro-units. */
const CENT = 10_000n;

/**
 * What `quantity` USDT come to at `price` (fiat per USDT), both wire decimals, in `currency`: the shared computation the
 * server fixes an order's amount with (integers, rounded down to the currency's smallest unit: cents, whole yen).
 */
export function fiatOf(quantity: string, price: string, currency: string): string {
  return formatAmount(fiatAmount(wireToMicro(quantity), wireToMicro(price), currency));
}

/**
 * What "All" fills in: the most one order can sell, the smallest of the available balance, the quantity the merchant
 * still buys and its per-order maximum, rounded down to the cent (an entered amount has at most 2 decimals).
 */
export function sellAll(available: string, quantity: string, max: string): string {
  const most = [available, quantity, max].map(wireToMicro).reduce((a, b) => (b < a ? b : a));
  return formatAmount(most - (most % CENT));
}
