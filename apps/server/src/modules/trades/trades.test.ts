import { API, errorCode, type TradeDetail } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import {
  agePayoutAccounts,
  moneyTestServer,
  ownerToken,
  PNG,
  upload,
  WISE_FORM,
  withChangeBefore,
} from '../../../test/harness.js';
import { act, buy, type Customer, customer, listing, listingWithBuyer, money, trade } from '../../../test/trading.js';
import { inTransaction } from '../../db/transaction.js';
import { JOBS } from '../../jobs/registry.js';
import { createJobRunner } from '../../jobs/runner.js';
import { settleTrade } from './trades.service.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const remainingOf = async (id: number) =>
  await s.db.selectFrom('listings').select(['remaining', 'status']).where('id', '=', id).executeTakeFirstOrThrow();
/** where a trade shows it is paid: every field empty but what `shown` gives */
const payee = (shown: Partial<TradeDetail['payee']>) => ({
  type: 'bank',
  full_name: '',
  bank_name: '',
  iban: '',
  swift: '',
  email: '',
  country: '',
  ...shown,
});
const detail = async (c: Customer, id: number) => (await act<TradeDetail>(s, c, API.tradeDetail, id)).data;

/** A listing of 100 (per trade 10 to 50) with 5 left after two others' trades: less than its minimum; and a buyer. */
async function fiveLeftBelowMinimum() {
  const seller = await customer(s, admin, '100');
  const l = await listing(s, seller, { number: '100', min: '10', max: '50' });
  await trade(s, await customer(s, admin), l, '50');
  await trade(s, await customer(s, admin), l, '45');
  return { buyer: await customer(s, admin), l };
}

