import type { AdminUser, AdminUserDetail } from '@c2c/shared';
import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BANK_FORM, moneyTestServer, onPostgres, operatorOf, signIn, signUp } from '../../../test/harness.js';
import { signedInSocket } from '../../../test/live-socket.js';
import { arrangeTrade } from '../../../test/trade-fixture.js';
import { customer, listing, listingWithBuyer } from '../../../test/trading.js';
import { up as migrate020 } from '../../db/migrations/020-hall-sellers.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const list = (body: Record<string, unknown>, token = admin) =>
  s.admin<{ list: AdminUser[]; total: number }>(ADMIN_API.userList, body, token);
const detail = (id: number, token = admin) => s.admin<AdminUserDetail>(ADMIN_API.userDetail, { id }, token);
const freeze = (id: number, token = admin, reason = 'suspicious recharges') =>
  s.admin<AdminUser>(ADMIN_API.userFreeze, { id, reason }, token);
const adjust = (body: Record<string, unknown>, token = admin) =>
  s.admin<{ id: number; amount: string; available: string }>(ADMIN_API.userAdjust, body, token);
const auditOf = (userId: number, action: string) =>
  s.db.selectFrom('audit_log').selectAll().where('target', '=', `user:${userId}`).where('action', '=', action).execute();
const moneyOf = async (token: string) =>
  (await s.call<{ balance: string; frozen: string; escrow: string; total: string }>(API.getMoneyInfo, {}, token)).data;

describe('finding customers', () => {
  it('searches e-mail, own and inviter code, filters by status and pages', async () => {
    const inviter = await signUp(s);
    const a = await signUp(s, { invite: inviter.user.invite_code });
    const b = await signUp(s, { invite: inviter.user.invite_code });
    await s.admin(ADMIN_API.userFreeze, { id: b.user.id, reason: 'test' }, admin);

    const byEmail = await list({ keyword: a.email.toUpperCase().slice(0, 20) });
    expect(byEmail.code).toBe(200);
    expect(byEmail.data.list.map((u) => u.email)).toContain(a.email);

    const byOwnCode = await list({ keyword: a.user.invite_code.toLowerCase() });
    expect(byOwnCode.data.list.map((u) => u.id)).toEqual([a.user.id]);

    const byInviter = await list({ keyword: inviter.user.invite_code });
    expect(byInviter.data.total).toBe(3);
    expect(byInviter.data.list.map((u) => u.id)).toEqual([b.user.id, a.user.id, inviter.user.id]);
    const row = byInviter.data.list.find((u) => u.id === a.user.id)!;
    expect(row).toMatchObject({
      inviter_id: inviter.user.id,
      inviter_email: inviter.email,
      inviter_code: inviter.user.invite_code,
      status: 'active',
      balance_total: '0.00',
      vip_level: 0,
    });

    const frozenOnly = await list({ keyword: inviter.user.invite_code, status: 'frozen' });
    expect(frozenOnly.data.list.map((u) => u.id)).toEqual([b.user.id]);
    const paged = await list({ keyword: inviter.user.invite_code, page: 2, page_size: 2 });
    expect(paged.data).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(paged.data.list.map((u) => u.id)).toEqual([inviter.user.id]);
    // a keyword that is a LIKE wildcard matches only itself
    expect((await list({ keyword: '%' })).data.total).toBe(0);
    expect((await list({ status: 'gone' })).code).toBe(errorCode('invalid_value'));
    const support = await operatorOf(s, admin, 'support');
    expect((await list({ keyword: a.email }, support.token)).code).toBe(200);
  });
});

