import { ADMIN_API, API, errorCode, type Listing } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { changePassword, moneyTestServer, ownerToken } from '../../../test/harness.js';
import { interestProduct, merchantOffer, sellToMerchant, subscribe } from '../../../test/products.js';
import { act, buy, type Customer, customer, LISTING, listing, listingWithBuyer, money, trade } from '../../../test/trading.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const sell = (token: string, body: Record<string, string>) => s.call<{ id: number }>(API.sellingCreate, body, token);
const book = async (token: string, over: Record<string, string> = {}) =>
  (await s.call<{ list: Listing[]; total: number }>(API.sellingOrder, { page: '1', page_size: '100', ...over }, token)).data;
const rowOf = (id: number) => s.db.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('a sell listing', () => {
  it('moves its quantity available -> escrow once per request and refuses what does not fit', async () => {
    const seller = await customer(s, admin, '150');
    const other = await customer(s, admin);
    const body = { ...LISTING, bk_id: seller.bk };
    const cases: [Record<string, string>, string][] = [
      [{ ...body, bk_id: '999999' }, 'no_payout_account'],
      [{ ...body, bk_id: other.bk }, 'no_payout_account'],
      [{ ...body, max: '100.01' }, 'listing_max_over_quantity'],
      [{ ...body, min: '60', max: '50' }, 'amount_too_large'],
      [{ ...body, number: '150.01', max: '100' }, 'insufficient_balance'],
      [{ ...body, window_minutes: '20' }, 'invalid_value'],
      [{ ...body, price: '0' }, 'price_zero'],
      [{ ...body, price: '0.1234567' }, 'price_decimals'],
      [{ ...body, price: '0,92' }, 'price_format'],
      [{ ...body, number: '' }, 'amount_required'],
    ];
    for (const [b, key] of cases) expect([key, (await sell(seller.token, b)).code]).toEqual([key, errorCode(key as never)]);
    expect(await money(s, seller)).toMatchObject({ balance: '150.00', escrow: '0.00' });

    const first = await sell(seller.token, { ...body, request_id: 'listing-0001' });
    const again = await sell(seller.token, { ...body, request_id: 'listing-0001' });
    expect(first.code).toBe(200);
    expect(again.data).toEqual(first.data);
    expect(await money(s, seller)).toMatchObject({ balance: '50.00', escrow: '100.00', total: '150.00' });
    expect(await rowOf(first.data.id)).toMatchObject({ quantity: 100_000_000n, remaining: 100_000_000n, status: 'open' });
    const log = await s.call<{ list: { kind: string; amount: string }[] }>(
      API.assetLogList,
      { page: '1', page_size: '1' },
      seller.token,
    );
    expect(log.data.list.map((e) => [e.kind, e.amount])).toEqual([['listing_escrow', '-100.00']]);
    expect((await s.call(API.sellingTongji, {}, seller.token)).data).toEqual({
      available: '50.00',
      escrow: '100.00',
      frozen: '0.00',
      total: '150.00',
      on_order: '100.00',
    });

    // the payout account buyers pay to stays as it is while the listing is open
    expect((await s.call(API.bankinfoDelete, { bk_id: seller.bk }, seller.token)).code).toBe(errorCode('payout_account_pending'));
    expect((await act(s, seller, API.sellingCancel, first.data.id)).code).toBe(200);
    expect((await s.call(API.bankinfoDelete, { bk_id: seller.bk }, seller.token)).code).toBe(200);
  });

  it('names the maximum in the refusal of a minimum above it, in every language', async () => {
    const seller = await customer(s, admin, '150');
    for (const lang of ['en', 'zh-Hans', 'zh-Hant', 'de', 'ja']) {
      const r = await s.call(API.sellingCreate, { ...LISTING, bk_id: seller.bk, min: '60', max: '50', lang }, seller.token);
      expect(r.code).toBe(errorCode('amount_too_large'));
      expect(r.msg, lang).toMatch(/50/);
      expect(r.msg, lang).not.toMatch(/[{}]/);
    }
  });

  it('answers one total balance everywhere: available + frozen + escrow + interest', async () => {
    const seller = await customer(s, admin, '355');
    const subscribed = await subscribe(s, seller, await interestProduct(s, admin), '100');
    expect(subscribed.code).toBe(200);
    expect((await s.call(API.withdrawCreate, { bk_id: seller.bk, amount: '20' }, seller.token)).code).toBe(200);
    await listing(s, seller, { number: '55', min: '10', max: '50' });

    expect(await money(s, seller)).toEqual({
      balance: '180.00',
      frozen: '20.00',
      escrow: '55.00',
      interest: '100.00',
      total: '355.00',
    });
    expect((await s.call(API.sellingTongji, {}, seller.token)).data).toMatchObject({ total: '355.00' });
    expect((await s.call(API.assetLogTongji, {}, seller.token)).data).toMatchObject({ total_balance: '355.00' });
  });

  it('is paused for 24 hours after a password change, since buyers pay fiat to the bound account', async () => {
    const seller = await customer(s, admin, '100');
    const changed = await changePassword(s, seller.token);
    expect(changed.code).toBe(200);
    const body = { ...LISTING, bk_id: seller.bk };
    expect((await sell(seller.token, body)).code).toBe(errorCode('withdraw_locked'));
    expect(await money(s, seller)).toMatchObject({ balance: '100.00', escrow: '0.00' });
    s.clock.advance(24 * 3_600_000);
    expect((await sell(seller.token, body)).code).toBe(200);
  });

  it('is cancelled by its seller only, once no trade on it runs, returning the untraded rest', async () => {
    const { seller, buyer, listingId: id } = await listingWithBuyer(s, admin, '100', { number: '100', min: '10', max: '50' });
    const t = await trade(s, buyer, id, '30');

    expect((await act(s, buyer, API.sellingCancel, id)).code).toBe(errorCode('record_not_found'));
    expect((await act(s, seller, API.sellingCancel, id)).code).toBe(errorCode('listing_has_trades'));
    expect((await act(s, buyer, API.tradePaid, t)).code).toBe(200);
    expect((await act(s, seller, API.sellingCancel, id)).code).toBe(errorCode('listing_has_trades'));
    expect((await act(s, seller, API.tradeRelease, t)).code).toBe(200);

    const cancelled = await act<Listing>(s, seller, API.sellingCancel, id);
    expect(cancelled.data).toMatchObject({
      id,
      status: 'closed',
      quantity: '100.00',
      remaining: '0.00',
      in_trades: '0.00',
      uncompleted: '0.00',
      mine: true,
    });
    expect(await money(s, seller)).toMatchObject({ balance: '70.00', escrow: '0.00', total: '70.00' });
    expect((await act(s, seller, API.sellingCancel, id)).code).toBe(errorCode('listing_not_open'));
    expect((await buy(s, buyer, id, '10')).code).toBe(errorCode('listing_not_open'));
    const log = await s.call<{ list: { kind: string; amount: string }[] }>(
      API.assetLogList,
      { page: '1', page_size: '10' },
      seller.token,
    );
    expect(log.data.list.map((e) => [e.kind, e.amount])).toEqual([
      ['listing_return', '70.00'],
      ['listing_escrow', '-100.00'],
      ['recharge', '100.00'],
    ]);
    // the asset log's summary nets the return out of the escrow: only the 30 sold left
    expect((await s.call(API.assetLogTongji, {}, seller.token)).data).toMatchObject({
      income: '100.00',
      expenditure: '30.00',
    });
  });

  it('closes by itself once sold out and no trade on it runs', async () => {
    const { seller, buyer, listingId: id } = await listingWithBuyer(s, admin, '100', { number: '60', min: '10', max: '30' });
    const a = await trade(s, buyer, id, '30');
    const b = await trade(s, buyer, id, '30');
    for (const t of [a, b]) expect((await act(s, buyer, API.tradePaid, t)).code).toBe(200);
    expect((await act(s, seller, API.tradeRelease, a)).code).toBe(200);
    expect((await rowOf(id)).status).toBe('open');
    expect((await act(s, seller, API.tradeRelease, b)).code).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'closed', remaining: 0n, closed_at: expect.any(String) });
    expect(await money(s, seller)).toMatchObject({ balance: '40.00', escrow: '0.00' });
  });

  it('is shown to others best price first with its seller by nickname or masked and 30-day numbers, and to its seller as mine', async () => {
    const seller = await customer(s, admin, '1000');
    const buyer = await customer(s, admin, '0');
    await s.call(API.saveInfo, { nickname: 'Lucky Seller' }, seller.token);
    const cheap = await listing(s, seller, { price: '6.5', currency: 'CNY', number: '100', min: '10', max: '50' });
    const dear = await listing(s, seller, { price: '7.5', currency: 'CNY', number: '100', min: '10', max: '50' });
    const mid = await listing(s, seller, { price: '7', currency: 'CNY', number: '100', min: '10', max: '50' });
    const other = await customer(s, admin, '100');
    const unnamed = await listing(s, other, { price: '6.9', number: '50', max: '50' });

    // the buyer trades: one released, one cancelled, one waiting
    const done = await trade(s, buyer, cheap, '50');
    await act(s, buyer, API.tradePaid, done);
    await act(s, seller, API.tradeRelease, done);
    const gone = await trade(s, buyer, cheap, '20');
    await act(s, buyer, API.tradeCancel, gone);
    await trade(s, buyer, mid, '25');

    const seen = (await book(buyer.token)).list.filter((l) => [cheap, dear, mid, unnamed].includes(l.id));
    expect(seen.map((l) => l.id)).toEqual([cheap, unnamed, mid, dear]);
    expect(seen[0]).toEqual({
      id: cheap,
      seller: 'Lucky Seller',
      seller_trades_30d: 3,
      // one completed; the buyer's cancel is not the seller's doing
      seller_completion_rate: 100,
      mine: false,
      price: '6.50',
      currency: 'CNY',
      quantity: '100.00',
      remaining: '50.00',
      in_trades: '0.00',
      uncompleted: '50.00',
      min: '10.00',
      max: '50.00',
      method: 'bank',
      window_minutes: 15,
      status: 'open',
      created_at: expect.any(String),
    });
    expect(seen[1]!.seller).toBe(`${other.email.slice(0, 2)}***`);
    // no customer's e-mail or its domain, masked or not, anywhere in the Hall
    const hall = JSON.stringify(await book(buyer.token));
    expect(hall).not.toContain('@');
    expect(hall).not.toContain('example.com');
    expect(seen[2]).toMatchObject({ remaining: '75.00', in_trades: '25.00', uncompleted: '100.00' });
    // a seller does not see their own listings in the book, but under mine, newest first and closed ones too
    expect((await book(seller.token)).list.map((l) => l.id)).not.toContain(cheap);
    await act(s, seller, API.sellingCancel, dear);
    const mine = await book(seller.token, { mine: '1' });
    expect(mine.list.map((l) => [l.id, l.status, l.mine])).toEqual([
      [mid, 'open', true],
      [dear, 'closed', true],
      [cheap, 'open', true],
    ]);
    expect((await book(buyer.token)).list.map((l) => l.id)).not.toContain(dear);
    // sold-out listings leave the book
    await s.db.updateTable('listings').set({ remaining: 0n }).where('id', '=', unnamed).execute();
    expect((await book(buyer.token)).list.map((l) => l.id)).not.toContain(unnamed);
    await s.db.updateTable('listings').set({ remaining: 50_000_000n }).where('id', '=', unnamed).execute();

    // trades older than 30 days no longer count
    const old = new Date(s.clock.now().getTime() - 31 * 86_400_000).toISOString();
    await s.db.updateTable('trades').set({ created_at: old }).where('seller_id', '=', seller.id).execute();
    const later = (await book(buyer.token)).list.find((l) => l.id === cheap)!;
    expect(later).toMatchObject({ seller_trades_30d: 0, seller_completion_rate: null });
  });

  it("rates a seller by what the seller controls: buyers' cancels and expiries leave it at 100 %, a late release lowers it", async () => {
    const seller = await customer(s, admin, '500');
    const buyers = await Promise.all([1, 2, 3].map(() => customer(s, admin)));
    const [a, b, c] = buyers as [Customer, Customer, Customer];
    const l = await listing(s, seller, { number: '500', min: '10', max: '50' });
    const rated = async () => {
      const seen = (await book(a.token)).list.find((x) => x.id === l)!;
      return [seen.seller_trades_30d, seen.seller_completion_rate];
    };
    expect(await rated()).toEqual([0, null]);
    const released = await trade(s, a, l, '10');
    await act(s, a, API.tradePaid, released);
    await act(s, seller, API.tradeRelease, released);
    // buyers cancel and let trades expire, repeatedly: none of it is the seller's doing
    for (const buyer of [a, b]) await act(s, buyer, API.tradeCancel, await trade(s, buyer, l, '10'));
    await trade(s, c, l, '10');
    await trade(s, b, l, '10');
    s.clock.advance(16 * 60_000);
    await s.jobs.tick();
    expect(await rated()).toEqual([5, 100]);
    // the seller lets a paid trade pass the release deadline (the job disputes it), then releases it late
    const late = await trade(s, c, l, '10');
    await act(s, c, API.tradePaid, late);
    s.clock.advance(25 * 3_600_000);
    await s.jobs.tick();
    await act(s, seller, API.tradeRelease, late);
    expect((await s.db.selectFrom('trades').select('status').where('id', '=', late).executeTakeFirstOrThrow()).status).toBe(
      'completed',
    );
    // one released in time, one late: 50 %
    expect(await rated()).toEqual([6, 50]);
    // a dispute an operator decides for the buyer (the seller should have released): one of three, 33.3 %
    const disputed = await trade(s, a, l, '10');
    await act(s, a, API.tradePaid, disputed);
    await act(s, a, API.tradeAppeal, disputed, { reason: 'Paid, not released' });
    const owner = await ownerToken(s);
    expect((await s.admin(ADMIN_API.tradeResolve, { id: disputed, outcome: 'release', note: 'Payment seen' }, owner)).code).toBe(
      200,
    );
    expect(await rated()).toEqual([7, 33.3]);
  });

  it('shows the latest completed deals of everyone, trades and merchant sales, sellers by nickname or masked', async () => {
    const seller = await customer(s, admin, '100');
    const buyer = await customer(s, admin);
    expect((await s.call(API.saveInfo, { nickname: 'Quiet Trader' }, buyer.token)).code).toBe(200);
    const id = await listing(s, seller, { number: '100', price: '7.1', min: '10', max: '50' });
    const t = await trade(s, buyer, id, '12.5');
    await act(s, buyer, API.tradePaid, t);
    s.clock.advance(1000);
    await act(s, seller, API.tradeRelease, t);
    // a sale to a merchant counts once the merchant paid, not while under review
    const offer = await merchantOffer(s, admin, { price: '0.9', min: '1', max: '100' });
    const sale = await sellToMerchant(s, buyer, offer, '5');
    const pending = await sellToMerchant(s, buyer, offer, '6');
    expect([sale.code, pending.code]).toEqual([200, 200]);
    s.clock.advance(1000);
    expect((await s.admin(ADMIN_API.saleuApprove, { id: sale.data.id, reference: 'P-1' }, admin)).code).toBe(200);
    const h = await s.call<{ list: { kind: string; seller: string; quantity: string; price: string }[] }>(
      API.sellingHistory,
      {},
      buyer.token,
    );
    expect(h.data.list.length).toBeLessThanOrEqual(20);
    expect(h.data.list[0]).toEqual({
      kind: 'merchant',
      seller: 'Quiet Trader',
      quantity: '5.00',
      price: '0.90',
      currency: 'EUR',
      completed_at: expect.any(String),
    });
    expect(h.data.list.map((d) => d.quantity)).not.toContain('6.00');
    expect(h.data.list[1]).toEqual({
      kind: 'trade',
      seller: `${seller.email.slice(0, 2)}***`,
      quantity: '12.50',
      price: '7.10',
      currency: 'CNY',
      completed_at: expect.any(String),
    });
    const wire = JSON.stringify(h.data);
    expect(wire).not.toContain('@');
    expect(wire).not.toContain('example.com');
  });

  it('is never oversold when 100 buyers take it at once for more than it holds', async () => {
    const seller = await customer(s, admin, '1000');
    // 1000 USDT in trades of 15: exactly 66 fit
    const id = await listing(s, seller, { number: '1000', min: '15', max: '15' });
    const buyers = await Promise.all(Array.from({ length: 100 }, () => customer(s, admin)));
    const results = await Promise.all(buyers.map((b) => buy(s, b, id, '15')));
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(66);
    expect(codes.filter((c) => c !== 200).every((c) => c === errorCode('listing_quantity_short'))).toBe(true);
    expect((await rowOf(id)).remaining).toBe(10_000_000n);
    const taken = await s.db
      .selectFrom('trades')
      .select((eb) => eb.fn.sum<bigint | string | number>('quantity').as('q'))
      .where('listing_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(BigInt(taken.q)).toBe(990_000_000n);
    expect(await money(s, seller)).toMatchObject({ balance: '0.00', escrow: '1000.00' });
  });
});