describe('a trade between customers', () => {
  it('two customers buying from each other at the same moment both get their trade at once (no deadlock)', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await customer(s, admin, '100');
      const b = await customer(s, admin, '100');
      const [fromA, fromB] = [await listing(s, a), await listing(s, b)];
      const started = Date.now();
      const answers = await Promise.all([buy(s, a, fromB, '10'), buy(s, b, fromA, '10')]);
      expect(answers.map((r) => r.code)).toEqual([200, 200]);
      // PostgreSQL breaks a deadlock after deadlock_timeout (1 s), failing one of them
      expect(Date.now() - started).toBeLessThan(900);
    }
  });

  it('goes from created to paid to released, moving the escrow to the buyer once', async () => {
    const {
      seller,
      buyer,
      listingId: l,
    } = await listingWithBuyer(s, admin, '200', { number: '100', price: '7.1234', min: '10', max: '60' });
    expect(await money(s, seller)).toMatchObject({ balance: '100.00', escrow: '100.00', total: '200.00' });

    const created = await buy(s, buyer, l, '50.55', { request_id: 'trade-000001' });
    expect(created.code).toBe(200);
    const again = await buy(s, buyer, l, '50.55', { request_id: 'trade-000001' });
    expect(again.data).toEqual(created.data);
    const id = created.data.id;
    expect(await remainingOf(l)).toEqual({ remaining: 49_450_000n, status: 'open' });
    // nothing moved: the quantity stays in the seller's escrow
    expect(await money(s, seller)).toMatchObject({ balance: '100.00', escrow: '100.00' });

    const seen = await detail(buyer, id);
    expect(seen).toMatchObject({
      role: 'buyer',
      order_no: expect.stringMatching(/^T\d{14}$/),
      status: 'awaiting_payment',
      quantity: '50.55',
      price: '7.1234',
      currency: 'CNY',
      // 50.55 * 7.1234 = 360.08787, rounded down to the cent
      fiat_amount: '360.08',
      reference: expect.stringMatching(/^C2C-[A-HJ-NP-Z2-9]{6}$/),
      window_minutes: 15,
      payee: { type: 'bank', full_name: 'Erika Mustermann', iban: 'DE89370400440532013000' },
      actions: ['paid', 'cancel', 'message'],
      timeline: [{ event: 'created', by: 'buyer', at: expect.any(String) }],
      appeal: null,
      resolution: null,
    });
    expect(new Date(seen.pay_deadline).getTime() - new Date(seen.created_at).getTime()).toBe(15 * MINUTE);
    const sellerView = await detail(seller, id);
    expect(sellerView).toMatchObject({ role: 'seller', actions: ['message'], payee: seen.payee });
    expect(sellerView.counterparty).toBe(`${buyer.email.slice(0, 2)}***`);

    // the seller can never cancel, and neither releases before the buyer paid
    expect((await act(s, seller, API.tradeCancel, id)).code).toBe(errorCode('trade_buyer_only'));
    expect((await act(s, seller, API.tradePaid, id)).code).toBe(errorCode('trade_buyer_only'));
    expect((await act(s, buyer, API.tradeRelease, id)).code).toBe(errorCode('trade_seller_only'));
    expect((await act(s, seller, API.tradeRelease, id)).code).toBe(errorCode('trade_state_changed'));
    expect((await act(s, buyer, API.tradeAppeal, id, { reason: 'x' })).code).toBe(errorCode('trade_state_changed'));
    const stranger = await customer(s, admin);
    expect((await act(s, stranger, API.tradeDetail, id)).code).toBe(errorCode('record_not_found'));
    expect((await act(s, stranger, API.tradePaid, id)).code).toBe(errorCode('record_not_found'));

    const proof = await upload(s, buyer.token, PNG);
    const paid = await act<TradeDetail>(s, buyer, API.tradePaid, id, { image: proof.body.data.url });
    expect(paid.code).toBe(200);
    expect(paid.data).toMatchObject({ status: 'paid', proof: proof.body.data.url, actions: ['appeal', 'message'] });
    expect(new Date(paid.data.release_deadline!).getTime() - new Date(paid.data.paid_at!).getTime()).toBe(24 * HOUR);
    expect(s.mails(seller.email).at(-1)).toContain('360.08 CNY');
    // the proof is shown to the seller, not to others
    const fetchAs = (token: string) =>
      fetch(`${s.url}${proof.body.data.url}`, { headers: { 'x-access-token': token } }).then((r) => r.status);
    expect(await fetchAs(seller.token)).toBe(200);
    expect(await fetchAs(buyer.token)).toBe(200);
    expect(await fetchAs(stranger.token)).toBe(404);
    expect((await act(s, buyer, API.tradePaid, id)).code).toBe(errorCode('trade_state_changed'));
    expect((await act(s, buyer, API.tradeCancel, id)).code).toBe(errorCode('trade_state_changed'));
    expect((await detail(seller, id)).actions).toEqual(['release', 'appeal', 'message']);
    // not sold until released: the property page counts completed sales only
    expect((await s.call(API.propertyTongji, {}, seller.token)).data).toMatchObject({ total_sales: '0.00' });

    const released = await act<TradeDetail>(s, seller, API.tradeRelease, id);
    expect(released.data).toMatchObject({ status: 'completed', actions: [], ended_at: expect.any(String) });
    expect(released.data.timeline.map((e) => [e.event, e.by])).toEqual([
      ['created', 'buyer'],
      ['paid', 'buyer'],
      ['released', 'seller'],
    ]);
    expect((await act(s, seller, API.tradeRelease, id)).code).toBe(errorCode('trade_state_changed'));
    expect(await money(s, seller)).toMatchObject({ balance: '100.00', escrow: '49.45', total: '149.45' });
    expect(await money(s, buyer)).toMatchObject({ balance: '50.55', escrow: '0.00' });
    expect(s.mails(buyer.email).at(-1)).toContain('50.55 USDT');

    // the property page: the buyer acquired, the seller sold (completed only)
    expect((await s.call(API.propertyTongji, {}, buyer.token)).data).toMatchObject({
      total_acquisition: '50.55',
      total_sales: '0.00',
    });
    expect((await s.call(API.propertyTongji, {}, seller.token)).data).toMatchObject({
      total_acquisition: '0.00',
      total_sales: '50.55',
    });
    const log = await s.call<{ list: { kind: string; amount: string }[] }>(
      API.assetLogList,
      { page: '1', page_size: '10' },
      buyer.token,
    );
    expect(log.data.list.map((e) => [e.kind, e.amount])).toEqual([['trade_release', '50.55']]);

    // both see it in their lists
    const mine = await s.call<{ list: { id: number; role: string }[] }>(
      API.tradeList,
      { page: '1', page_size: '10' },
      seller.token,
    );
    expect(mine.data.list).toEqual([expect.objectContaining({ id, role: 'seller', status: 'completed' })]);
    const filtered = await s.call<{ total: number }>(API.tradeList, { page: '1', page_size: '10', status: 'paid' }, buyer.token);
    expect(filtered.data.total).toBe(0);
  });

  it('shows the buyer only what paying needs: never the seller’s phone, contact e-mail or street address', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '200', { number: '100', min: '10', max: '50' });
    const wise = await s.call<{ id: number }>(API.bankinfoCreate, { ...WISE_FORM, phone: '13900139000' }, seller.token);
    await agePayoutAccounts(s);
    const byWise = await listing(s, seller, { number: '100', min: '10', max: '50', bk_id: String(wise.data.id) });
    const leaks = ['13800138000', 'erika@example.com', 'Unter den Linden', 'Berlin', 'Mitte', '13900139000'];
    const bank = await trade(s, buyer, l, '10');
    const seenBank = await detail(buyer, bank);
    expect(seenBank.payee).toEqual(
      payee({
        full_name: 'Erika Mustermann',
        bank_name: 'Commerzbank',
        iban: 'DE89370400440532013000',
        swift: 'COBADEFFXXX',
        country: 'Germany',
      }),
    );
    const viaWise = await trade(s, buyer, byWise, '10');
    const seenWise = await detail(buyer, viaWise);
    expect(seenWise.payee).toEqual(
      payee({ type: 'wise', full_name: 'Erika Mustermann', email: 'erika@wise.test', country: 'Germany' }),
    );
    for (const seen of [seenBank, seenWise]) for (const leak of leaks) expect(JSON.stringify(seen)).not.toContain(leak);
    // ended unpaid, the trade is paid to no more: its buyer no longer sees where
    const cancelled = await act<TradeDetail>(s, buyer, API.tradeCancel, bank);
    expect(cancelled.data.payee).toEqual(payee({}));
    expect((await detail(buyer, bank)).payee.iban).toBe('');
    expect((await detail(seller, bank)).payee.iban).toBe('DE89370400440532013000');
  });

  it('names the other side by nickname, else by the e-mail masked without its domain, in the detail and the list', async () => {
    const seller = await customer(s, admin, '100');
    const buyer = await customer(s, admin);
    expect((await s.call(API.saveInfo, { nickname: 'Night Owl' }, buyer.token)).code).toBe(200);
    const t = await trade(s, buyer, await listing(s, seller, { number: '100', min: '10', max: '50' }), '10');
    const asBuyer = await detail(buyer, t);
    const asSeller = await detail(seller, t);
    expect(asBuyer.counterparty).toBe(`${seller.email.slice(0, 2)}***`);
    expect(asSeller.counterparty).toBe('Night Owl');
    const lists = await Promise.all(
      [buyer, seller].map(async (c) => (await s.call<{ list: TradeDetail[] }>(API.tradeList, {}, c.token)).data),
    );
    expect(lists.map((l) => l.list.find((x) => x.id === t)!.counterparty)).toEqual([asBuyer.counterparty, 'Night Owl']);
    // the payee is the payout account the buyer pays to, not how a customer is named
    const named = [{ ...asBuyer, payee: null }, { ...asSeller, payee: null }, ...lists];
    const domain = seller.email.slice(seller.email.indexOf('@'));
    for (const wire of named.map((x) => JSON.stringify(x))) {
      expect(wire).not.toContain('@');
      expect(wire).not.toContain(domain.slice(1));
    }
  });

  it('refuses what does not fit the listing and changes nothing', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '100', { number: '100', min: '10', max: '50' });
    const cases: [string, string, string][] = [
      ['999999', '20', 'record_not_found'],
      [String(l), '9.99', 'amount_too_small'],
      [String(l), '50.01', 'amount_too_large'],
      [String(l), '', 'amount_required'],
    ];
    for (const [id, n, key] of cases)
      expect([key, (await s.call(API.tradeCreate, { selling_id: id, number: n }, buyer.token)).code]).toEqual([
        key,
        errorCode(key as never),
      ]);
    expect((await buy(s, seller, l, '20')).code).toBe(errorCode('listing_own'));
    await trade(s, buyer, l, '50');
    await trade(s, await customer(s, admin), l, '40');
    const short = await buy(s, await customer(s, admin), l, '20');
    expect(short).toMatchObject({ code: errorCode('listing_quantity_short'), msg: 'This listing has only 10.00 USDT left' });
    expect(await remainingOf(l)).toEqual({ remaining: 10_000_000n, status: 'open' });
  });

  it('sells the last of a listing, less than its minimum, whole and only whole', async () => {
    const { buyer, l } = await fiveLeftBelowMinimum();
    // 5 left, below the minimum of 10: less than all of it is refused, naming the 5
    const part = await buy(s, buyer, l, '4.99');
    expect(part).toMatchObject({ code: errorCode('amount_too_small'), msg: 'The amount must be at least 5.00 USDT' });
    expect(await remainingOf(l)).toEqual({ remaining: 5_000_000n, status: 'open' });
    // all of it is taken, and the listing has nothing left
    const whole = await buy(s, buyer, l, '5');
    expect(whole.code).toBe(200);
    expect(await remainingOf(l)).toEqual({ remaining: 0n, status: 'open' });
    expect((await detail(buyer, whole.data.id)).quantity).toBe('5.00');
  });

  it('is refused the buyer for 24 hours after 3 trades cancelled or expired, telling until when', async () => {
    const { buyer, listingId: l } = await listingWithBuyer(
      s,
      admin,
      '300',
      { number: '300', min: '10', max: '50' },
      { lang: 'de' },
    );
    const first = await trade(s, buyer, l, '10');
    expect((await act(s, buyer, API.tradeCancel, first)).code).toBe(200);
    s.clock.advance(HOUR);
    const second = await trade(s, buyer, l, '10');
    expect((await act(s, buyer, API.tradeCancel, second)).code).toBe(200);
    s.clock.advance(HOUR);
    // the third expires
    await trade(s, buyer, l, '10');
    s.clock.advance(16 * MINUTE);
    await s.jobs.tick();
    expect(await remainingOf(l)).toEqual({ remaining: 300_000_000n, status: 'open' });

    const firstEnded = (await s.db.selectFrom('trades').select('ended_at').where('id', '=', first).executeTakeFirstOrThrow())
      .ended_at!;
    const until = new Date(new Date(firstEnded).getTime() + 24 * HOUR).toISOString();
    // the message says when, as the reader's language writes a date and time (in UTC: the server knows no time zone)
    const written = (lang: string) =>
      `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(until))} UTC`;
    const refused = await buy(s, buyer, l, '10');
    expect(refused.code).toBe(errorCode('trade_cancel_limit'));
    expect(refused.msg).toBe(`You cancelled or let expire 3 trades within 24 hours; you can buy again from ${written('en')}`);
    expect(refused.msg).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    const de = await s.call(API.tradeCreate, { selling_id: String(l), number: '10', lang: 'de' }, buyer.token);
    expect(de.msg).toBe(
      `Sie haben innerhalb von 24 Stunden 3 Trades abgebrochen oder verfallen lassen; Sie können ab ${written('de')} wieder kaufen`,
    );
    // others still may
    const other = await customer(s, admin);
    expect((await buy(s, other, l, '10')).code).toBe(200);
    // the limit lifts 24 hours after the first of the three ended
    s.clock.advance(new Date(until).getTime() - s.clock.now().getTime() - 1000);
    expect((await buy(s, buyer, l, '10')).code).toBe(errorCode('trade_cancel_limit'));
    s.clock.advance(1000);
    expect((await buy(s, buyer, l, '10')).code).toBe(200);
  });

  it('holds at most 2 trades awaiting one buyer’s payment: a third take is refused until one is paid or ended', async () => {
    const { buyer, listingId: l } = await listingWithBuyer(s, admin, '300', { number: '300', min: '10', max: '50' });
    const [a] = [await trade(s, buyer, l, '10'), await trade(s, buyer, l, '10')];
    const refused = await buy(s, buyer, l, '10');
    expect(refused).toMatchObject({
      code: errorCode('trade_unpaid_limit'),
      msg: 'You already have 2 trades awaiting your payment; pay or cancel one before you buy again',
    });
    const held = await s.db.selectFrom('trades').select('id').where('buyer_id', '=', buyer.id).execute();
    expect(held).toHaveLength(2);
    expect(await remainingOf(l)).toEqual({ remaining: 280_000_000n, status: 'open' });
    // a paid trade no longer holds a place
    expect((await act(s, buyer, API.tradePaid, a)).code).toBe(200);
    expect((await buy(s, buyer, l, '10')).code).toBe(200);
    expect((await buy(s, buyer, l, '10')).code).toBe(errorCode('trade_unpaid_limit'));
  });

  it('counts the trades still awaiting payment towards the cancel limit: the cancels never pass it', async () => {
    const { buyer, listingId: l } = await listingWithBuyer(s, admin, '300', { number: '300', min: '10', max: '50' });
    const [a, b] = [await trade(s, buyer, l, '10'), await trade(s, buyer, l, '10')];
    for (const id of [a, b]) expect((await act(s, buyer, API.tradeCancel, id)).code).toBe(200);
    const c = await trade(s, buyer, l, '10');
    // 2 cancelled and 1 open: a fourth trade could make a fourth cancel
    expect(await buy(s, buyer, l, '10')).toMatchObject({
      code: errorCode('trade_cancel_limit_near'),
      msg: 'You cancelled or let expire 2 trades within 24 hours; pay the trade awaiting your payment before you buy again',
    });
    expect((await act(s, buyer, API.tradeCancel, c)).code).toBe(200);
    expect((await buy(s, buyer, l, '10')).code).toBe(errorCode('trade_cancel_limit'));
    expect(await remainingOf(l)).toEqual({ remaining: 300_000_000n, status: 'open' });
  });

  it('counts the cancel limit exactly under concurrency: parallel take-and-cancel pairs end with 3 cancels, no more', async () => {
    const { buyer, listingId: l } = await listingWithBuyer(s, admin, '500', { number: '500', min: '10', max: '50' });
    const pair = async () => {
      const taken = await buy(s, buyer, l, '10');
      if (taken.code !== 200) return taken.code;
      expect((await act(s, buyer, API.tradeCancel, taken.data.id)).code).toBe(200);
      return 200;
    };
    const allowed = [200, errorCode('trade_unpaid_limit'), errorCode('trade_cancel_limit_near'), errorCode('trade_cancel_limit')];
    for (let round = 0; round < 3; round++) {
      for (const code of await Promise.all(Array.from({ length: 10 }, pair))) expect(allowed).toContain(code);
    }
    const trades = await s.db.selectFrom('trades').select('status').where('buyer_id', '=', buyer.id).execute();
    expect(trades.map((t) => t.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect((await buy(s, buyer, l, '10')).code).toBe(errorCode('trade_cancel_limit'));
    expect(await remainingOf(l)).toEqual({ remaining: 500_000_000n, status: 'open' });
  });

  it('is disputed by either side once paid, and released by the seller or decided by an operator', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '200', { number: '100', min: '10', max: '50' });
    const a = await trade(s, buyer, l, '30');
    const b = await trade(s, buyer, l, '40');
    for (const id of [a, b]) expect((await act(s, buyer, API.tradePaid, id)).code).toBe(200);

    const appealed = await act<TradeDetail>(s, buyer, API.tradeAppeal, a, { reason: 'Seller does not answer' });
    expect(appealed.data).toMatchObject({
      status: 'disputed',
      appeal: { by: 'buyer', reason: 'Seller does not answer' },
      actions: ['message'],
    });
    expect(s.mails(seller.email).at(-1)).toContain('Seller does not answer');
    expect((await act(s, seller, API.tradeAppeal, a, { reason: 'again' })).code).toBe(errorCode('trade_state_changed'));
    expect((await act(s, seller, API.tradeAppeal, b, { reason: '' })).code).toBe(errorCode('reason_required'));
    expect((await act(s, seller, API.tradeAppeal, b, { reason: 'No money arrived' })).data).toMatchObject({
      appeal: { by: 'seller', reason: 'No money arrived' },
    });
    // the seller may still release a disputed trade
    expect((await act<TradeDetail>(s, seller, API.tradeRelease, a)).data.status).toBe('completed');

    // an operator refunds the other: escrow back to the seller's available
    const refunded = await inTransaction(s.ctx, (tx) =>
      settleTrade(tx, s.ctx, b, 'refund', { by: 'operator', operatorId: 1 }, 'No payment found'),
    );
    expect(refunded).toMatchObject({ status: 'cancelled', outcome: 'refund', resolution_note: 'No payment found' });
    const after = await detail(buyer, b);
    expect(after).toMatchObject({ status: 'cancelled', resolution: { outcome: 'refund', note: 'No payment found' } });
    expect(after.timeline.map((e) => e.event)).toEqual(['created', 'paid', 'disputed', 'resolved']);
    expect(await money(s, seller)).toMatchObject({ balance: '140.00', escrow: '30.00' });
    expect(await money(s, buyer)).toMatchObject({ balance: '30.00' });
    expect(s.mails(seller.email).at(-1)).toContain('No payment found');
    expect(s.mails(buyer.email).at(-1)).toContain('No payment found');
    // a refund is no buyer cancel: it does not count towards the cancel limit
    expect((await s.call(API.propertyTongji, {}, seller.token)).data).toMatchObject({ total_sales: '30.00' });
  });
});