describe('a customer in the console', () => {
  it('shows the VIP level in effect: the level earned, and an owner override over it in the list and the detail', async () => {
    const c = await signUp(s);
    const before = (await detail(c.user.id)).data;
    expect(before.user.vip_level).toBe(0);
    expect(before.vip).toEqual({ earned: 0, override: null, volume: '0.00' });
    const set = await s.admin(ADMIN_API.userSetVip, { id: c.user.id, level: '2', reason: 'key account' }, admin);
    expect(set.code).toBe(200);
    const after = (await detail(c.user.id)).data;
    expect(after.user.vip_level).toBe(2);
    expect(after.vip).toEqual({ earned: 0, override: 2, volume: '0.00' });
    const row = (await list({ keyword: c.user.invite_code })).data.list.find((u) => u.id === c.user.id);
    expect(row?.vip_level).toBe(2);
  });

  it('shows profile, balances, ledger, team of three levels, orders, sessions; payout accounts masked', async () => {
    const top = await signUp(s);
    // the team is built by sign-ups with invitation codes, which keep the team's sizes
    const c = await customer(s, admin, '120', { invite: top.user.invite_code });
    const l2 = await signUp(s, { invite: (await detail(c.id)).data.user.invite_code });
    const l3 = await signUp(s, { invite: (await detail(l2.user.id)).data.user.invite_code });
    await signUp(s, { invite: (await detail(l3.user.id)).data.user.invite_code });
    expect((await s.call(API.withdrawCreate, { bk_id: c.bk, amount: '20' }, c.token)).code).toBe(200);
    await listing(s, c, { number: '50', min: '10', max: '50' });

    const d = await detail(top.user.id);
    expect(d.data.team).toEqual({ level1: 1, level2: 1, level3: 1 });
    const mine = (await detail(c.id)).data;
    expect(mine.user).toMatchObject({
      id: c.id,
      email: c.email,
      inviter_email: top.email,
      status: 'active',
      balance_total: '120.00',
    });
    expect(mine.balances).toEqual({ balance: '50.00', frozen: '20.00', escrow: '50.00', interest: '0.00', total: '120.00' });
    expect(mine.ledger.map((l) => [l.kind, l.account, l.amount])).toEqual([
      ['listing_escrow', 'escrow', '50.00'],
      ['listing_escrow', 'available', '-50.00'],
      ['withdraw', 'frozen', '20.00'],
      ['withdraw', 'available', '-20.00'],
      ['recharge', 'available', '120.00'],
    ]);
    expect(mine.recharges).toMatchObject([{ amount: '120.00', status: 'completed' }]);
    expect(mine.withdrawals).toMatchObject([{ amount: '20.00', status: 'auditing' }]);
    // the IBAN shows only masked
    expect(mine.withdrawals[0]!.account).not.toContain(BANK_FORM.iban.replace(/\s/g, '').slice(4, 12));
    expect(mine.listings).toMatchObject([{ quantity: '50.00', remaining: '50.00', status: 'open', currency: 'CNY' }]);
    expect(mine.sessions.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(mine)).not.toContain(c.token);
    expect((await detail(999_999)).code).toBe(errorCode('record_not_found'));
  });
});

