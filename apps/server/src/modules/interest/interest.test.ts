import {
  ADMIN_API,
  type AdminInterestProduct,
  API,
  type AssetLogEntry,
  errorCode,
  type InterestOrder,
  type InterestProduct,
  type Page,
} from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import {
  credit,
  decodeMail,
  moneyTestServer,
  operatorOf,
  ownerToken,
  signIn,
  signUp,
  withChangeBefore,
} from '../../../test/harness.js';
import { JOBS } from '../../jobs/registry.js';
import { createJobRunner } from '../../jobs/runner.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const DAY = 86_400_000;
const PRODUCT = { name: 'Weekly', rate: '1', days: 7, min: '10', max: '500', quota: '1000' };

async function product(over: Record<string, unknown> = {}) {
  const r = await s.admin<AdminInterestProduct>(ADMIN_API.lixibaoCreate, { ...PRODUCT, ...over }, admin);
  if (r.code !== 200) throw new Error(`product: ${r.msg}`);
  return r.data;
}

async function customer(amount: string, lang = 'en') {
  const u = await signUp(s, { lang });
  if (amount !== '0') await credit(s, admin, u.token, amount);
  return { token: u.token, email: u.email, id: u.user.id };
}

const subscribe = (token: string, id: number | string, number: string, extra: Record<string, string> = {}) =>
  s.call<InterestOrder>(API.lixibaoCreateOrder, { lixibao_id: String(id), number, ...extra }, token);
const money = async (token: string) =>
  (await s.call<{ balance: string; interest: string; total: string }>(API.getMoneyInfo, {}, token)).data;
const orders = async (token: string) =>
  (await s.call<Page<InterestOrder>>(API.lixibaoListOrder, { page: '1', page_size: '20' }, token)).data.list;
const settleRuns = async () => (await s.jobs.tick()).find((r) => r.job === 'settle-interest')!;

describe('interest products', () => {
  it('are managed by owner and finance, refused to support, checked, and audited', async () => {
    const support = await operatorOf(s, admin, 'support');
    const finance = await operatorOf(s, admin, 'finance');
    expect((await s.admin(ADMIN_API.lixibaoCreate, PRODUCT, support.token)).code).toBe(errorCode('forbidden'));
    expect((await s.admin(ADMIN_API.lixibaoCreate, { ...PRODUCT, rate: '0' }, admin)).code).toBe(
      errorCode('interest_rate_format'),
    );
    expect((await s.admin(ADMIN_API.lixibaoCreate, { ...PRODUCT, rate: '1.23456' }, admin)).code).toBe(
      errorCode('interest_rate_format'),
    );
    expect((await s.admin(ADMIN_API.lixibaoCreate, { ...PRODUCT, days: 0 }, admin)).code).toBe(errorCode('interest_days_format'));
    expect((await s.admin(ADMIN_API.lixibaoCreate, { ...PRODUCT, days: '2.5' }, admin)).code).toBe(
      errorCode('interest_days_format'),
    );
    expect((await s.admin(ADMIN_API.lixibaoCreate, { ...PRODUCT, min: '600' }, admin)).code).toBe(errorCode('amount_too_large'));

    const created = await product({ rate: '0.1234', days: '30' });
    expect(created).toMatchObject({
      name: 'Weekly',
      rate: '0.1234',
      days: 30,
      min: '10.00',
      max: '500.00',
      quota: '1000.00',
      sold: '0.00',
      remaining: '1000.00',
      active: true,
    });
    const updated = await s.admin<AdminInterestProduct>(
      ADMIN_API.lixibaoUpdate,
      { id: created.id, rate: '0.5', active: false },
      finance.token,
    );
    expect(updated.data).toMatchObject({ rate: '0.50', active: false, days: 30 });
    const listed = await s.admin<Page<AdminInterestProduct>>(ADMIN_API.lixibaoList, { page: 1, page_size: 50 }, support.token);
    expect(listed.data.list.find((p) => p.id === created.id)).toMatchObject({ active: false });

    const audit = await s.admin<{ list: { action: string; operator_email: string | null }[] }>(
      ADMIN_API.auditList,
      { keyword: `interest_product:${created.id}` },
      admin,
    );
    expect(audit.data.list.map((a) => [a.action, a.operator_email])).toEqual([
      ['interest_product.update', finance.email],
      ['interest_product.create', 'owner@test.local'],
    ]);
  });
});