describe('paying', () => {
  it('is refused after the deadline and with a proof that is not the buyer’s or backs something else', async () => {
    const seller = await customer(s, admin, '100');
    const buyer = await customer(s, admin);
    const other = await customer(s, admin);
    const l = await listing(s, seller, { number: '100', min: '10', max: '50', window_minutes: '30' });
    const a = await trade(s, buyer, l, '10');
    const b = await trade(s, buyer, l, '10');
    const foreign = await upload(s, other.token, PNG);
    expect((await act(s, buyer, API.tradePaid, a, { image: foreign.body.data.url })).code).toBe(
      errorCode('credentials_required'),
    );
    const own = await upload(s, buyer.token, PNG);
    expect((await act(s, buyer, API.tradePaid, a, { image: own.body.data.url })).code).toBe(200);
    expect((await act(s, buyer, API.tradePaid, b, { image: own.body.data.url })).code).toBe(errorCode('upload_used'));
    expect((await detail(buyer, b)).status).toBe('awaiting_payment');

    s.clock.advance(30 * MINUTE);
    // past the deadline: neither paid nor offered as an action; cancelling still is
    expect((await detail(buyer, b)).actions).toEqual(['cancel', 'message']);
    expect((await act(s, buyer, API.tradePaid, b)).code).toBe(errorCode('trade_pay_expired'));
    expect((await act(s, buyer, API.tradeCancel, b)).data).toMatchObject({ status: 'cancelled' });
    expect(await remainingOf(l)).toEqual({ remaining: 90_000_000n, status: 'open' });
  });
});