describe('freezing', () => {
  it('ends sessions and sockets at once, refuses sign-in and every money call; unfreezing restores sign-in', async () => {
    const c = await customer(s, admin, '100');
    const other = await customer(s, admin, '100');
    const otherListing = await listing(s, other, { number: '50', min: '10', max: '50' });
    const laptop = (await signIn(s, c.email)).data.token;
    const live = signedInSocket(s, c.token);
    expect(await live.ready).toEqual({ type: 'ready' });

    const frozen = await freeze(c.id);
    expect(frozen.code).toBe(200);
    expect(frozen.data.status).toBe('frozen');
    expect(await live.closed).toBe(4401);
    expect(live.messages.at(-1)).toEqual({ type: 'error', code: -1 });
    expect(await s.db.selectFrom('sessions').select('id').where('user_id', '=', c.id).execute()).toEqual([]);

    for (const token of [c.token, laptop]) expect((await s.call(API.getInfo, {}, token)).code).toBe(-1);
    const moneyCalls: [string, Record<string, string>][] = [
      [API.withdrawCreate, { bk_id: c.bk, amount: '10' }],
      [API.rechargeCreate, { type: 'TRC20', amount: '50', image: '/uploads/x.png' }],
      [API.sellingCreate, { number: '10', price: '7', currency: 'CNY', min: '10', max: '10', window_minutes: '15', bk_id: c.bk }],
      [API.tradeCreate, { selling_id: String(otherListing), number: '10' }],
      [API.saleuCreateOrder, { merchant_id: '1', number: '10', bk_id: c.bk }],
    ];
    for (const [path, body] of moneyCalls) expect((await s.call(path, body, c.token)).code, path).toBe(-1);
    const login = await signIn(s, c.email, { lang: 'de' });
    expect(login.code).toBe(errorCode('account_frozen'));
    expect(login.msg).not.toBe('');
    expect((await freeze(c.id)).code).toBe(errorCode('customer_frozen_already'));
    expect((await detail(c.id)).data.user).toMatchObject({ status: 'frozen', frozen_reason: 'suspicious recharges' });
    expect(await auditOf(c.id, 'user.freeze')).toHaveLength(1);

    const unfrozen = await s.admin<AdminUser>(ADMIN_API.userUnfreeze, { id: c.id }, admin);
    expect(unfrozen.data.status).toBe('active');
    expect((await s.admin(ADMIN_API.userUnfreeze, { id: c.id }, admin)).code).toBe(errorCode('customer_not_frozen'));
    const again = await signIn(s, c.email);
    expect(again.code).toBe(200);
    expect(await moneyOf(again.data.token)).toMatchObject({ balance: '100.00' });
    expect(await auditOf(c.id, 'user.unfreeze')).toHaveLength(1);
  });

  it('lets owner and finance freeze, only the owner unfreeze; a reason is required', async () => {
    const c = await signUp(s);
    const support = await operatorOf(s, admin, 'support');
    const finance = await operatorOf(s, admin, 'finance');
    expect((await freeze(c.user.id, support.token)).code).toBe(errorCode('forbidden'));
    expect((await s.admin(ADMIN_API.userFreeze, { id: c.user.id, reason: '  ' }, admin)).code).toBe(errorCode('reason_required'));
    expect((await freeze(c.user.id, finance.token)).code).toBe(200);
    expect((await s.admin(ADMIN_API.userUnfreeze, { id: c.user.id }, finance.token)).code).toBe(errorCode('forbidden'));
    expect((await s.admin(ADMIN_API.userUnfreeze, { id: c.user.id }, admin)).code).toBe(200);
  });

  it("leaves a frozen customer's disputed trade to the operator, and their unpaid trade to the expiry job", async () => {
    const { id, seller, buyer } = await arrangeTrade(s, admin, { status: 'disputed', quantity: '10' });
    expect((await freeze(seller.user.id)).code).toBe(200);
    expect((await freeze(buyer.user.id)).code).toBe(200);
    const resolved = await s.admin<{ status: string }>(
      ADMIN_API.tradeResolve,
      { id, outcome: 'release', note: 'paid, proof ok' },
      admin,
    );
    expect(resolved.code).toBe(200);
    expect(resolved.data.status).toBe('completed');
    expect((await detail(buyer.user.id)).data.balances.balance).toBe('10.00');

    const pending = await arrangeTrade(s, admin, { quantity: '10' });
    expect((await freeze(pending.buyer.user.id)).code).toBe(200);
    s.clock.advance(16 * 60_000);
    await s.jobs.tick();
    const row = await s.db.selectFrom('trades').select('status').where('id', '=', pending.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('expired');
  });
});

describe("a frozen seller's listings", () => {
  it('leave the Hall and take no trades until the seller is unfrozen', async () => {
    const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '50', { number: '50', min: '10', max: '50' });
    const page = async () =>
      (await s.call<{ list: { id: number }[]; total: number }>(API.sellingOrder, { page_size: '100' }, buyer.token)).data;
    const hall = async () => (await page()).list.map((x) => x.id);
    const before = await page();
    expect(before.list.map((x) => x.id)).toContain(l);
    expect((await freeze(seller.id)).code).toBe(200);
    expect(await hall()).not.toContain(l);
    // the total follows the page (both read the listing's seller state, kept by the database: migration 020)
    expect((await page()).total).toBe(before.total - 1);
    expect((await s.call(API.tradeCreate, { selling_id: String(l), number: '10' }, buyer.token)).code).toBe(
      errorCode('listing_not_open'),
    );
    expect((await s.admin(ADMIN_API.userUnfreeze, { id: seller.id }, admin)).code).toBe(200);
    expect(await hall()).toContain(l);
    expect((await page()).total).toBe(before.total);
    expect((await s.call(API.tradeCreate, { selling_id: String(l), number: '10' }, buyer.token)).code).toBe(200);
  });
});

describe('migration 020: the seller state on listings', () => {
  const sellerActive = async (id: number) =>
    (await s.db.selectFrom('listings').select('seller_active').where('id', '=', id).executeTakeFirstOrThrow()).seller_active;

  it('marks the listings of sellers frozen before it, and the trigger follows every later change', async () => {
    const frozenSeller = await customer(s, admin, '50');
    const activeSeller = await customer(s, admin, '50');
    const hidden = await listing(s, frozenSeller, { number: '20', min: '10', max: '20' });
    const shown = await listing(s, activeSeller, { number: '20', min: '10', max: '20' });
    expect((await freeze(frozenSeller.id)).code).toBe(200);
    // back to the database as migration 019 left it (no flag, no trigger, the old Hall index), then 020 again
    if (onPostgres) {
      await sql`DROP TRIGGER users_status_to_listings ON users`.execute(s.db);
      await sql`DROP FUNCTION listings_follow_seller_status()`.execute(s.db);
    } else await sql`DROP TRIGGER users_status_to_listings`.execute(s.db);
    await s.db.schema.dropIndex('listings_hall').execute();
    await sql`ALTER TABLE listings DROP COLUMN seller_active`.execute(s.db);
    await s.db.schema
      .createIndex('listings_hall')
      .on('listings')
      .columns(['status', 'price', 'id', 'remaining', 'user_id'])
      .execute();
    await migrate020(s.db as never, { dialect: onPostgres ? 'postgres' : 'sqlite', id: onPostgres ? 'serial' : 'integer' });

    expect(await sellerActive(hidden)).toBe(false);
    expect(await sellerActive(shown)).toBe(true);
    // the trigger again: unfreezing shows, a status written by any code path hides, a write that keeps it changes nothing
    expect((await s.admin(ADMIN_API.userUnfreeze, { id: frozenSeller.id }, admin)).code).toBe(200);
    expect(await sellerActive(hidden)).toBe(true);
    await s.db.updateTable('users').set({ status: 'closed' }).where('id', '=', activeSeller.id).execute();
    expect(await sellerActive(shown)).toBe(false);
    await s.db.updateTable('users').set({ nickname: 'still closed' }).where('id', '=', activeSeller.id).execute();
    expect(await sellerActive(shown)).toBe(false);
  });
});

