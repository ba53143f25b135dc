import { ADMIN_API, API, errorCode, type VipInfo } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { moneyTestServer, operatorOf } from '../../../test/harness.js';
import { merchantOffer, sellToMerchant } from '../../../test/products.js';
import { act, type Customer, customer, listing, money, trade } from '../../../test/trading.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const DEFAULTS = [
  { level: 0, volume: '0.00', daily_withdraw: '5000.00' },
  { level: 1, volume: '1000.00', daily_withdraw: '20000.00' },
  { level: 2, volume: '10000.00', daily_withdraw: '100000.00' },
  { level: 3, volume: '100000.00', daily_withdraw: '500000.00' },
];

const info = async (c: Customer) => (await s.call<VipInfo>(API.vipInfo, {}, c.token)).data;
const levelOf = async (c: Customer) => (await s.call<{ vip_level: number }>(API.getInfo, {}, c.token)).data.vip_level;
const saveLevels = (levels: { volume: string; daily_withdraw: string }[], token = admin) =>
  s.admin<{ levels: typeof DEFAULTS }>(ADMIN_API.vipSave, { levels }, token);
const withdraw = (c: Customer, amount: string) => s.call<{ id: number }>(API.withdrawCreate, { bk_id: c.bk, amount }, c.token);

/** A sale to a merchant the operator paid: `number` USDT out of the seller's frozen account, a completed sale. */
async function merchantSale(c: Customer, number: string, outcome: 'approve' | 'reject' | 'pending' = 'approve') {
  const offer = await merchantOffer(s, admin, { name: 'VIP OTC', price: '1', quantity: '100000', min: '1', max: '50000' });
  const sale = await sellToMerchant(s, c, offer, number);
  if (sale.code !== 200) throw new Error(`sale: ${sale.msg}`);
  if (outcome === 'approve')
    expect((await s.admin(ADMIN_API.saleuApprove, { id: sale.data.id, reference: 'PAY-VIP' }, admin)).code).toBe(200);
  if (outcome === 'reject')
    expect((await s.admin(ADMIN_API.saleuReject, { id: sale.data.id, reason: 'declined' }, admin)).code).toBe(200);
}

/** A trade of `number` USDT from seller to buyer, released by the seller. */
async function completedTrade(seller: Customer, buyer: Customer, number: string) {
  const l = await listing(s, seller, { number, min: '1', max: number });
  const id = await trade(s, buyer, l, number);
  expect((await act(s, buyer, API.tradePaid, id)).code).toBe(200);
  expect((await act(s, seller, API.tradeRelease, id)).code).toBe(200);
  return id;
}