describe('the trade jobs', () => {
  it('expire unpaid trades past the window and dispute silent sellers, and change nothing else', async () => {
    // what earlier tests left running falls due first, so this test's counts are its own
    s.clock.advance(2 * 24 * HOUR);
    await s.jobs.tick();
    admin = await ownerToken(s);
    const {
      seller,
      buyer,
      listingId: l,
    } = await listingWithBuyer(s, admin, '300', { number: '300', min: '10', max: '100', window_minutes: '15' });
    const unpaid = await trade(s, buyer, l, '20');
    const paid = await trade(s, buyer, l, '30');
    await act(s, buyer, API.tradePaid, paid);
    s.clock.advance(14 * MINUTE);
    const young = await trade(s, buyer, l, '40');
    expect(await remainingOf(l)).toEqual({ remaining: 210_000_000n, status: 'open' });

    s.clock.advance(MINUTE);
    const runs = await s.jobs.tick();
    expect(runs.find((r) => r.job === 'expire-trades')).toMatchObject({ worked: 1, failed: 0 });
    expect(runs.find((r) => r.job === 'dispute-silent-sellers')).toMatchObject({ worked: 0, failed: 0 });
    const expired = await detail(buyer, unpaid);
    expect(expired).toMatchObject({ status: 'expired', actions: [], ended_at: expect.any(String) });
    expect(expired.timeline.map((e) => [e.event, e.by])).toEqual([
      ['created', 'buyer'],
      ['expired', 'system'],
    ]);
    expect((await detail(buyer, young)).status).toBe('awaiting_payment');
    expect((await detail(buyer, paid)).status).toBe('paid');
    expect(await remainingOf(l)).toEqual({ remaining: 230_000_000n, status: 'open' });
    expect(s.mails(buyer.email).at(-1)).toContain('was not paid within the payment window');
    expect(s.mails(seller.email).at(-1)).toContain('was not paid within the payment window');
    expect(await money(s, seller)).toMatchObject({ balance: '0.00', escrow: '300.00' });
    // a second run finds nothing
    expect((await s.jobs.tick()).find((r) => r.job === 'expire-trades')).toMatchObject({ worked: 0 });

    // 24 hours after the payment the silent seller's trade goes to dispute by itself
    const paidAt = new Date((await detail(buyer, paid)).paid_at!).getTime();
    s.clock.advance(paidAt + 24 * HOUR - s.clock.now().getTime() - 1000);
    expect((await s.jobs.tick()).find((r) => r.job === 'dispute-silent-sellers')).toMatchObject({ worked: 0 });
    s.clock.advance(1000);
    expect((await s.jobs.tick()).find((r) => r.job === 'dispute-silent-sellers')).toMatchObject({ worked: 1 });
    const disputed = await detail(seller, paid);
    expect(disputed).toMatchObject({ status: 'disputed', appeal: { by: 'system', reason: '' }, actions: ['release', 'message'] });
    expect(disputed.timeline.at(-1)).toMatchObject({ event: 'disputed', by: 'system' });
    expect(s.mails(seller.email).at(-1)).toContain('did not release the USDT within 24 hours');
    expect(await money(s, seller)).toMatchObject({ balance: '0.00', escrow: '300.00' });
    expect(await money(s, buyer)).toMatchObject({ balance: '0.00' });
  });
});

