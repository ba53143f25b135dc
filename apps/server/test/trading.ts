import { API } from '@c2c/shared';
import { agePayoutAccounts, BANK_FORM, credit, signUp, type TestServer } from './harness.js';

/** Helpers shared by the listings and trades tests: customers with money and a payout account, listings, trades. */

export interface Customer {
  token: string;
  email: string;
  id: number;
  bk: string;
}

/** A signed-up customer with `amount` USDT available (0: none) and a bound bank account, usable for payouts at once. */
export async function customer(
  s: TestServer,
  admin: string,
  amount = '0',
  opts: { lang?: string; invite?: string } = {},
): Promise<Customer> {
  const u = await signUp(s, opts);
  if (amount !== '0') await credit(s, admin, u.token, amount);
  const bound = await s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM }, u.token);
  if (bound.code !== 200) throw new Error(`bind: ${bound.msg}`);
  await agePayoutAccounts(s);
  return { token: u.token, email: u.email, id: u.user.id, bk: String(bound.data.id) };
}

export const LISTING = { number: '100', price: '7.25', currency: 'CNY', min: '10', max: '50', window_minutes: '15' };

export async function listing(s: TestServer, seller: Customer, over: Record<string, string> = {}): Promise<number> {
  const r = await s.call<{ id: number }>(API.sellingCreate, { ...LISTING, bk_id: seller.bk, ...over }, seller.token);
  if (r.code !== 200) throw new Error(`listing: ${r.msg}`);
  return r.data.id;
}

/**
 * A seller with `funds` USDT who lists on `terms` (LISTING's otherwise), and a buyer without money (`buyerOpts`: their
 * language or invitation), made in that order.
 */
export async function listingWithBuyer(
  s: TestServer,
  admin: string,
  funds: string,
  terms: Record<string, string> = {},
  buyerOpts: { lang?: string; invite?: string } = {},
) {
  const seller = await customer(s, admin, funds);
  const buyer = await customer(s, admin, '0', buyerOpts);
  return { seller, buyer, listingId: await listing(s, seller, terms) };
}

export const buy = (s: TestServer, buyer: Customer, listingId: number, number: string, over: Record<string, string> = {}) =>
  s.call<{ id: number }>(API.tradeCreate, { selling_id: String(listingId), number, ...over }, buyer.token);

export async function trade(s: TestServer, buyer: Customer, listingId: number, number: string): Promise<number> {
  const r = await buy(s, buyer, listingId, number);
  if (r.code !== 200) throw new Error(`trade: ${r.msg}`);
  return r.data.id;
}

export const money = async (s: TestServer, c: Customer) =>
  (
    await s.call<{ balance: string; frozen: string; escrow: string; interest: string; total: string }>(
      API.getMoneyInfo,
      {},
      c.token,
    )
  ).data;

export const act = <T = Record<string, unknown>>(
  s: TestServer,
  c: Customer,
  path: string,
  id: number,
  extra: Record<string, string> = {},
) => s.call<T>(path, { id: String(id), ...extra }, c.token);