describe('VIP levels', () => {
  it('serves the default levels to every operator role and lets only an owner change them, audited', async () => {
    const support = await operatorOf(s, admin, 'support');
    expect((await s.admin(ADMIN_API.vipGet, {}, support.token)).data).toEqual({ levels: DEFAULTS });
    const finance = await operatorOf(s, admin, 'finance');
    expect((await saveLevels([{ volume: '0', daily_withdraw: '10' }], finance.token)).code).toBe(errorCode('forbidden'));
    // VIP 0 must start at 0; volumes must rise; a limit of 0 is not a limit; bad amounts refused
    expect((await saveLevels([{ volume: '5', daily_withdraw: '10' }])).code).toBe(errorCode('vip_levels_invalid'));
    expect(
      (
        await saveLevels([
          { volume: '0', daily_withdraw: '10' },
          { volume: '100', daily_withdraw: '20' },
          { volume: '100', daily_withdraw: '30' },
        ])
      ).code,
    ).toBe(errorCode('vip_levels_invalid'));
    expect((await saveLevels([{ volume: '0', daily_withdraw: '0' }])).code).toBe(errorCode('amount_format'));
    expect((await saveLevels([{ volume: '0', daily_withdraw: '1.234' }])).code).toBe(errorCode('amount_format'));
    expect((await saveLevels([])).code).toBe(errorCode('vip_levels_invalid'));
    expect((await s.admin(ADMIN_API.vipGet, {}, admin)).data).toEqual({ levels: DEFAULTS });

    const saved = await saveLevels([
      { volume: '0', daily_withdraw: '100' },
      { volume: '50.5', daily_withdraw: '1000' },
    ]);
    expect(saved.data).toEqual({
      levels: [
        { level: 0, volume: '0.00', daily_withdraw: '100.00' },
        { level: 1, volume: '50.50', daily_withdraw: '1000.00' },
      ],
    });
    const audit = await s.db.selectFrom('audit_log').selectAll().where('action', '=', 'vip.levels').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ from: DEFAULTS, to: saved.data.levels });
    // back to the defaults for the other tests
    expect((await saveLevels(DEFAULTS.map(({ volume, daily_withdraw }) => ({ volume, daily_withdraw })))).code).toBe(200);
  });

  it('rises with completed trade and sale volume read from the ledger; pending and refused deals count nothing', async () => {
    const seller = await customer(s, admin, '3000');
    const buyer = await customer(s, admin, '0');
    expect(await info(seller)).toEqual({
      level: 0,
      earned_level: 0,
      overridden: false,
      volume: '0.00',
      next_volume: '1000.00',
      daily_withdraw_limit: '5000.00',
      withdrawn_today: '0.00',
      withdraw_left_today: '5000.00',
    });
    // a sale still waiting and one the merchant declined are no volume
    await merchantSale(seller, '400', 'pending');
    await merchantSale(seller, '300', 'reject');
    expect((await info(seller)).volume).toBe('0.00');
    await merchantSale(seller, '600');
    expect(await info(seller)).toMatchObject({ level: 0, volume: '600.00' });
    expect(await levelOf(seller)).toBe(0);

    // a released trade counts for both sides: the seller's sale, the buyer's acquisition
    await completedTrade(seller, buyer, '400');
    expect(await info(seller)).toMatchObject({ level: 1, earned_level: 1, volume: '1000.00', next_volume: '10000.00' });
    expect(await levelOf(seller)).toBe(1);
    expect(await info(buyer)).toMatchObject({ level: 0, volume: '400.00' });

    // the buyer sells part of it back; a trade left unreleased counts nothing
    const l = await listing(s, buyer, { number: '100', min: '1', max: '100' });
    await trade(s, seller, l, '100');
    expect((await info(buyer)).volume).toBe('400.00');
    // a sign-in answers the effective level too
    expect(await levelOf(buyer)).toBe(0);
  });

  it('an owner overrides a level and clears it again: reason required, audited, other roles refused', async () => {
    const c = await customer(s, admin, '0');
    const set = (body: Record<string, unknown>, token = admin) =>
      s.admin<{ id: number; vip_level: number; earned_level: number; override: number | null }>(
        ADMIN_API.userSetVip,
        body,
        token,
      );
    const finance = await operatorOf(s, admin, 'finance');
    expect((await set({ id: c.id, level: 2, reason: 'key account' }, finance.token)).code).toBe(errorCode('forbidden'));
    expect((await set({ id: c.id, level: 2 })).code).toBe(errorCode('reason_required'));
    expect((await set({ id: c.id, level: 2, reason: '  ' })).code).toBe(errorCode('reason_required'));
    expect((await set({ id: c.id, level: 4, reason: 'too high' })).code).toBe(errorCode('vip_level_unknown'));
    expect((await set({ id: c.id, level: -1, reason: 'negative' })).code).toBe(errorCode('invalid_value'));
    expect((await set({ id: c.id, level: 'x', reason: 'text' })).code).toBe(errorCode('invalid_value'));
    expect((await set({ id: 999_999, level: 1, reason: 'nobody' })).code).toBe(errorCode('record_not_found'));
    expect(await levelOf(c)).toBe(0);

    expect((await set({ id: c.id, level: 3, reason: 'key account' })).data).toEqual({
      id: c.id,
      vip_level: 3,
      earned_level: 0,
      override: 3,
    });
    expect(await levelOf(c)).toBe(3);
    expect(await info(c)).toMatchObject({ level: 3, earned_level: 0, overridden: true, daily_withdraw_limit: '500000.00' });

    expect((await set({ id: String(c.id), level: '', reason: 'review over' })).data).toEqual({
      id: c.id,
      vip_level: 0,
      earned_level: 0,
      override: null,
    });
    expect(await levelOf(c)).toBe(0);
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'detail', 'operator_email'])
      .where('target', '=', `user:${c.id}`)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.action, a.operator_email, JSON.parse(a.detail)])).toEqual([
      ['user.vip.set', 'owner@test.local', { email: c.email, from: null, to: 3, reason: 'key account' }],
      ['user.vip.clear', 'owner@test.local', { email: c.email, from: 3, to: null, reason: 'review over' }],
    ]);
  });
});