describe('races', () => {
  // a take's last statement: the quantity taken off the listing
  const TAKE = /^update "listings" set "remaining" = "remaining" - \?/;

  it('a take refused at its last change (the seller frozen, or the rest taken, meanwhile) leaves nothing of the trade', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '100', { number: '100', min: '10', max: '50' });
    const tradesOf = async () => (await s.db.selectFrom('trades').select('id').where('listing_id', '=', l).execute()).length;
    let answer: { code: number; msg: string } | undefined;
    // the seller is frozen between the take's reading the listing and its taking the quantity
    await withChangeBefore(
      s,
      TAKE,
      { sql: "update users set status = 'frozen' where id = ?", parameters: [seller.id] },
      async () => {
        answer = await buy(s, buyer, l, '20');
      },
    );
    // why is read afresh, inside the take's transaction: the seller frozen
    expect(answer?.code).toBe(errorCode('listing_not_open'));
    expect(await tradesOf()).toBe(0);
    expect(await remainingOf(l)).toEqual({ remaining: 100_000_000n, status: 'open' });
    // (the test's change ran in the take's own transaction, so it went with it: the seller is active)
    expect((await buy(s, buyer, l, '20')).code).toBe(200);
    // another buyer takes all but 5 between this take's reading and its taking: refused with what is left now
    await withChangeBefore(
      s,
      TAKE,
      { sql: 'update listings set remaining = ? where id = ?', parameters: [5_000_000n, l] },
      async () => {
        answer = await buy(s, buyer, l, '30', { lang: 'de' });
      },
    );
    expect(answer?.msg).toBe('Dieses Angebot hat nur noch 5.00 USDT');
    expect(await tradesOf()).toBe(1);
    expect(await remainingOf(l)).toEqual({ remaining: 80_000_000n, status: 'open' });
  });

  it('a take of the last of a listing below its minimum is refused when more came back meanwhile', async () => {
    const { buyer, l } = await fiveLeftBelowMinimum();
    const tradesOf = async () => (await s.db.selectFrom('trades').select('id').where('listing_id', '=', l).execute()).length;
    let answer: { code: number; msg: string } | undefined;
    // a trade gives 20 back between this take's reading the 5 left and its taking them: 5 is no longer the whole rest
    await withChangeBefore(
      s,
      TAKE,
      { sql: 'update listings set remaining = ? where id = ?', parameters: [25_000_000n, l] },
      async () => {
        answer = await buy(s, buyer, l, '5');
      },
    );
    // why is read afresh, in the take's transaction: 25 left, 5 below the minimum
    expect(answer).toMatchObject({ code: errorCode('amount_too_small'), msg: 'The amount must be at least 10.00 USDT' });
    expect(await tradesOf()).toBe(2);
  });

  it("takes racing the seller's cancel: either the cancel is refused for the trades taken, or every take after it", async () => {
    for (let round = 0; round < 3; round++) {
      const seller = await customer(s, admin, '100');
      const buyers = await Promise.all(Array.from({ length: 8 }, () => customer(s, admin)));
      const l = await listing(s, seller, { number: '100', min: '10', max: '10' });
      const cancel = act(s, seller, API.sellingCancel, l);
      const takes = await Promise.all(buyers.map((b) => buy(s, b, l, '10')));
      const cancelled = await cancel;
      const taken = takes.filter((t) => t.code === 200).length;
      for (const t of takes) expect([200, errorCode('listing_not_open')]).toContain(t.code);
      const after = await remainingOf(l);
      if (cancelled.code === 200) {
        // closed before any take got through: none did, and the whole quantity went back to the seller
        expect(taken).toBe(0);
        expect(after).toEqual({ remaining: 0n, status: 'closed' });
        expect(await money(s, seller)).toMatchObject({ balance: '100.00', escrow: '0.00' });
      } else {
        expect(cancelled.code).toBe(errorCode('listing_has_trades'));
        expect(taken).toBeGreaterThan(0);
        expect(after).toEqual({ remaining: BigInt(100 - 10 * taken) * 1_000_000n, status: 'open' });
        expect(await money(s, seller)).toMatchObject({ balance: '0.00', escrow: '100.00' });
      }
    }
  });

  it('two releases at once apply exactly once', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '100', { number: '100', min: '10', max: '50' });
    const id = await trade(s, buyer, l, '50');
    await act(s, buyer, API.tradePaid, id);
    const results = await Promise.all(Array.from({ length: 2 }, () => act(s, seller, API.tradeRelease, id)));
    expect(results.map((r) => r.code).sort()).toEqual([200, errorCode('trade_state_changed')].sort());
    expect(await money(s, buyer)).toMatchObject({ balance: '50.00' });
    expect(await money(s, seller)).toMatchObject({ escrow: '50.00' });
    const journals = await s.db.selectFrom('journals').select('id').where('ref', '=', `trade:${id}`).execute();
    expect(journals).toHaveLength(1);
  });

  it('a release racing the dispute job, and a payment racing the expiry job, each apply once', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '100', { number: '100', min: '10', max: '50' });
    const paid = await trade(s, buyer, l, '20');
    await act(s, buyer, API.tradePaid, paid);
    s.clock.advance(24 * HOUR);
    const [released] = await Promise.all([act<TradeDetail>(s, seller, API.tradeRelease, paid), s.jobs.tick()]);
    // the release wins or follows the dispute (a seller may release a disputed trade): either way it applies once
    expect(released.code).toBe(200);
    expect(await money(s, buyer)).toMatchObject({ balance: '20.00' });
    expect((await detail(buyer, paid)).status).toBe('completed');

    const unpaid = await trade(s, buyer, l, '30');
    s.clock.advance(15 * MINUTE);
    const [payment] = await Promise.all([act<TradeDetail>(s, buyer, API.tradePaid, unpaid), s.jobs.tick()]);
    const after = await detail(buyer, unpaid);
    // the deadline has passed: the payment is refused whether the job came first or not, and the trade expires once
    expect(payment.code === errorCode('trade_pay_expired') || payment.code === errorCode('trade_state_changed')).toBe(true);
    expect(after.status).toBe('expired');
    expect(await remainingOf(l)).toEqual({ remaining: 80_000_000n, status: 'open' });
  });

  it('two job runners racing act on each trade once (on PostgreSQL both claim, skipping locked rows)', async () => {
    s.clock.advance(2 * 24 * HOUR);
    await s.jobs.tick();
    admin = await ownerToken(s);
    const seller = await customer(s, admin, '500');
    // a buyer holds at most 2 unpaid trades
    const buyers = await Promise.all(Array.from({ length: 10 }, () => customer(s, admin)));
    const l = await listing(s, seller, { number: '500', min: '1', max: '500' });
    const ids = [];
    for (let i = 0; i < 20; i++) ids.push(await trade(s, buyers[i % 10]!, l, '5'));
    s.clock.advance(15 * MINUTE);
    const a = createJobRunner(s.ctx, JOBS, { holder: 'a' });
    const b = createJobRunner(s.ctx, JOBS, { holder: 'b' });
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    const worked = (runs: typeof ra) => runs.find((r) => r.job === 'expire-trades')!.worked;
    expect(worked(ra) + worked(rb)).toBe(20);
    const events = await s.db
      .selectFrom('trade_events')
      .select('trade_id')
      .where('trade_id', 'in', ids)
      .where('event', '=', 'expired')
      .execute();
    expect(events).toHaveLength(20);
    expect(await remainingOf(l)).toEqual({ remaining: 500_000_000n, status: 'open' });
  });
});

