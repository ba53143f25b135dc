import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/harness.js';
import { withPgUser } from './database.js';
import { isSkipped, statementRunner } from './pg-query.js';

// PostgreSQL only: the prepared statements' queries of pg's clients (`statementRunner`)
const run = statementRunner(pg);
let client: pg.Client;
/** RowDescription messages the client received: one per execution that asked for the columns (Describe) */
let described = 0;

beforeAll(async () => {
  if (!onPostgres) return;
  client = new pg.Client({ connectionString: withPgUser(process.env.DATABASE_URL!), pipeline: true } as pg.ClientConfig);
  await client.connect();
  (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('rowDescription', () => described++);
});
afterAll(async () => {
  if (onPostgres) await client.end();
});

/** a parameter pg cannot send: mapping it to text throws before anything is written */
const UNSENDABLE = {
  toPostgres() {
    throw new Error('no way to send this');
  },
};

let n = 0;
/** a statement name no other test of this file uses */
const fresh = () => `pg_query_test_${process.pid}_${++n}`;

describe('prepared statements run by our own query (PostgreSQL)', () => {
  it.runIf(onPostgres)('asks for the columns once per connection and parses every execution with them (PostgreSQL)', async () => {
    const name = fresh();
    const text = 'select $1::int as id, $2::text as label, null::text as nothing';
    const before = described;
    const first = await run(client, text, [1, 'one'], name);
    expect(described - before).toBe(1);
    for (let i = 2; i <= 4; i++) {
      const { rows, command, rowCount } = await run(client, text, [i, `n${i}`], name);
      expect({ rows, command, rowCount }).toEqual({
        rows: [{ id: i, label: `n${i}`, nothing: null }],
        command: 'SELECT',
        rowCount: 1,
      });
    }
    expect(first.rows).toEqual([{ id: 1, label: 'one', nothing: null }]);
    // the three executions after the first came without columns: they were known
    expect(described - before).toBe(1);
  });

  it.runIf(onPostgres)(
    'sends every kind of parameter as pg would: multi-byte text, null, bytes, a date, an array, JSON (PostgreSQL)',
    async () => {
      const text = `select $1::text as t, octet_length($1::text) as bytes, $2::text is null as none, encode($3::bytea, 'hex') as hex,
      $4::timestamptz = '2026-01-02T03:04:05.678Z'::timestamptz as same_time, $5::int[] as list, $6::jsonb ->> 'k' as k,
      $7::int8 as big`;
      const name = fresh();
      const values = [
        'Grüße 円 🙂',
        null,
        Buffer.from([0, 1, 254, 255]),
        new Date('2026-01-02T03:04:05.678Z'),
        [3, 1, 2],
        { k: 'v' },
        2n ** 62n,
      ];
      for (let i = 0; i < 2; i++) {
        const { rows } = await run(client, text, values, name);
        expect(rows).toEqual([
          {
            t: 'Grüße 円 🙂',
            bytes: Buffer.byteLength('Grüße 円 🙂'),
            none: true,
            hex: '0001feff',
            same_time: true,
            list: [3, 1, 2],
            k: 'v',
            big: (2n ** 62n).toString(),
          },
        ]);
      }
    },
  );

  it.runIf(onPostgres)('answers a change without rows, before and after it is known to have none (PostgreSQL)', async () => {
    await client.query('create temporary table if not exists pg_query_rows (v int)');
    const name = fresh();
    const before = described;
    for (let i = 0; i < 3; i++) {
      const done = await run(client, 'insert into pg_query_rows (v) values ($1)', [i], name);
      expect({ command: done.command, rowCount: done.rowCount, rows: done.rows }).toEqual({
        command: 'INSERT',
        rowCount: 1,
        rows: [],
      });
    }
    expect(described).toBe(before);
    expect((await client.query('select count(*)::int as c from pg_query_rows')).rows[0].c).toBe(3);
  });

  it.runIf(onPostgres)(
    'refuses a parameter pg cannot send without sending anything, and the connection goes on (PostgreSQL)',
    async () => {
      const name = fresh();
      await expect(run(client, 'select $1::text as t', [UNSENDABLE], name)).rejects.toThrow('no way to send this');
      expect((await run(client, 'select $1::text as t', ['after'], name)).rows).toEqual([{ t: 'after' }]);
    },
  );

  it.runIf(onPostgres)(
    'hands a refused execution or a statement that does not parse to its caller, and the next ones run (PostgreSQL)',
    async () => {
      const name = fresh();
      const divide = 'select 10 / $1::int as q';
      await expect(run(client, divide, [0], name)).rejects.toThrow(/division by zero/);
      expect((await run(client, divide, [5], name)).rows).toEqual([{ q: 2 }]);
      const broken = fresh();
      for (let i = 0; i < 2; i++) await expect(run(client, 'selec $1::int', [1], broken)).rejects.toThrow(/syntax error/);
      expect((await run(client, divide, [2], name)).rows).toEqual([{ q: 5 }]);
    },
  );

  it.runIf(onPostgres)(
    'runs many executions of a new statement sent at once, each answered with its own rows (PostgreSQL)',
    async () => {
      const name = fresh();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => run(client, 'select $1::int * 2 as twice, $2::text as tag', [i, `t${i}`], name)),
      );
      expect(answers.map((a) => a.rows)).toEqual(Array.from({ length: 40 }, (_, i) => [{ twice: i * 2, tag: `t${i}` }]));
    },
  );

  it.runIf(onPostgres)('runs a statement without a name as pg does (PostgreSQL)', async () => {
    expect((await run(client, 'select $1::int + 1 as n', [41], undefined)).rows).toEqual([{ n: 42 }]);
  });
});

