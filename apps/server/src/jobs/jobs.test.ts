import { API } from '@c2c/shared';
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { onPostgres, ownerToken, serverForFile, signUp } from '../../test/harness.js';
import type { Tx } from '../db/transaction.js';
import { iso } from '../lib/clock.js';
import { type AnyJob, createJobRunner, type Job } from './runner.js';

const s = serverForFile();
beforeAll(async () => {
  await s.db.schema
    .createTable('job_test_rows')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('tag', 'varchar(32)', (c) => c.notNull())
    .addColumn('due_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('done_at', 'varchar(32)')
    .execute();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

interface TestRows {
  job_test_rows: { id: number; tag: string; due_at: string; done_at: string | null };
}
const rowsDb = () => s.db as unknown as Kysely<TestRows>;

let nextId = 1;
/** Rows of one test (its tag), due `offsetsMs` from now; answers their ids. */
async function addRows(tag: string, offsetsMs: number[]): Promise<number[]> {
  const now = s.clock.now().getTime();
  const rows = offsetsMs.map((off) => ({ id: nextId++, tag, due_at: iso(new Date(now + off)), done_at: null }));
  await rowsDb().insertInto('job_test_rows').values(rows).execute();
  return rows.map((r) => r.id);
}

const doneIds = async (tag: string) =>
  (
    await rowsDb()
      .selectFrom('job_test_rows')
      .select('id')
      .where('tag', '=', tag)
      .where('done_at', 'is not', null)
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

/**
 * A job over one test's rows, written as a real job would be: `due` locks the rows it answers, `work` marks a
 * row done only while it is not (so working it again changes nothing) and counts every call per row.
 */
function rowJob(tag: string, opts: { batch?: number; work?: (id: number, tx: Tx) => Promise<void> | void } = {}) {
  const calls = new Map<number, number>();
  const job: Job<{ id: number }> = {
    name: `test-${tag}`,
    everyMs: 20,
    batch: opts.batch,
    due: (tx, now, limit) =>
      (tx as unknown as Kysely<TestRows>)
        .selectFrom('job_test_rows')
        .select('id')
        .where('tag', '=', tag)
        .where('done_at', 'is', null)
        .where('due_at', '<=', iso(now))
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute(),
    async work(tx, _ctx, row, now) {
      calls.set(row.id, (calls.get(row.id) ?? 0) + 1);
      await (tx as unknown as Kysely<TestRows>)
        .updateTable('job_test_rows')
        .set({ done_at: iso(now) })
        .where('id', '=', row.id)
        .where('done_at', 'is', null)
        .execute();
      await opts.work?.(row.id, tx);
    },
  };
  return { job, calls, total: () => [...calls.values()].reduce((a, b) => a + b, 0) };
}

const runner = (jobs: AnyJob[], holder?: string, leaseMs?: number) => createJobRunner(s.ctx, jobs, { holder, leaseMs });

describe('purge jobs', () => {
  it('remove expired customer and operator sessions and codes a day past expiry, and keep live ones', async () => {
    const old = await signUp(s);
    const oldOperator = await ownerToken(s);
    s.clock.advance(31 * DAY); // past both idle limits (30 days, 12 hours) and a day past the first code's expiry
    const live = await signUp(s);
    const liveOperator = await ownerToken(s);

    const count = async () => ({
      sessions: (await s.db.selectFrom('sessions').select('user_id').execute()).map((r) => r.user_id).sort(),
      operatorSessions: (await s.db.selectFrom('operator_sessions').select('id').execute()).length,
      codes: (await s.db.selectFrom('email_codes').select('email').execute()).map((r) => r.email),
      sends: (await s.db.selectFrom('email_sends').select('email').execute()).map((r) => r.email),
    });
    const before = await count();
    expect(before.sessions).toEqual([old.user.id, live.user.id].sort());
    expect(before.operatorSessions).toBe(2);
    expect(before.codes).toEqual(expect.arrayContaining([old.email, live.email]));

    const runs = await s.jobs.tick();
    expect(runs.map((r) => [r.job, r.worked, r.failed, r.stoppedBy])).toEqual([
      ['purge-sessions', 1, 0, undefined],
      ['purge-operator_sessions', 1, 0, undefined],
      ['purge-email-codes', before.codes.filter((e) => e === old.email).length, 0, undefined],
      ['purge-email-sends', before.sends.filter((e) => e === old.email).length, 0, undefined],
      ['expire-trades', 0, 0, undefined],
      ['dispute-silent-sellers', 0, 0, undefined],
      ['settle-interest', 0, 0, undefined],
      // the day's proof-of-liabilities snapshot, due since the database was made (proof.test.ts)
      ['proof-snapshot', 1, 0, undefined],
      ['proof-prune', 0, 0, undefined],
    ]);
    const after = await count();
    expect(after.sessions).toEqual([live.user.id]);
    expect(after.operatorSessions).toBe(1);
    // the newer code was used at sign-up and is kept for a day past its expiry
    expect(after.codes).toEqual([live.email]);
    expect(after.sends).toEqual([live.email]);

    expect((await s.call(API.getInfo, {}, live.token)).code).toBe(200);
    expect((await s.call(API.getInfo, {}, old.token)).code).toBe(-1);
    expect((await s.admin('/api/admin/v1/auth/me', {}, liveOperator)).code).toBe(200);
    expect((await s.admin('/api/admin/v1/auth/me', {}, oldOperator)).code).not.toBe(200);

    // the used code goes a day after it expired, not before
    s.clock.advance(DAY - HOUR);
    await s.jobs.tick();
    expect((await count()).codes).toEqual([live.email]);
    s.clock.advance(2 * HOUR);
    await s.jobs.tick();
    expect((await count()).codes).toEqual([]);
  });
});

describe('the job runner', () => {
  it('works each due row once, however often it runs, in batches, and later rows when they fall due', async () => {
    const t = rowJob('twice', { batch: 2 });
    const ids = await addRows('twice', [-HOUR, -1000, -1, 0, 10_000, HOUR]);
    const r = runner([t.job]);
    expect(await r.tick()).toEqual([{ job: 'test-twice', worked: 4, failed: 0 }]);
    expect(await r.tick()).toEqual([{ job: 'test-twice', worked: 0, failed: 0 }]);
    expect(await doneIds('twice')).toEqual(ids.slice(0, 4));
    expect(t.total()).toBe(4);

    s.clock.advance(10_000);
    expect(await r.tick()).toEqual([{ job: 'test-twice', worked: 1, failed: 0 }]);
    expect(await doneIds('twice')).toEqual(ids.slice(0, 5));
    expect([...t.calls.values()]).toEqual([1, 1, 1, 1, 1]);
  });

  it('works each due row exactly once when two runners race over one database', async () => {
    const t = rowJob('race', { batch: 3, work: () => sleep(10) });
    const ids = await addRows(
      'race',
      Array.from({ length: 24 }, () => -1000),
    );
    const a = runner([t.job], 'runner-a');
    const b = runner([t.job], 'runner-b');
    const [[ra], [rb]] = await Promise.all([a.tick(), b.tick()]);
    expect(await doneIds('race')).toEqual(ids);
    expect(ids.map((id) => t.calls.get(id))).toEqual(ids.map(() => 1));
    expect(ra!.worked + rb!.worked).toBe(24);
    if (onPostgres) {
      // SKIP LOCKED lets both take rows at once instead of one waiting for the other
      expect(ra!.worked).toBeGreaterThan(0);
      expect(rb!.worked).toBeGreaterThan(0);
    }
  });

  it('lets a failing row fail alone, undoes its writes and tries it again at the next run', async () => {
    let broken = true;
    const ids = await addRows('fail', [-5, -4, -3, -2, -1]);
    const t = rowJob('fail', {
      batch: 2,
      // a failing statement: on PostgreSQL it would doom the whole transaction but for the row's savepoint
      work: async (id, tx) => {
        if (broken && id === ids[1]) await sql`SELECT * FROM no_such_table`.execute(tx);
      },
    });
    const r = runner([t.job]);
    expect(await r.tick()).toEqual([{ job: 'test-fail', worked: 4, failed: 1 }]);
    // its done_at was written before it threw, and undone with it
    expect(await doneIds('fail')).toEqual(ids.filter((id) => id !== ids[1]));
    expect(t.calls.get(ids[1]!)).toBe(1);

    expect(await r.tick()).toEqual([{ job: 'test-fail', worked: 0, failed: 1 }]);
    expect(t.calls.get(ids[1]!)).toBe(2);
    broken = false;
    expect(await r.tick()).toEqual([{ job: 'test-fail', worked: 1, failed: 0 }]);
    expect(await doneIds('fail')).toEqual(ids);
  });

  it('survives a job that cannot claim (logged), and runs the other jobs', async () => {
    const ok = rowJob('beside');
    await addRows('beside', [-1]);
    const broken: Job<{ id: number }> = {
      name: 'test-unclaimable',
      everyMs: 20,
      due: async () => {
        throw new Error('database away');
      },
      work: async () => undefined,
    };
    const r = runner([broken, ok.job]);
    expect(await r.tick()).toEqual([
      { job: 'test-unclaimable', worked: 0, failed: 0, stoppedBy: 'error' },
      { job: 'test-beside', worked: 1, failed: 0 },
    ]);
  });

  it('runs its jobs on a timer until stopped, and stopping waits for the run under way', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let entered = false;
    const t = rowJob('timer', {
      work: async () => {
        entered = true;
        await gate;
      },
    });
    await addRows('timer', [-1]);
    const r = runner([t.job]);
    r.start();
    for (let i = 0; i < 200 && !entered; i++) await sleep(10);
    expect(entered).toBe(true);

    let stopped = false;
    const stopping = r.stop().then(() => {
      stopped = true;
    });
    await sleep(50);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await doneIds('timer')).toHaveLength(1);

    await addRows('timer', [-1]);
    await sleep(100);
    expect(t.total()).toBe(1);
    expect(await r.tick()).toEqual([{ job: 'test-timer', worked: 0, failed: 0, stoppedBy: 'close' }]);
  });

  it('runs an hourly job again within the longest wait it is given (JOB_INTERVAL_MAX_MS)', async () => {
    const slow = rowJob('capped');
    await addRows('capped', [-1]);
    const capped = createJobRunner(s.ctx, [{ ...slow.job, everyMs: 3_600_000 }], { maxEveryMs: 150 });
    capped.start();
    for (let i = 0; i < 100 && (await doneIds('capped')).length === 0; i++) await sleep(20);
    // a row due after the first run waits for the next round: an hour away, were it not for the cap
    await addRows('capped', [-1]);
    for (let i = 0; i < 100 && (await doneIds('capped')).length < 2; i++) await sleep(20);
    await capped.stop();
    expect(await doneIds('capped')).toHaveLength(2);
  });

  /** A job of three due rows whose lease another process holds for a minute. */
  async function leaseHeldElsewhere() {
    const t = rowJob('lease', { batch: 2 });
    const ids = await addRows('lease', [-3, -2, -1]);
    await s.db
      .insertInto('job_leases')
      .values({ name: 'test-lease', holder: 'crashed', expires_at: iso(new Date(s.clock.now().getTime() + 60_000)) })
      .execute();
    return { t, ids, r: runner([t.job], 'runner-a', 60_000) };
  }

  it.runIf(!onPostgres)('a lease held elsewhere: SQLite waits until it ran out', async () => {
    const { t, ids, r } = await leaseHeldElsewhere();
    expect(await r.tick()).toEqual([{ job: 'test-lease', worked: 0, failed: 0, stoppedBy: 'lease' }]);
    expect(t.total()).toBe(0);

    s.clock.advance(60_000);
    expect(await r.tick()).toEqual([{ job: 'test-lease', worked: 3, failed: 0 }]);
    expect(await doneIds('lease')).toEqual(ids);
    // given back at the end of the run: the next process need not wait
    expect(await s.db.selectFrom('job_leases').selectAll().where('name', '=', 'test-lease').execute()).toEqual([]);
  });

  it.runIf(onPostgres)('a lease held elsewhere: PostgreSQL shares rows by SKIP LOCKED instead of waiting', async () => {
    const { ids, r } = await leaseHeldElsewhere();
    expect(await r.tick()).toEqual([{ job: 'test-lease', worked: 3, failed: 0 }]);
    expect(await doneIds('lease')).toEqual(ids);
  });

  /** A job of five due rows whose lease, while runner-a works its first batch, runs out and runner-b takes. */
  async function leaseTakenOverMidRun() {
    const ids = await addRows('taken', [-5, -4, -3, -2, -1]);
    let handedOver = false;
    const t = rowJob('taken', {
      batch: 2,
      work: async (_id, tx) => {
        if (handedOver) return;
        handedOver = true;
        await tx
          .updateTable('job_leases')
          .set({ holder: 'runner-b', expires_at: iso(new Date(s.clock.now().getTime() + 60_000)) })
          .where('name', '=', 'test-taken')
          .execute();
      },
    });
    return { ids, t };
  }

  it.runIf(!onPostgres)('a lease taken over mid-run stops the run on SQLite', async () => {
    const { ids, t } = await leaseTakenOverMidRun();
    expect(await runner([t.job], 'runner-a').tick()).toEqual([{ job: 'test-taken', worked: 2, failed: 0, stoppedBy: 'lease' }]);
    expect(await doneIds('taken')).toEqual(ids.slice(0, 2));
    // runner-b's lease is untouched by runner-a's end
    expect(await s.db.selectFrom('job_leases').select('holder').where('name', '=', 'test-taken').execute()).toEqual([
      { holder: 'runner-b' },
    ]);
    expect(await runner([t.job], 'runner-b').tick()).toEqual([{ job: 'test-taken', worked: 3, failed: 0 }]);
    expect(await doneIds('taken')).toEqual(ids);
  });

  it.runIf(onPostgres)('a lease taken over mid-run: PostgreSQL needs none and finishes', async () => {
    const { ids, t } = await leaseTakenOverMidRun();
    await s.db
      .insertInto('job_leases')
      .values({ name: 'test-taken', holder: 'runner-a', expires_at: iso(s.clock.now()) })
      .execute();
    expect(await runner([t.job], 'runner-a').tick()).toEqual([{ job: 'test-taken', worked: 5, failed: 0 }]);
    expect(await doneIds('taken')).toEqual(ids);
  });
});