describe('live events', () => {
  it('tell both sides of every transition, naming the trade', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '100', { number: '100', min: '10', max: '50' });
    const seen: string[] = [];
    const live = s.ctx.live;
    // every event goes through notifyAll (notify too): one call per change, its topics in order
    const original = live.notifyAll.bind(live);
    live.notifyAll = async (userId, topics, ref) => {
      const who = userId === buyer.id ? 'buyer' : userId === seller.id ? 'seller' : 'other';
      for (const topic of topics) seen.push(`${who} ${topic} ${ref ?? ''}`);
      return original(userId, topics, ref);
    };
    try {
      const id = await trade(s, buyer, l, '20');
      await act(s, buyer, API.tradePaid, id);
      await act(s, seller, API.tradeRelease, id);
      const ref = `trade:${id}`;
      expect(seen).toEqual([
        `buyer trade ${ref}`,
        `seller trade ${ref}`,
        `seller listing ${ref}`,
        `buyer trade ${ref}`,
        `seller trade ${ref}`,
        `buyer trade ${ref}`,
        `buyer money ${ref}`,
        `seller trade ${ref}`,
        `seller money ${ref}`,
      ]);
    } finally {
      live.notifyAll = original;
    }
  });
});

describe('settleTrade (the disputes queue decides with it)', () => {
  it('lets an operator decide only disputed trades, releasing to the buyer with a note to both', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '100', { number: '50', min: '10', max: '50' });
    const id = await trade(s, buyer, l, '50');
    const settle = (outcome: 'release' | 'refund', tradeId = id) =>
      inTransaction(s.ctx, (tx) =>
        settleTrade(tx, s.ctx, tradeId, outcome, { by: 'operator', operatorId: 1 }, 'Bank statement checked'),
      );
    await expect(settle('release')).rejects.toMatchObject({ key: 'trade_state_changed' });
    await act(s, buyer, API.tradePaid, id);
    await expect(settle('refund')).rejects.toMatchObject({ key: 'trade_state_changed' });
    await expect(settle('release', 999_999)).rejects.toMatchObject({ key: 'record_not_found' });
    await act(s, buyer, API.tradeAppeal, id, { reason: 'Paid, nothing happens' });

    const done = await settle('release');
    expect(done).toMatchObject({ status: 'completed', outcome: 'release', resolved_by: 1 });
    await expect(settle('refund')).rejects.toMatchObject({ key: 'trade_state_changed' });
    const seen = await detail(seller, id);
    expect(seen).toMatchObject({
      status: 'completed',
      resolution: { outcome: 'release', note: 'Bank statement checked' },
      actions: [],
    });
    expect(seen.timeline.map((e) => [e.event, e.by])).toEqual([
      ['created', 'buyer'],
      ['paid', 'buyer'],
      ['disputed', 'buyer'],
      ['resolved', 'operator'],
    ]);
    expect(await money(s, buyer)).toMatchObject({ balance: '50.00' });
    expect(await money(s, seller)).toMatchObject({ balance: '50.00', escrow: '0.00' });
    expect(s.mails(seller.email).at(-1)).toContain('Bank statement checked');
    expect(s.mails(buyer.email).at(-1)).toContain('50.00 USDT');
    // the listing sold out with its last trade decided: closed
    expect(await remainingOf(l)).toEqual({ remaining: 0n, status: 'closed' });
  });
});