describe('the daily withdrawal limit per level', () => {
  /** VIP 0 may withdraw 100 a day; 50 sold in trades earns VIP 1, 1000 a day */
  const twoLevels = async () =>
    expect(
      (
        await saveLevels([
          { volume: '0', daily_withdraw: '100' },
          { volume: '50', daily_withdraw: '1000' },
        ])
      ).code,
    ).toBe(200);

  it('refuses a withdrawal past the level limit, counts pending ones, frees rejected ones, and allows more after a level up', async () => {
    await twoLevels();
    const c = await customer(s, admin, '500');
    const other = await customer(s, admin, '0');
    const first = await withdraw(c, '60');
    expect(first.code).toBe(200);
    const over = await withdraw(c, '50');
    expect(over.code).toBe(errorCode('vip_daily_limit'));
    expect(over.msg).toBe('Withdrawals today may total at most 100.00 USDT at VIP 0; 40.00 USDT is left for today');
    // nothing moved and nothing was recorded
    expect(await money(s, c)).toMatchObject({ balance: '440.00', frozen: '60.00' });
    expect(await s.db.selectFrom('withdrawals').select('id').where('user_id', '=', c.id).execute()).toHaveLength(1);
    expect(await info(c)).toMatchObject({ withdrawn_today: '60.00', withdraw_left_today: '40.00' });
    expect((await withdraw(c, '40')).code).toBe(200);
    expect((await withdraw(c, '10')).code).toBe(errorCode('vip_daily_limit'));

    // a rejected withdrawal no longer counts
    expect((await s.admin(ADMIN_API.withdrawReject, { id: first.data.id, reason: 'wrong account' }, admin)).code).toBe(200);
    expect(await info(c)).toMatchObject({ withdrawn_today: '40.00', withdraw_left_today: '60.00' });

    // selling 50 USDT in a trade earns VIP 1: the limit rises to 1000 at once
    await completedTrade(c, other, '50');
    expect(await info(c)).toMatchObject({ level: 1, daily_withdraw_limit: '1000.00', withdraw_left_today: '960.00' });
    expect((await withdraw(c, '300')).code).toBe(200);
    expect(await money(s, c)).toMatchObject({ balance: '110.00' });

    // a new UTC day starts a new count
    const now = s.clock.now();
    s.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime() + 1000);
    expect(await info(c)).toMatchObject({ withdrawn_today: '0.00', withdraw_left_today: '1000.00' });
  });

  it('answers a withdrawal both short of balance and past the limit as short of balance (the ledger refuses first), and nothing changes', async () => {
    await twoLevels();
    const c = await customer(s, admin, '100');
    expect((await withdraw(c, '80')).code).toBe(200);
    // 50 more: 20 available, and 130 today against a limit of 100
    expect((await withdraw(c, '50')).code).toBe(errorCode('insufficient_balance'));
    expect(await money(s, c)).toMatchObject({ balance: '20.00', frozen: '80.00' });
    expect(await info(c)).toMatchObject({ withdrawn_today: '80.00', withdraw_left_today: '20.00' });
    expect(await s.db.selectFrom('withdrawals').select('id').where('user_id', '=', c.id).execute()).toHaveLength(1);
  });

  it('two withdrawals at once cannot both pass the limit', async () => {
    await twoLevels();
    const c = await customer(s, admin, '500');
    const results = await Promise.all([withdraw(c, '60'), withdraw(c, '60'), withdraw(c, '60')]);
    expect(results.map((r) => r.code).sort()).toEqual([200, errorCode('vip_daily_limit'), errorCode('vip_daily_limit')].sort());
    expect(await money(s, c)).toMatchObject({ balance: '440.00', frozen: '60.00' });
  });
});