describe('a subscription', () => {
  it('is refused with the spec messages, outside the limits, over the quota, when inactive or short, changing nothing', async () => {
    const p = await product({ min: '10', max: '100', quota: '150' });
    const c = await customer('120');
    const missingId = await s.call(API.lixibaoCreateOrder, { number: '10' }, c.token);
    expect(missingId).toMatchObject({ code: errorCode('interest_id_required'), msg: 'Please choose an interest product' });
    const missingAmount = await s.call(API.lixibaoCreateOrder, { lixibao_id: String(p.id) }, c.token);
    expect(missingAmount).toMatchObject({ code: errorCode('interest_amount_required'), msg: 'Please enter the interest amount' });
    expect((await subscribe(c.token, p.id, '10.001')).code).toBe(errorCode('amount_format'));
    expect((await subscribe(c.token, p.id, '9.99')).code).toBe(errorCode('amount_too_small'));
    expect((await subscribe(c.token, p.id, '100.01')).msg).toBe('The amount may be at most 100.00 USDT');
    expect((await subscribe(c.token, 999_999, '10')).code).toBe(errorCode('record_not_found'));

    expect((await subscribe(c.token, p.id, '100')).code).toBe(200);
    // 50 of the quota left, 20 available
    const over = await subscribe(c.token, p.id, '60');
    expect(over).toMatchObject({
      code: errorCode('interest_quota_short'),
      msg: 'This interest product has only 50.00 USDT of quota left',
    });
    expect((await subscribe(c.token, p.id, '30')).code).toBe(errorCode('insufficient_balance'));
    await s.admin(ADMIN_API.lixibaoUpdate, { id: p.id, active: false }, admin);
    expect((await subscribe(c.token, p.id, '10')).code).toBe(errorCode('interest_product_inactive'));
    expect(await money(c.token)).toMatchObject({ balance: '20.00', interest: '100.00', total: '120.00' });
    expect(await orders(c.token)).toHaveLength(1);
    const row = await s.db.selectFrom('interest_products').select('sold').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.sold).toBe(100_000_000n);
    // an inactive product is not offered to customers
    const offered = await s.call<Page<InterestProduct>>(API.lixibaoList, { page: '1', page_size: '10' }, c.token);
    expect(offered.data.list.some((x) => x.id === p.id)).toBe(false);
  });

  it('locks the principal once per request_id and lists the order with the interest it will pay', async () => {
    const p = await product({ rate: '1.5', days: 10 });
    const c = await customer('300');
    const offered = await s.call<Page<InterestProduct>>(API.lixibaoList, {}, c.token);
    expect(offered.data).toMatchObject({ page: 1, page_size: 10 });
    expect(offered.data.list.find((x) => x.id === p.id)).toEqual({
      id: p.id,
      name: 'Weekly',
      rate: '1.50',
      days: 10,
      min: '10.00',
      max: '500.00',
      remaining: '1000.00',
    });
    const first = await subscribe(c.token, p.id, '200', { request_id: 'interest-0001' });
    const again = await subscribe(c.token, p.id, '200', { request_id: 'interest-0001' });
    expect(first.code).toBe(200);
    expect(again.data).toEqual(first.data);
    const now = s.clock.now().getTime();
    expect(first.data).toMatchObject({
      amount: '200.00',
      rate: '1.50',
      days: 10,
      interest: '30.00',
      status: 'active',
      settled_at: null,
    });
    expect(Date.parse(first.data.expires_at) - Date.parse(first.data.created_at)).toBe(10 * DAY);
    expect(Math.abs(Date.parse(first.data.created_at) - now)).toBeLessThan(5_000);
    expect(await money(c.token)).toMatchObject({ balance: '100.00', interest: '200.00', total: '300.00' });
    expect(await orders(c.token)).toEqual([first.data]);
  });

  it('never sells more than the quota when customers race for it', async () => {
    const p = await product({ min: '10', max: '100', quota: '250' });
    const cs = await Promise.all(Array.from({ length: 5 }, () => customer('100')));
    const results = await Promise.all(cs.map((c) => subscribe(c.token, p.id, '100')));
    expect(results.filter((r) => r.code === 200)).toHaveLength(2);
    expect(results.filter((r) => r.code === errorCode('interest_quota_short'))).toHaveLength(3);
    const row = await s.db
      .selectFrom('interest_products')
      .select(['sold', 'quota'])
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.sold).toBe(200_000_000n);
    // the quota cannot be set below what was sold; the product is gone from the customers' list once sold out
    const lower = await s.admin(ADMIN_API.lixibaoUpdate, { id: p.id, quota: '150' }, admin);
    expect(lower).toMatchObject({ code: errorCode('amount_too_small'), msg: 'The amount must be at least 200.00 USDT' });
    const full = await s.admin<AdminInterestProduct>(ADMIN_API.lixibaoUpdate, { id: p.id, quota: '200' }, admin);
    expect(full.data).toMatchObject({ quota: '200.00', sold: '200.00', remaining: '0.00' });
    const offered = await s.call<Page<InterestProduct>>(API.lixibaoList, {}, cs[0]!.token);
    expect(offered.data.list.some((x) => x.id === p.id)).toBe(false);
  });
});

