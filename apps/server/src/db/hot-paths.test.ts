import { ADMIN_API, API } from '@c2c/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  agePayoutAccounts,
  BANK_FORM,
  credit,
  moneyTestServer,
  onPostgres,
  pgMessagesOf,
  pgWritesBy,
  signUp,
  statementsRunBy,
  type TestServer,
} from '../../test/harness.js';
import { customer, listing } from '../../test/trading.js';
import { checkLedger } from '../modules/ledger/ledger.service.js';
import { withdrawnOn, withdrawnOnSummed } from '../modules/vip/vip.repository.js';
import { up as migrate019 } from './migrations/019-write-paths.js';
import { preparedNameOf } from './pg-session.js';

let s: TestServer;
let admin: string;
moneyTestServer((t) => ({ s, admin } = t));

/** A customer with money and a payout account usable at once, and an offer that buys from them. */
async function seller() {
  const { token, user } = await signUp(s);
  await credit(s, admin, token, '1000');
  const bk = String((await s.call<{ id: number }>(API.bankinfoCreate, BANK_FORM, token)).data.id);
  await agePayoutAccounts(s);
  const offer = await s.admin<{ id: number }>(
    ADMIN_API.merchantCreate,
    { name: 'Hot path', price: '0.92', currency: 'eur', quantity: '1000', min: '10', max: '500', methods: ['bank'] },
    admin,
  );
  return { token, user, bk, merchant: String(offer.data.id) };
}

/** The statements one call runs, BEGIN and COMMIT included (`statementsRunBy`). */
const statementsOf = (path: string, body: Record<string, string>, token: string) =>
  statementsRunBy(s, async () => expect((await s.call(path, body, token)).code).toBe(200));

// the transaction's own BEGIN and COMMIT run straight on the connection too; the caller's session, read with the
// customer's row in one query by their first call, comes from the node's session cache (`auth-cache.test.ts`)
const BEGIN = /^begin( immediate)?$/;
const COMMIT = /^commit$/;
const WITHDRAWAL_BY_REQUEST = /^select "id", "status" from "withdrawals" where "user_id" = \? and "request_id" = \?$/;
const SALE_BY_REQUEST = /^select "id", "order_no", "status" from "merchant_sales" where "user_id" = \? and "request_id" = \?$/;
const OFFER = /^select \* from "merchants" where "id" = \?$/;
const RESERVE =
  'update "merchants" set "quantity" = "quantity" - \\? where "id" = \\? and "active" = \\? and .* and "price" = \\? and "currency" = \\? and "methods" = \\? returning "id"';

/**
 * SQLite: the careful way — read, decide, write. A call's group transaction begins before its first statement and its
 * part of the group commit (`group-commit.test.ts`) is a savepoint, the create call's another (`oncePerRequest`); a
 * two-leg journal is four statements, the account read with its lock, the sale's reservation last.
 */
const SQLITE_POSTING = [
  /^update "accounts" set .* where "owner" = \? and "kind" = \? and "currency" = \? and .* returning "id", "balance"$/,
  /^update "accounts" set .* where "owner" = \? and "kind" = \? and "currency" = \? and .* returning "id", "balance"$/,
  /^insert into "journals" .* returning "id"$/,
  /^insert into "postings" .* values \(\?, \?, \?, \?, \?\), \(\?, \?, \?, \?, \?\)$/,
];
const SQLITE_ACCOUNT = /^select \* from "payout_accounts" where "id" = \? and "removed_at" is null$/;

/**
 * PostgreSQL: the way at once (`sendsAtOnce`) — the reads on shared connections (the idempotency look-up, a sale's
 * offer, the new id from its sequence), then BEGIN, the changes, each checking its own conditions and failing when one
 * does not hold (`sendChecked`), and the COMMIT.
 */
const CHECKED = (change: string) =>
  new RegExp(`^with "changed" as \\(${change}\\) select 1 / \\(select count\\(\\*\\) from "changed"\\) as "changed"$`, 's');
