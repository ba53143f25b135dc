import { API } from '@c2c/shared';
import type { TestServer } from './harness.js';
import { act, customer, listing, trade } from './trading.js';

type Status = 'awaiting_payment' | 'paid' | 'disputed' | 'completed';

/**
 * A trade between two fresh customers brought into `status` through the real calls (listing, trade, paid, appeal by
 * the buyer, release), for the chat and dispute tests. Sides are `{ token, email, user: { id } }`.
 */
export async function arrangeTrade(
  s: TestServer,
  admin: string,
  opts: { status?: Status; quantity?: string; lang?: string } = {},
) {
  const quantity = opts.quantity ?? '100';
  const seller = await customer(s, admin, quantity, { lang: opts.lang });
  const buyer = await customer(s, admin, '0', { lang: opts.lang });
  const listingId = await listing(s, seller, { number: quantity, min: '1', max: quantity });
  const id = await trade(s, buyer, listingId, quantity);
  const status = opts.status ?? 'awaiting_payment';
  const step = async (c: typeof seller, path: string, extra: Record<string, string> = {}) => {
    const r = await act(s, c, path, id, extra);
    if (r.code !== 200) throw new Error(`${path}: ${r.msg}`);
  };
  if (status !== 'awaiting_payment') await step(buyer, API.tradePaid);
  if (status === 'disputed') await step(buyer, API.tradeAppeal, { reason: 'seller does not release' });
  if (status === 'completed') await step(seller, API.tradeRelease);
  const side = (c: typeof seller) => ({ token: c.token, email: c.email, user: { id: c.id } });
  return { id, seller: side(seller), buyer: side(buyer) };
}

/** The seller disputes a paid trade. */
export async function dispute(s: TestServer, tradeId: number, seller: { token: string }) {
  const r = await s.call(API.tradeAppeal, { id: String(tradeId), reason: 'no money arrived' }, seller.token);
  if (r.code !== 200) throw new Error(`appeal: ${r.msg}`);
}
