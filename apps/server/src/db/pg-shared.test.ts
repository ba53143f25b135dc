import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { BANK_FORM, moneyTestServer, onPostgres, signUp, startServer, type TestServer } from '../../test/harness.js';
import { bindAccount } from '../modules/payouts/payouts.service.js';
import { findByRequest } from '../modules/withdrawals/withdrawals.repository.js';
import { withPgUser } from './database.js';
import { inTransaction } from './transaction.js';

// PostgreSQL only: SQLite has one connection, which every transaction has in turn
let s: TestServer;
moneyTestServer((t) => ({ s } = t), { owner: 'none' });

/** a plain query outside a transaction (`PgSession`): it runs on a shared lane */
const backendOf = () =>
  inTransaction(s.ctx, async (tx) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]!.pid);
const numberOf = (n: number) =>
  inTransaction(s.ctx, async (tx) => (await sql<{ n: number }>`select ${n}::int as n`.execute(tx)).rows[0]!.n);
const ms = (from: number) => performance.now() - from;

describe('plain queries outside a transaction (PostgreSQL: shared lanes)', () => {
  it.runIf(onPostgres)('share a few connections, whatever the number of requests at once (PostgreSQL)', async () => {
    const pids = new Set(await Promise.all(Array.from({ length: 60 }, backendOf)));
    // the pool holds up to 10 connections, and a transaction each took one of them for its plain queries too
    expect(pids.size).toBeLessThanOrEqual(3);
    // a transaction that writes has a pooled connection of its own, not a lane
    const own = await inTransaction(s.ctx, async (tx) => {
      await tx.selectFrom('settings').select('key').where('key', '=', 'app_name').forUpdate().execute();
      return (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]!.pid;
    });
    expect(pids.has(own)).toBe(false);
  });

  it.runIf(onPostgres)(
    'go together on one lane when they are sent in one turn of the event loop: one write for all (PostgreSQL)',
    async () => {
      // every lane open and idle first
      await Promise.all(Array.from({ length: 60 }, backendOf));
      await new Promise((r) => setTimeout(r, 20));
      for (let round = 0; round < 3; round++) {
        const pids = new Set(await Promise.all(Array.from({ length: 30 }, backendOf)));
        expect(pids.size).toBe(1);
      }
    },
  );

  it.runIf(onPostgres)('fail alone: a refused query among others on its lane leaves theirs answered (PostgreSQL)', async () => {
    const refused = inTransaction(s.ctx, (tx) => sql`select 1 / (${0}::int) as n`.execute(tx));
    const others = Array.from({ length: 30 }, (_, i) => numberOf(i));
    await expect(refused).rejects.toThrow(/division by zero/);
    expect(await Promise.all(others)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    // and the lanes go on answering
    expect(await numberOf(7)).toBe(7);
  });

  it.runIf(onPostgres)('are not held up behind a slow one once it is seen to be slow (PostgreSQL)', async () => {
    const slow = inTransaction(s.ctx, (tx) => sql`select pg_sleep(0.8)`.execute(tx));
    await new Promise((r) => setTimeout(r, 150));
    // every lane busy at once: the one holding the slow query answered nothing for 150 ms and is passed over
    const from = performance.now();
    expect(await Promise.all(Array.from({ length: 60 }, (_, i) => numberOf(i)))).toHaveLength(60);
    expect(ms(from)).toBeLessThan(400);
    await slow;
  });

  it.runIf(onPostgres)('go on when their connections were ended under them: the lanes are replaced (PostgreSQL)', async () => {
    const before = new Set(await Promise.all(Array.from({ length: 60 }, backendOf)));
    const admin = new pg.Client({ connectionString: withPgUser(process.env.DATABASE_URL!) });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [[...before]]);
    } finally {
      await admin.end();
    }
    // the lanes hear of it (PostgreSQL says so before it closes the connection)
    await new Promise((r) => setTimeout(r, 300));
    const after = await Promise.all(Array.from({ length: 60 }, backendOf));
    expect(after.some((pid) => before.has(pid))).toBe(false);
    expect(await numberOf(11)).toBe(11);
  });

  it.runIf(onPostgres)(
    'give the connection a transaction asked for back when the work ended before it came (PostgreSQL)',
    async () => {
      const pool = s.ctx.database.pg!.pool;
      const key = `lanes.probe.${Date.now()}`;
      await s.db.insertInto('settings').values({ key, value: 'x' }).execute();
      // the work asks for a row lock (its own connection) and fails before the pool has answered
      let late: Promise<unknown> | undefined;
      const work = inTransaction(s.ctx, async (tx) => {
        late = tx.selectFrom('settings').select('key').where('key', '=', key).forUpdate().execute();
        late.catch(() => undefined);
        throw new Error('the work failed at once');
      });
      await expect(work).rejects.toThrow('the work failed at once');
      await expect(late).rejects.toThrow(/ended/);
      await new Promise((r) => setTimeout(r, 100));
      // nothing holds a connection of the pool, and no connection sits in a transaction holding the row
      expect(pool.totalCount - pool.idleCount).toBe(0);
      const free = await inTransaction(s.ctx, (tx) =>
        tx.selectFrom('settings').select('key').where('key', '=', key).forUpdate().noWait().execute(),
      );
      expect(free).toEqual([{ key }]);
    },
  );

  it.runIf(onPostgres)(
    'run in the transaction once a statement before them needed it: they see its writes (PostgreSQL)',
    async () => {
      const key = `lanes.own.${Date.now()}`;
      const seen = await inTransaction(s.ctx, async (tx) => {
        await tx.insertInto('settings').values({ key, value: 'mine' }).execute();
        // a plain query, but the transaction has its connection now: on a lane it would not see the insert
        return tx.selectFrom('settings').select('value').where('key', '=', key).execute();
      });
      expect(seen).toEqual([{ value: 'mine' }]);
    },
  );

  it.runIf(onPostgres)(
    "are replaced after their lifetime, as the pool's connections are: their plans are made again for the tables as they grew (PostgreSQL)",
    async () => {
      const t = await startServer({ env: { PG_CONNECTION_LIFETIME_SECONDS: '1' } });
      try {
        const onLane = () =>
          inTransaction(
            t.ctx,
            async (tx) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]!.pid,
          );
        const onOwn = () =>
          inTransaction(t.ctx, async (tx) => {
            await tx.selectFrom('settings').select('key').limit(1).forShare().execute();
            return (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(tx)).rows[0]!.pid;
          });
        const before = { lane: await onLane(), own: await onOwn() };
        expect({ lane: await onLane(), own: await onOwn() }).toEqual(before);
        await new Promise((r) => setTimeout(r, 1300));
        const after = { lane: await onLane(), own: await onOwn() };
        expect(after.lane).not.toBe(before.lane);
        expect(after.own).not.toBe(before.own);
      } finally {
        await t.close();
      }
    },
  );

  it.runIf(onPostgres)(
    'plan a look-up again for the table as it grew once their lifetime is over: a plan made on the empty table is not kept (PostgreSQL)',
    async () => {
      const t = await startServer({ env: { PG_CONNECTION_LIFETIME_SECONDS: '1' } });
      try {
        const { user } = await signUp(t);
        const bk = await inTransaction(t.ctx, (tx) => bindAccount(tx, t.ctx, user.id, { ...BANK_FORM, type: 'bank' }));
        // a withdrawal's idempotency look-up on a transaction's own connection, run often enough for PostgreSQL to keep
        // its plan (a generic one), and that plan shown
        const planOfLookUp = () =>
          inTransaction(t.ctx, async (tx) => {
            await tx.selectFrom('settings').select('key').limit(1).forShare().execute();
            for (let i = 0; i < 8; i++) await findByRequest(tx, user.id, `request-${i}`);
            const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements
            where statement like 'select "id", "status" from "withdrawals" where "user_id" = $1 and "request_id" = $2'`.execute(
              tx,
            );
            const plan = await sql<{
              'QUERY PLAN': string;
            }>`explain execute ${sql.raw(`${rows[0]!.name}(${user.id}, 'x')`)}`.execute(tx);
            return plan.rows.map((r) => r['QUERY PLAN']).join('\n');
          });
        // made on the empty table: the customer's index (user_id, id), the request filtered over their whole history
        expect(await planOfLookUp()).toMatch(/Index Scan using withdrawals_user [\s\S]*Filter: \(\(request_id\)::text = \$2\)/);
        await sql`insert into withdrawals (user_id, payout_account_id, amount, status, request_id, created_at)
        select ${user.id}, ${bk.id}, 1, 'rejected', 'request-' || g, '2026-01-01T00:00:00.000Z'
        from generate_series(1, 20000) as g`.execute(t.db);
        await new Promise((r) => setTimeout(r, 1300));
        // the connection replaced: planned again for 20,000 rows, the unique index of (user_id, request_id)
        expect(await planOfLookUp()).toMatch(/Index (Only )?Scan using withdrawals_request/);
      } finally {
        await t.close();
      }
    },
  );
});
