import { ADMIN_API, API, type DashboardSummary, errorCode } from '@c2c/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { credit, moneyTestServer, operatorOf, ownerToken, PNG, upload } from '../../../test/harness.js';
import { merchantOffer, sellToMerchant } from '../../../test/products.js';
import { act, customer, listing, trade } from '../../../test/trading.js';

// a server of its own: the dashboard counts everything on it
const s = moneyTestServer();

const HOUR = 3_600_000;
const summary = async (token: string) => {
  const r = await s.admin<DashboardSummary>(ADMIN_API.dashboardSummary, {}, token);
  expect(r.code).toBe(200);
  return r.data;
};
/** Moves the clock to `hours` past the next UTC midnight. */
function toNextDay(hours: number) {
  const now = s.clock.now();
  s.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime() + hours * HOUR);
}
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const zero = {
  recharge_amount: '0.00',
  recharge_count: 0,
  withdraw_amount: '0.00',
  withdraw_count: 0,
  sale_amount: '0.00',
  sale_count: 0,
  trade_amount: '0.00',
  trade_count: 0,
  new_users: 0,
};

describe('dashboard/summary', () => {
  it('counts liabilities from the ledger, the queues with the age of their oldest item, and 30 zero-filled UTC days', async () => {
    toNextDay(1);
    const day1 = dayOf(s.clock.now());
    let admin = await ownerToken(s);
    const empty = await summary(admin);
    expect(empty.liabilities).toEqual({ available: '0.00', frozen: '0.00', escrow: '0.00', interest: '0.00', total: '0.00' });
    expect(empty.queues.recharge).toEqual({ count: 0, oldest_at: null, oldest_seconds: null });
    expect(empty.days).toHaveLength(30);
    expect(empty.days.map(({ day: _, ...rest }) => rest)).toEqual(Array.from({ length: 30 }, () => zero));

    // day 1: two customers join; A is credited 300 and 200 (two recharges), B 100
    const a = await customer(s, admin, '300');
    const b = await customer(s, admin, '100');
    await credit(s, admin, a.token, '200');

    // day 2: A withdraws 50 (paid) and 20 (left waiting); A sells 30 to a merchant (paid); A lists 100, B buys 40 (released)
    toNextDay(2);
    const day2 = dayOf(s.clock.now());
    admin = await ownerToken(s);
    const paid = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: a.bk, amount: '50' }, a.token);
    expect((await s.admin(ADMIN_API.withdrawApprove, { id: paid.data.id, reference: 'TX-1' }, admin)).code).toBe(200);
    const offer = await merchantOffer(s, admin, { name: 'Dash OTC', price: '1', min: '1' });
    const sale = await sellToMerchant(s, a, offer, '30');
    expect((await s.admin(ADMIN_API.saleuApprove, { id: sale.data.id, reference: 'PAY-1' }, admin)).code).toBe(200);
    const l = await listing(s, a, { number: '100', min: '1', max: '100' });
    const released = await trade(s, b, l, '40');
    expect((await act(s, b, API.tradePaid, released)).code).toBe(200);
    expect((await act(s, a, API.tradeRelease, released)).code).toBe(200);
    expect((await s.call(API.withdrawCreate, { bk_id: a.bk, amount: '20' }, a.token)).code).toBe(200);

    // day 3 (today): a recharge and a sale to a merchant wait; a trade is disputed; 3 hours pass
    toNextDay(0.5);
    const day3 = dayOf(s.clock.now());
    admin = await ownerToken(s);
    const c = await customer(s, admin, '0');
    const shot = await upload(s, c.token, PNG);
    expect((await s.call(API.rechargeCreate, { type: 'TRC20', amount: '70', image: shot.body.data.url }, c.token)).code).toBe(
      200,
    );
    s.clock.advance(HOUR);
    expect((await sellToMerchant(s, a, offer, '10')).code).toBe(200);
    const disputed = await trade(s, b, l, '15');
    expect((await act(s, b, API.tradePaid, disputed)).code).toBe(200);
    expect((await act(s, b, API.tradeAppeal, disputed, { reason: 'not released' })).code).toBe(200);
    s.clock.advance(2 * HOUR);

    const d = await summary(admin);
    // liabilities are the customer accounts of the ledger: A 500 - 50 - 20 - 30 - 100 listed = 300 available,
    // frozen 20 + 10 (waiting withdrawal and sale), escrow 100 - 40 released = 60 (15 of it in the disputed trade);
    // B 100 + 40 available
    expect(d.liabilities).toEqual({ available: '430.00', frozen: '30.00', escrow: '60.00', interest: '0.00', total: '520.00' });
    const ledgerTotal = await s.db
      .selectFrom('accounts')
      .select(sql<string>`sum(balance)`.as('t'))
      .where('user_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(BigInt(ledgerTotal.t)).toBe(520_000_000n);
    // the platform's accounts hold the other side: world -(600 in - 50 out), the merchant's settlement 30
    expect(d.platform).toEqual(
      expect.arrayContaining([
        { kind: 'world', balance: '-550.00' },
        { kind: 'merchant_settlement', balance: '30.00' },
      ]),
    );
    expect(d.platform.reduce((sum, p) => sum + BigInt(p.balance.replace('.', '')), 0n)).toBe(-52_000n);

    // each queue's oldest item as stored, and its age at the moment of the summary
    const oldest = async (table: 'recharges' | 'withdrawals' | 'merchant_sales') =>
      (await s.db.selectFrom(table).select('created_at').where('status', '=', 'auditing').executeTakeFirstOrThrow()).created_at;
    const at = new Date(d.generated_at).getTime();
    const queue = (since: string) => ({
      count: 1,
      oldest_at: since,
      oldest_seconds: Math.floor((at - new Date(since).getTime()) / 1000),
    });
    expect(d.queues.recharge).toEqual(queue(await oldest('recharges')));
    expect(d.queues.withdraw).toEqual(queue(await oldest('withdrawals')));
    expect(d.queues.saleu).toEqual(queue(await oldest('merchant_sales')));
    const disputedAt = (
      await s.db.selectFrom('trades').select('disputed_at').where('id', '=', disputed).executeTakeFirstOrThrow()
    ).disputed_at!;
    expect(d.queues.dispute).toEqual(queue(disputedAt));
    // the clock moved 3 hours since the recharge, 2 since the dispute; the withdrawal waits since yesterday
    expect(d.queues.recharge.oldest_seconds).toBeGreaterThanOrEqual(3 * 3600);
    expect(d.queues.recharge.oldest_seconds).toBeLessThan(3 * 3600 + 60);
    expect(d.queues.dispute.oldest_seconds).toBeGreaterThanOrEqual(2 * 3600);
    expect(d.queues.dispute.oldest_seconds).toBeLessThan(2 * 3600 + 60);
    expect(d.queues.withdraw.oldest_seconds).toBeGreaterThan(d.queues.recharge.oldest_seconds!);

    expect(d.days).toHaveLength(30);
    expect(d.days.at(-1)!.day).toBe(day3);
    const first = new Date(`${day3}T00:00:00.000Z`);
    first.setUTCDate(first.getUTCDate() - 29);
    expect(d.days[0]!.day).toBe(dayOf(first));
    const byDay = new Map(d.days.map(({ day, ...rest }) => [day, rest]));
    expect(byDay.get(day1)).toEqual({ ...zero, recharge_amount: '600.00', recharge_count: 3, new_users: 2 });
    expect(byDay.get(day2)).toEqual({
      ...zero,
      withdraw_amount: '50.00',
      withdraw_count: 1,
      sale_amount: '30.00',
      sale_count: 1,
      trade_amount: '40.00',
      trade_count: 1,
    });
    expect(byDay.get(day3)).toEqual({ ...zero, new_users: 1 });
    for (const [day, point] of byDay) if (![day1, day2, day3].includes(day)) expect(point).toEqual(zero);

    // 27 days later day 1 is the oldest of the 30 days; a day after that it has left the window
    s.clock.advance(27 * 24 * HOUR);
    const later = await summary(await ownerToken(s));
    expect(later.days[0]).toEqual({ day: day1, ...zero, recharge_amount: '600.00', recharge_count: 3, new_users: 2 });
    s.clock.advance(24 * HOUR);
    const after = await summary(await ownerToken(s));
    expect(after.days[0]!.day).toBe(day2);
    expect(after.days.some((p) => p.day === day1)).toBe(false);
    expect(after.days.reduce((n, p) => n + p.recharge_count, 0)).toBe(0);
    // the liabilities and the queues do not depend on the window
    expect(after.liabilities).toEqual(d.liabilities);
    expect(after.queues.recharge.count).toBe(1);
  });

  it('answers every operator role and nobody signed out', async () => {
    const admin = await ownerToken(s);
    const support = await operatorOf(s, admin, 'support');
    expect((await s.admin(ADMIN_API.dashboardSummary, {}, support.token)).code).toBe(200);
    expect((await s.admin(ADMIN_API.dashboardSummary, {})).code).toBe(errorCode('unauthorized'));
  });
});