const RESERVE_ID = /^select nextval\(pg_get_serial_sequence\(\?, 'id'\)\) as id$/;
/** the insert selects from the payout account when a payout may go to it, locked */
const FROM_USABLE_ACCOUNT =
  'select .* from "payout_accounts" where "id" = \\? and "user_id" = \\? and "removed_at" is null and "usable_at" <= \\? and "type" = any\\(string_to_array\\(\\?, \',\'\\)\\) for update';
const PG_POSTING =
  /^with a1 as \(\s*update accounts .*\), a2 as \(\s*update accounts .* insert into journals .* insert into postings .*\)\s*select 1 \/ \(select count\(\*\) from j\) as "changed"$/s;
const PG_DAY_TOTAL =
  /^with "day" as \(insert into "withdrawal_days" .* on conflict \("user_id", "day"\) do update set .* returning "total"\)\s*select 1 \/ \(select count\(\*\) from "day" where total <= coalesce\(.*\)\) as "changed"$/s;

describe('the ledger writes (issue 10): what one call runs', () => {
  it("withdraw/create: on SQLite 10 statements of its own between BEGIN and COMMIT, on PostgreSQL its look-up and new id, then BEGIN, 3 checked changes and COMMIT; the session and the settings from the node's cache, the day total one upsert, no account read twice", async () => {
    const c = await seller();
    // the first withdrawal reads the settings rows into the cache (`auth-cache.test.ts`)
    expect((await s.call(API.withdrawCreate, { bk_id: c.bk, amount: '10', request_id: 'hot-w-0000' }, c.token)).code).toBe(200);
    const ran = await statementsOf(API.withdrawCreate, { bk_id: c.bk, amount: '10', request_id: 'hot-w-0001' }, c.token);
    const expected = onPostgres
      ? [
          WITHDRAWAL_BY_REQUEST,
          RESERVE_ID,
          BEGIN,
          CHECKED(
            `insert into "withdrawals" \\("id", "user_id", "payout_account_id", "amount", "status", "request_id", "created_at"\\) ${FROM_USABLE_ACCOUNT} returning "id"`,
          ),
          PG_POSTING,
          PG_DAY_TOTAL,
          COMMIT,
        ]
      : [
          BEGIN,
          /^savepoint member$/,
          WITHDRAWAL_BY_REQUEST,
          /^SAVEPOINT work$/,
          SQLITE_ACCOUNT,
          /^insert into "withdrawals" .* returning "id"$/,
          ...SQLITE_POSTING,
          /^insert into "withdrawal_days" .* on conflict \("user_id", "day"\) do update set .* returning "total"$/,
          /^RELEASE SAVEPOINT work$/,
          /^release member$/,
          COMMIT,
        ];
    expect(ran).toHaveLength(expected.length);
    for (const [i, q] of ran.entries()) expect(q).toMatch(expected[i]!);
  });

  it("saleu/create-order: on SQLite 11 statements of its own between BEGIN and COMMIT, on PostgreSQL its look-up, the offer and new id, then BEGIN, 2 checked changes, the offer reserved last by the statement that checks it again, and COMMIT; the session from the node's cache, the order number inserted", async () => {
    const c = await seller();
    const body = { saleu_id: c.merchant, number: '10', bk_id: c.bk, request_id: 'hot-s-0001' };
    const ran = await statementsOf(API.saleuCreateOrder, body, c.token);
    const expected = onPostgres
      ? [
          SALE_BY_REQUEST,
          OFFER,
          RESERVE_ID,
          BEGIN,
          CHECKED(`insert into "merchant_sales" \\("id", "order_no", .*\\) ${FROM_USABLE_ACCOUNT} returning "id"`),
          PG_POSTING,
          // last: the offer's row is locked from here to the COMMIT only
          CHECKED(RESERVE),
          COMMIT,
        ]
      : [
          BEGIN,
          /^savepoint member$/,
          SALE_BY_REQUEST,
          /^SAVEPOINT work$/,
          OFFER,
          SQLITE_ACCOUNT,
          /^insert into "merchant_sales" \("id", "order_no", .* returning "id", "order_no"$/,
          ...SQLITE_POSTING,
          new RegExp(`^${RESERVE}$`),
          /^RELEASE SAVEPOINT work$/,
          /^release member$/,
          COMMIT,
        ];
    expect(ran).toHaveLength(expected.length);
    for (const [i, q] of ran.entries()) expect(q).toMatch(expected[i]!);
  });

  it.runIf(onPostgres)(
    "withdraw/create and saleu/create-order on PostgreSQL: one round trip on the transaction's connection — BEGIN, the changes and COMMIT in one write, ending with one Sync",
    async () => {
      const c = await seller();
      // the settings rows in the node's cache, as after any withdrawal
      expect((await s.call(API.withdrawCreate, { bk_id: c.bk, amount: '10', request_id: 'trips-w-0000' }, c.token)).code).toBe(
        200,
      );
      const calls = [
        [API.withdrawCreate, { bk_id: c.bk, amount: '10', request_id: 'trips-w-0001' }, 3],
        [API.saleuCreateOrder, { saleu_id: c.merchant, number: '10', bk_id: c.bk, request_id: 'trips-s-0001' }, 3],
      ] as const;
      // BEGIN and COMMIT are prepared statements too: a Bind of each, by name
      const bindOf = (text: string) => `\0${preparedNameOf(text)}\0`;
      for (const [path, body, changes] of calls) {
        const writes = await pgWritesBy(async () => expect((await s.call(path, body, c.token)).code).toBe(200));
        const own = writes.filter((w) => w.some((text) => text.includes(bindOf('begin'))));
        expect(own).toHaveLength(1);
        const [only, ...more] = own[0]!;
        expect(more).toEqual([]);
        expect(only).toContain(bindOf('begin'));
        expect(only).toContain(bindOf('commit'));
        const types = pgMessagesOf(only!);
        // BEGIN, the changes, COMMIT: a Bind each; one Sync, last (PostgreSQL answers it with one ReadyForQuery, one
        // flush); no statement as a simple query of its own, no SAVEPOINT or RELEASE (a duplicate request id that loses
        // its race runs the transaction again: `oncePerRequest`)
        expect(types.filter((type) => type === 'B')).toHaveLength(1 + changes + 1);
        expect(types.filter((type) => type === 'S')).toHaveLength(1);
        expect(types.at(-1)).toBe('S');
        expect(types).not.toContain('Q');
      }
    },
  );

  it.runIf(onPostgres)(
    'saleu/create-order on PostgreSQL: sales to one offer ready at the same time commit in one transaction (commitsWith), the offer reserved once each',
    async () => {
      const first = await seller();
      const sellers = [first, ...(await Promise.all([1, 2, 3, 4, 5].map(() => seller())))];
      const bindOf = (text: string) => `\0${preparedNameOf(text)}\0`;
      const before = await s.db
        .selectFrom('merchants')
        .select('quantity')
        .where('id', '=', Number(first.merchant))
        .executeTakeFirstOrThrow();
      const writes = await pgWritesBy(async () => {
        const answers = await Promise.all(
          sellers.map((c, i) =>
            s.call(
              API.saleuCreateOrder,
              { saleu_id: first.merchant, number: '10', bk_id: c.bk, request_id: `group-s-${i}-0001` },
              c.token,
            ),
          ),
        );
        expect(answers.map((a) => a.code)).toEqual(sellers.map(() => 200));
      });
      const begins = writes.flat().filter((text) => text.includes(bindOf('begin')));
      expect(begins.length).toBeGreaterThanOrEqual(1);
      expect(begins.length).toBeLessThan(sellers.length);
      const after = await s.db
        .selectFrom('merchants')
        .select('quantity')
        .where('id', '=', Number(first.merchant))
        .executeTakeFirstOrThrow();
      expect(before.quantity - after.quantity).toBe(60_000_000n);
      expect(await checkLedger(s.db)).toMatchObject({ ok: true });
    },
  );

  it('sale order numbers are S, the UTC day and the id, padded to six digits', async () => {
    const c = await seller();
    const sale = await s.call<{ id: number; order_no: string }>(
      API.saleuCreateOrder,
      { saleu_id: c.merchant, number: '10', bk_id: c.bk },
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

describe('the paged reads at scale (issue 10): round trips on PostgreSQL', () => {
  /** the Binds (one a statement) of each write to PostgreSQL while `call` runs, in order */
  const bindsPerWrite = async (call: () => Promise<unknown>) =>
    (await pgWritesBy(call)).flat().map((w) => pgMessagesOf(w).filter((type) => type === 'B').length);

  it.runIf(onPostgres)(
    'asset-log/list: the account, then its page and count in one write, then the page’s payouts — three round trips',
    async () => {
      const { token } = await signUp(s);
      await credit(s, admin, token, '25');
      const page = () => s.call<{ total: number }>(API.assetLogList, { page: '1', page_size: '20' }, token);
      // the session in the node's cache and every statement prepared, as on a warm node
      expect((await page()).data.total).toBe(1);
      expect(await bindsPerWrite(async () => expect((await page()).code).toBe(200))).toEqual([1, 2, 1]);
    },
  );

  it.runIf(onPostgres)(
    'userinfo/get-info (every app start): the levels and the override together, then the three accounts and the balances, then their sums',
    async () => {
      const { token } = await signUp(s);
      await credit(s, admin, token, '25');
      const info = () => s.call<{ vip_level: number }>(API.getInfo, {}, token);
      expect((await info()).code).toBe(200);
      const writes = (await bindsPerWrite(async () => expect((await info()).code).toBe(200))).filter((n) => n > 0);
      // nine statements; the levels with the override, and the three account ids with the balances, each in one write
      // (the sums follow as the ids come back: one write or more); one after the other they were nine writes
      expect(writes.reduce((a, n) => a + n, 0)).toBe(9);
      expect(writes).toEqual(expect.arrayContaining([2, 4]));
      expect(writes.length).toBeLessThanOrEqual(5);
    },
  );

  it.runIf(onPostgres)(
    'selling/order (the Hall): its page and count in one write, then everything its rows show in one more',
    async () => {
      const seller = await customer(s, admin, '500');
      await listing(s, seller);
      const { token } = await signUp(s);
      const hall = () => s.call<{ total: number }>(API.sellingOrder, { page: '1', page_size: '20' }, token);
      expect((await hall()).data.total).toBeGreaterThan(0);
      // the seller's 30-day trades, the listings' unfinished trades, the sellers' names and payout accounts: four at once
      expect(await bindsPerWrite(async () => expect((await hall()).code).toBe(200))).toEqual([2, 4]);
    },
  );
});

describe('migration 019: the day totals of withdrawals', () => {
  it('agree with the withdrawals of the day after withdrawals, a rejection and a new day', async () => {
    const c = await seller();
    const day = () => s.clock.now().toISOString().slice(0, 10);
    const agree = async (expected: bigint) => {
      expect(await withdrawnOn(s.db, c.user.id, day())).toBe(expected);
      expect(await withdrawnOnSummed(s.db, c.user.id, day())).toBe(expected);
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
    expect(await checkLedger(s.db)).toEqual({ ok: true, problems: [] });
    await row.set({ total: 29_990_000n }).execute();
    expect((await checkLedger(s.db)).problems).toEqual([
      `customer ${c.user.id}'s withdrawals of ${day} sum to 30000000, but their day total says 29990000`,
    ]);
    await s.db.deleteFrom('withdrawal_days').where('user_id', '=', c.user.id).execute();
    expect((await checkLedger(s.db)).problems).toEqual([
      `customer ${c.user.id}'s withdrawals of ${day} sum to 30000000, but their day total says 0`,
    ]);
    // a total for a day without withdrawals
    await s.db.insertInto('withdrawal_days').values({ user_id: c.user.id, day: '2001-02-03', total: 5n }).execute();
    expect((await checkLedger(s.db)).problems).toHaveLength(2);
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
    expect(await withdrawnOn(s.db, c.user.id, day)).toBe(33_000_000n);
    expect(await withdrawnOnSummed(s.db, c.user.id, day)).toBe(33_000_000n);
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
