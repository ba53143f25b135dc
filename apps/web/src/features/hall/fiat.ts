import { fiatAmount, formatAmount, wireToMicro } from '@c2c/shared';
import { floorToCents } from '../../lib/money';

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
  const most = [available, quantity, max].reduce((a, b) => (wireToMicro(b) < wireToMicro(a) ? b : a));
  return floorToCents(most);
}