describe('a subscription racing an operator and other subscriptions', () => {
  it('is refused, changing nothing, when an operator changed the product between its reading and its quota', async () => {
    const p = await product({ quota: '1000' });
    const c = await customer('100', 'de');
    let answer: { code: number; msg: string } | undefined;
    // the rate goes from 1 % to 2 % a day while the order, written at 1 %, is made
    await withChangeBefore(
      s,
      /^update "interest_products" set "sold" = "sold" \+ \?/,
      { sql: 'update interest_products set rate = ? where id = ?', parameters: [2_000_000n, p.id] },
      async () => {
        answer = await subscribe(c.token, p.id, '50', { lang: 'de' });
      },
    );
    expect(answer).toMatchObject({
      code: errorCode('interest_product_changed'),
      msg: 'Dieses Zinsprodukt hat sich inzwischen geändert; bitte prüfen Sie es und versuchen Sie es erneut',
    });
    expect(await money(c.token)).toMatchObject({ balance: '100.00', interest: '0.00' });
    expect(await orders(c.token)).toEqual([]);
    const row = await s.db.selectFrom('interest_products').select('sold').where('id', '=', p.id).executeTakeFirstOrThrow();
    expect(row.sold).toBe(0n);
    // tried again, it goes through at the product's rate as it is then
    expect((await subscribe(c.token, p.id, '50')).data).toMatchObject({ amount: '50.00', status: 'active' });
  });
});

