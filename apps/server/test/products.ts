import { ADMIN_API, API } from '@c2c/shared';
import type { TestServer } from './harness.js';

/** What operators offer customers, made through the console, and a customer's sale to a merchant. */

/** A merchant's offer to buy USDT, as most tests make it (`over` changes fields). */
export const OTC = { name: 'OTC', price: '0.92', currency: 'EUR', quantity: '1000', min: '10', max: '500', methods: ['bank'] };

/** Creates a merchant offer as the operator whose token is `admin`; answers its id. */
export async function merchantOffer(s: Pick<TestServer, 'admin'>, admin: string, over: Record<string, unknown> = {}) {
  const r = await s.admin<{ id: number }>(ADMIN_API.merchantCreate, { ...OTC, ...over }, admin);
  if (r.code !== 200) throw new Error(`merchant offer: ${r.msg}`);
  return r.data.id;
}

/** The customer `seller` sells `number` USDT to the merchant offer `offer`, paid to their payout account `bk`. */
export const sellToMerchant = (
  s: Pick<TestServer, 'call'>,
  seller: { token: string; bk: string },
  offer: number,
  number: string,
  over: Record<string, string> = {},
) => s.call<{ id: number }>(API.saleuCreateOrder, { saleu_id: String(offer), number, bk_id: seller.bk, ...over }, seller.token);

/** An interest product, as most tests make it (`over` changes fields). */
export const WEEKLY = { name: 'Weekly', rate: '1', days: 7, min: '10', max: '500', quota: '1000' };

/** Creates an interest product as the operator whose token is `admin`; answers its id. */
export async function interestProduct(s: Pick<TestServer, 'admin'>, admin: string, over: Record<string, unknown> = {}) {
  const r = await s.admin<{ id: number }>(ADMIN_API.lixibaoCreate, { ...WEEKLY, ...over }, admin);
  if (r.code !== 200) throw new Error(`interest product: ${r.msg}`);
  return r.data.id;
}

/** The customer `c` puts `number` USDT into the interest product `product`. */
export const subscribe = (s: Pick<TestServer, 'call'>, c: { token: string }, product: number, number: string) =>
  s.call<{ id: number }>(API.lixibaoCreateOrder, { lixibao_id: String(product), number }, c.token);