describe('chained statements: one Sync for those sent together (PostgreSQL)', () => {
  /** ReadyForQuery messages the client received: one per Sync PostgreSQL answered */
  let ready = 0;
  beforeAll(() => {
    if (onPostgres) (client as unknown as { connection: NodeJS.EventEmitter }).connection.on('readyForQuery', () => ready++);
  });

  it.runIf(onPostgres)(
    'answers each chained statement with its own rows, and the Sync behind them with one ReadyForQuery (PostgreSQL)',
    async () => {
      const name = fresh();
      const before = ready;
      const answers = Array.from({ length: 5 }, (_, i) => run(client, 'select $1::int * 3 as thrice', [i], name, true));
      const synced = run.sync(client);
      expect((await Promise.all(answers)).map((a) => a.rows)).toEqual(Array.from({ length: 5 }, (_, i) => [{ thrice: i * 3 }]));
      await synced;
      expect(ready - before).toBe(1);
      // and the connection goes on, chained or not
      expect((await run(client, 'select $1::int * 3 as thrice', [7], name)).rows).toEqual([{ thrice: 21 }]);
      expect(ready - before).toBe(2);
    },
  );

  it.runIf(onPostgres)(
    'skips what was sent behind a chained statement that failed, up to its Sync, and runs what comes after (PostgreSQL)',
    async () => {
      await client.query('create temporary table if not exists pg_query_chain (v int)');
      await client.query('truncate pg_query_chain');
      const insert = fresh();
      const divide = fresh();
      const count = fresh();
      await client.query('begin');
      const first = run(client, 'insert into pg_query_chain (v) values ($1)', [1], insert, true);
      const refused = run(client, 'select 10 / $1::int as q', [0], divide, true);
      // sent behind the failure: a statement already prepared, and one whose Parse goes with it
      const skipped = run(client, 'insert into pg_query_chain (v) values ($1)', [2], insert, true);
      const unparsed = run(client, 'select count(*)::int as c from pg_query_chain', [], count, true);
      const synced = run.sync(client);
      expect((await first).rowCount).toBe(1);
      await expect(refused).rejects.toThrow(/division by zero/);
      for (const p of [skipped, unparsed, synced]) {
        const err = await p.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(isSkipped(err)).toBe(true);
        expect((err as Error).cause).toBeInstanceOf(pg.DatabaseError);
      }
      // the transaction failed: PostgreSQL says so, and the rollback leaves nothing
      await expect(client.query('select 1')).rejects.toThrow(/current transaction is aborted/);
      await client.query('rollback');
      // the statement whose Parse was skipped is prepared again on its next use
      const again = run(client, 'select count(*)::int as c from pg_query_chain', [], count, true);
      await run.sync(client);
      expect((await again).rows).toEqual([{ c: 0 }]);
      expect((await run(client, 'select 10 / $1::int as q', [5], divide)).rows).toEqual([{ q: 2 }]);
    },
  );

  it.runIf(onPostgres)(
    'hands a parameter it cannot send to its caller alone: the statements sent with it run (PostgreSQL)',
    async () => {
      const name = fresh();
      const before = run(client, 'select $1::text as t', ['before'], name, true);
      const refused = run(client, 'select $1::text as t', [UNSENDABLE], name, true);
      const after = run(client, 'select $1::text as t', ['after'], name, true);
      const synced = run.sync(client);
      await expect(refused).rejects.toThrow('no way to send this');
      expect((await before).rows).toEqual([{ t: 'before' }]);
      expect((await after).rows).toEqual([{ t: 'after' }]);
      await synced;
    },
  );

  it.runIf(onPostgres)(
    'runs BEGIN, SAVEPOINT, RELEASE and COMMIT prepared and chained, the transaction committed once (PostgreSQL)',
    async () => {
      await client.query('create temporary table if not exists pg_query_commit (v int)');
      const [begin, savepoint, insert, release, commit] = [fresh(), fresh(), fresh(), fresh(), fresh()];
      const before = ready;
      const sent = [
        run(client, 'begin', [], begin, true),
        run(client, 'savepoint work', [], savepoint, true),
        run(client, 'insert into pg_query_commit (v) values ($1)', [42], insert, true),
        run(client, 'release savepoint work', [], release, true),
        run(client, 'commit', [], commit, true),
      ];
      const synced = run.sync(client);
      expect((await Promise.all(sent)).map((r) => r.command)).toEqual(['BEGIN', 'SAVEPOINT', 'INSERT', 'RELEASE', 'COMMIT']);
      await synced;
      expect(ready - before).toBe(1);
      expect((client as unknown as { getTransactionStatus(): string }).getTransactionStatus()).toBe('I');
      expect((await client.query('select v from pg_query_commit')).rows).toEqual([{ v: 42 }]);
    },
  );
});
