import { ADMIN_API, API } from '@c2c/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { agePayoutAccounts, BANK_FORM, credit, moneyTestServer, onPostgres, signUp } from '../../test/harness.js';
import { merchantOffer } from '../../test/products.js';
import { checkLedger } from '../modules/ledger/ledger.service.js';
import { withdrawnOn, withdrawnOnSummed } from '../modules/vip/vip.repository.js';
import { up as migrate019 } from './migrations/019-write-paths.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

/** A customer with money and a payout account usable at once, and an offer that buys from them. */
async function seller() {
  const { token, user } = await signUp(s);
  await credit(s, admin, token, '1000');
  const bk = String((await s.call<{ id: number }>(API.bankinfoCreate, BANK_FORM, token)).data.id);
  await agePayoutAccounts(s);
  return { token, user, bk, merchant: await merchantOffer(s, admin, { name: 'Hot path', currency: 'eur' }) };
}

describe('a sale to a merchant', () => {
  it('sale order numbers are S, the UTC day and the id, padded to six digits', async () => {
    const c = await seller();
    const sale = await s.call<{ id: number; order_no: string }>(
      API.saleuCreateOrder,
      { saleu_id: String(c.merchant), number: '10', bk_id: c.bk },
      c.token,
    );
    const day = s.clock.now().toISOString().slice(0, 10).replace(/-/g, '');
    expect(sale.data.order_no).toBe(`S${day}${String(sale.data.id).padStart(6, '0')}`);
    const row = await s.db
      .selectFrom('merchant_sales')
      .select('order_no')
      .where('id', '=', sale.data.id)
      .executeTakeFirstOrThrow();
    expect(row.order_no).toBe(sale.data.order_no);
  });
});

describe('migration 019: the day totals of withdrawals', () => {
  it('agree with the withdrawals of the day after withdrawals, a rejection and a new day', async () => {
    const c = await seller();
    const day = () => s.clock.now().toISOString().slice(0, 10);
    const agree = async (expected: bigint) => {
      expect(await s.tx((tx) => withdrawnOn(tx, c.user.id, day()))).toBe(expected);
      expect(await s.tx((tx) => withdrawnOnSummed(tx, c.user.id, day()))).toBe(expected);
    };
    const ids: number[] = [];
    for (const amount of ['10', '20.5', '30']) {
      const w = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: c.bk, amount }, c.token);
      expect(w.code).toBe(200);
      ids.push(w.data.id);
    }
    await agree(60_500_000n);
    expect((await s.admin(ADMIN_API.withdrawReject, { id: ids[1], reason: 'no' }, admin)).code).toBe(200);
    await agree(40_000_000n);
    expect((await s.admin(ADMIN_API.withdrawApprove, { id: ids[0], reference: 'PAID-1' }, admin)).code).toBe(200);
    await agree(40_000_000n);
    const now = s.clock.now();
    s.clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime() + 1000);
    await agree(0n);
    expect((await s.call(API.withdrawCreate, { bk_id: c.bk, amount: '15' }, c.token)).code).toBe(200);
    await agree(15_000_000n);
  });

  it('are held to the withdrawals by the ledger check: a day total off by a cent, or missing, is reported', async () => {
    const c = await seller();
    for (const amount of ['12', '18'])
      expect((await s.call(API.withdrawCreate, { bk_id: c.bk, amount }, c.token)).code).toBe(200);
    const day = s.clock.now().toISOString().slice(0, 10);
    const row = s.db.updateTable('withdrawal_days').where('user_id', '=', c.user.id).where('day', '=', day);
    expect(await s.tx(checkLedger)).toEqual({ ok: true, problems: [] });
    await row.set({ total: 29_990_000n }).execute();
    expect((await s.tx(checkLedger)).problems).toEqual([
      `customer ${c.user.id}'s withdrawals of ${day} sum to 30000000, but their day total says 29990000`,
    ]);
    await s.db.deleteFrom('withdrawal_days').where('user_id', '=', c.user.id).execute();
    expect((await s.tx(checkLedger)).problems).toEqual([
      `customer ${c.user.id}'s withdrawals of ${day} sum to 30000000, but their day total says 0`,
    ]);
    // a total for a day without withdrawals
    await s.db.insertInto('withdrawal_days').values({ user_id: c.user.id, day: '2001-02-03', total: 5n }).execute();
    expect((await s.tx(checkLedger)).problems).toHaveLength(2);
    await s.db.deleteFrom('withdrawal_days').where('user_id', '=', c.user.id).execute();
    await s.db.insertInto('withdrawal_days').values({ user_id: c.user.id, day, total: 30_000_000n }).execute();
  });

  it('are filled from the withdrawals made before it, rejected ones left out', async () => {
    const c = await seller();
    const ids: number[] = [];
    for (const amount of ['11', '22', '33'])
      ids.push((await s.call<{ id: number }>(API.withdrawCreate, { bk_id: c.bk, amount }, c.token)).data.id);
    expect((await s.admin(ADMIN_API.withdrawReject, { id: ids[2], reason: 'no' }, admin)).code).toBe(200);
    const day = s.clock.now().toISOString().slice(0, 10);
    // back to the database as migration 018 left it, then 019 again
    await s.db.schema.dropTable('withdrawal_days').execute();
    await s.db.schema
      .createIndex('withdrawals_user_day')
      .on('withdrawals')
      .columns(['user_id', 'created_at', 'status', 'amount'])
      .execute();
    await migrate019(s.db as never, { dialect: onPostgres ? 'postgres' : 'sqlite', id: onPostgres ? 'serial' : 'integer' });
    expect(await s.tx((tx) => withdrawnOn(tx, c.user.id, day))).toBe(33_000_000n);
    expect(await s.tx((tx) => withdrawnOnSummed(tx, c.user.id, day))).toBe(33_000_000n);
  });

  it('are read and written through their primary key', async () => {
    if (onPostgres) {
      // this test's schema only: another test's schema dropped meanwhile fails pg_get_indexdef ("could not open
      // relation with OID …")
      const rows = await sql<{ indexdef: string }>`select indexdef from pg_indexes
        where schemaname = current_schema() and tablename = 'withdrawal_days'`.execute(s.db);
      expect(rows.rows.map((r) => r.indexdef).join('\n')).toMatch(/UNIQUE INDEX withdrawal_days_pk .*\(user_id, day\)/);
      return;
    }
    const plan = await sql<{ detail: string }>`explain query plan select total from withdrawal_days
      where user_id = ${1} and day = ${'2026-01-01'}`.execute(s.db);
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(
      /USING INDEX sqlite_autoindex_withdrawal_days_1 \(user_id=\? AND day=\?\)/,
    );
  });
});