describe('balance corrections', () => {
  it('credits and debits available through the ledger, shown in the asset log, audited, once per request_id', async () => {
    const c = await customer(s, admin, '30');
    const credited = await adjust({ id: c.id, amount: '12.34', reason: 'missed bonus', request_id: 'adj-plus-0001' });
    expect(credited.data).toMatchObject({ amount: '12.34', available: '42.34' });
    const repeat = await adjust({ id: c.id, amount: '12.34', reason: 'missed bonus', request_id: 'adj-plus-0001' });
    expect(repeat.data.id).toBe(credited.data.id);
    expect((await moneyOf(c.token)).balance).toBe('42.34');

    const debited = await adjust({ id: c.id, amount: '-2.34', reason: 'double credit', request_id: 'adj-minus-0001' });
    expect(debited.data).toMatchObject({ amount: '-2.34', available: '40.00' });
    const tooMuch = await adjust({ id: c.id, amount: '-40.01', reason: 'wrong' });
    expect(tooMuch.code).toBe(errorCode('adjust_below_zero'));
    expect(tooMuch.msg).toContain('40.00');
    expect((await moneyOf(c.token)).balance).toBe('40.00');
    // everything can be taken, not more
    expect((await adjust({ id: c.id, amount: '-40', reason: 'closing out' })).data.available).toBe('0.00');

    const log = await s.call<{ list: { kind: string; amount: string; note: string | null }[] }>(API.assetLogList, {}, c.token);
    // the customer reads each correction with the reason the operator gave
    expect(log.data.list.slice(0, 3).map((e) => [e.kind, e.amount, e.note])).toEqual([
      ['adjust', '-40.00', 'closing out'],
      ['adjust', '-2.34', 'double credit'],
      ['adjust', '12.34', 'missed bonus'],
    ]);
    expect(log.data.list.filter((e) => e.kind !== 'adjust').every((e) => e.note === null)).toBe(true);
    const audit = await auditOf(c.id, 'user.adjust');
    expect(audit).toHaveLength(3);
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ amount: '12.34', reason: 'missed bonus' });
    const d = (await detail(c.id)).data;
    expect(d.adjustments.map((a) => [a.amount, a.reason])).toEqual([
      ['-40.00', 'closing out'],
      ['-2.34', 'double credit'],
      ['12.34', 'missed bonus'],
    ]);
    expect(d.ledger[0]).toMatchObject({ kind: 'adjust', memo: 'closing out' });
  });

  it('refuses bad amounts, a missing reason and every role but the owner', async () => {
    const c = await signUp(s);
    for (const amount of ['0', '-0.00', '1.234', '1e3', '+5', '', '--1'])
      expect((await adjust({ id: c.user.id, amount, reason: 'x' })).code, amount).toBe(
        amount === '' ? errorCode('amount_required') : errorCode('adjust_amount_format'),
      );
    expect((await adjust({ id: c.user.id, amount: '5' })).code).toBe(errorCode('reason_required'));
    const finance = await operatorOf(s, admin, 'finance');
    const support = await operatorOf(s, admin, 'support');
    for (const op of [finance, support])
      expect((await adjust({ id: c.user.id, amount: '5', reason: 'x' }, op.token)).code).toBe(errorCode('forbidden'));
    expect((await adjust({ id: c.user.id, amount: '-0.01', reason: 'x' })).code).toBe(errorCode('adjust_below_zero'));
    expect((await adjust({ id: 999_999, amount: '5', reason: 'x' })).code).toBe(errorCode('record_not_found'));
    expect(await auditOf(c.user.id, 'user.adjust')).toHaveLength(0);
    expect((await detail(c.user.id)).data.balances.total).toBe('0.00');
  });

  it('posts one correction when the same request arrives twice at once', async () => {
    const c = await signUp(s);
    const body = { id: c.user.id, amount: '7.00', reason: 'race', request_id: 'adj-race-00001' };
    const [x, y] = await Promise.all([adjust(body), adjust(body)]);
    expect(x.data.id).toBe(y.data.id);
    expect((await detail(c.user.id)).data.balances.balance).toBe('7.00');
  });
});