describe('settlement', () => {
  it('pays principal + interest at expiry, rounded down, for several rates and days, once, with a mail and a log entry', async () => {
    const cases = [
      { rate: '1', days: 7, amount: '100', interest: '7.00', total: '107.00' },
      // 33.33 x 0.1234 % x 3 = 0.12338766 -> 0.123387
      { rate: '0.1234', days: 3, amount: '33.33', interest: '0.123387', total: '33.453387' },
      // 12.34 x 0.0001 % x 1 = 0.00001234 -> 0.000012
      { rate: '0.0001', days: 1, amount: '12.34', interest: '0.000012', total: '12.340012' },
      { rate: '2.5', days: 30, amount: '50.01', interest: '37.5075', total: '87.5175' },
    ];
    for (const k of cases) {
      admin = await ownerToken(s);
      const p = await product({ rate: k.rate, days: k.days, min: '1' });
      const c = await customer(k.amount, 'de');
      const o = await subscribe(c.token, p.id, k.amount);
      expect(o.data.interest).toBe(k.interest);
      // a second before expiry nothing is due
      s.clock.advance(k.days * DAY - 1_000);
      await settleRuns();
      // signed in again: a long term outlives the session
      const login = await signIn(s, c.email, { lang: 'de' });
      c.token = login.data.token;
      expect((await orders(c.token))[0]).toMatchObject({ status: 'active' });
      s.clock.advance(1_000);
      expect((await settleRuns()).worked).toBeGreaterThanOrEqual(1);
      const [settled] = await orders(c.token);
      expect(settled).toMatchObject({ status: 'settled', interest: k.interest, amount: Number(k.amount).toFixed(2) });
      expect(settled!.settled_at).not.toBeNull();
      expect(await money(c.token)).toMatchObject({ balance: k.total, interest: '0.00', total: k.total });
      // nothing more on a second run
      await settleRuns();
      expect(await money(c.token)).toMatchObject({ balance: k.total });
      const log = await s.call<Page<AssetLogEntry>>(API.assetLogList, { page: '1', page_size: '10' }, c.token);
      expect(log.data.list.slice(0, 2).map((e) => [e.kind, e.amount])).toEqual([
        ['interest_settle', k.total],
        ['interest_subscribe', `-${Number(k.amount).toFixed(2)}`],
      ]);
      const mail = decodeMail(s.mails(c.email).at(-1)!);
      expect(mail).toContain('Zinsauftrag');
      expect(mail).toContain(`${k.total} USDT`);
    }
  });

  it('two job runners racing settle each order once (on PostgreSQL both claim, skipping locked rows)', async () => {
    // whatever earlier tests left due is settled first
    s.clock.advance(40 * DAY);
    await s.jobs.tick();
    admin = await ownerToken(s);
    const p = await product({ rate: '0.5', days: 2, min: '1', quota: '1000' });
    const c = await customer('200');
    for (let i = 0; i < 20; i++) expect((await subscribe(c.token, p.id, '10')).code).toBe(200);
    s.clock.advance(2 * DAY);
    const a = createJobRunner(s.ctx, JOBS, { holder: 'a' });
    const b = createJobRunner(s.ctx, JOBS, { holder: 'b' });
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    const worked = (runs: typeof ra) => runs.find((r) => r.job === 'settle-interest')!.worked;
    expect(worked(ra) + worked(rb)).toBe(20);
    const settles = await s.db
      .selectFrom('journals')
      .select('ref')
      .where('kind', '=', 'interest_settle')
      .where(
        'ref',
        'in',
        (await orders(c.token)).map((o) => `interest_order:${o.id}`),
      )
      .execute();
    expect(settles).toHaveLength(20);
    // 200 back + 20 x 10 x 0.5 % x 2 = 2.00
    expect(await money(c.token)).toMatchObject({ balance: '202.00', interest: '0.00' });
  });
});

describe('live events', () => {
  it('tell the customer of the subscription and of the settlement, naming the order', async () => {
    admin = await ownerToken(s);
    const p = await product({ days: 1, min: '1' });
    const c = await customer('20');
    const seen: string[] = [];
    const live = s.ctx.live;
    // every event goes through notifyAll (notify too): one call per change, its topics in order
    const original = live.notifyAll.bind(live);
    live.notifyAll = async (userId, topics, ref) => {
      if (userId === c.id) for (const topic of topics) seen.push(`${topic} ${ref ?? ''}`);
      return original(userId, topics, ref);
    };
    try {
      const o = await subscribe(c.token, p.id, '20');
      s.clock.advance(DAY);
      await settleRuns();
      const ref = `interest_order:${o.data.id}`;
      expect(seen).toEqual([`money ${ref}`, `interest ${ref}`, `money ${ref}`, `interest ${ref}`]);
    } finally {
      live.notifyAll = original;
    }
  });
});
