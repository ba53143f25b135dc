import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '@c2c/sqlite';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { statementsRunBy } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import type { Database } from './database.js';
import { openDatabase } from './open-database.js';
import { afterCommit, inTransaction, onRollback, type Tx } from './transaction.js';

/**
 * Group commit on SQLite (`GroupCommit`, group-commit.ts): the transactions of one turn of the event loop are parts of
 * one SQLite transaction. These tests open a SQLite file of their own, so they prove the mechanism in both CI passes
 * (on PostgreSQL each transaction is its own, and PostgreSQL groups the commits itself).
 */

let dataDir: string;
let database: Database;
let file: string;
/** another process's view of the file: a connection of its own */
let other: SQLite.Database;
const logged: string[] = [];
const env = () => ({
  database,
  log: { info: () => undefined, warn: () => undefined, error: (_: object | string, msg?: string) => logged.push(msg ?? '') },
});

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-group-commit-'));
  database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
  file = path.join(dataDir, 'c2c.sqlite');
  await sql`CREATE TABLE parent (k TEXT PRIMARY KEY)`.execute(database.db);
  await sql`CREATE TABLE child (id INTEGER PRIMARY KEY, k TEXT NOT NULL REFERENCES parent (k))`.execute(database.db);
  other = new SQLite(file, { readonly: true });
  logged.length = 0;
});
afterEach(async () => {
  other.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const insert = (tx: Tx, k: string) => sql`INSERT INTO parent (k) VALUES (${k})`.execute(tx);
/** the keys another connection sees committed */
const committed = () => (other.prepare('SELECT k FROM parent ORDER BY k').all() as { k: string }[]).map((r) => r.k);
const mine = async () => (await sql<{ k: string }>`SELECT k FROM parent ORDER BY k`.execute(database.db)).rows.map((r) => r.k);

/** The statements `database.runNow` runs while `work` does. */
const statementsOf = (work: () => Promise<unknown>) => statementsRunBy({ ctx: { database } }, work);

describe('group commit on SQLite', () => {
  it('runs the transactions of one turn in one BEGIN and one COMMIT, each in its own savepoint, in the order they came', async () => {
    const seen = await statementsOf(() => Promise.all(['a', 'b', 'c'].map((k) => inTransaction(env(), (tx) => insert(tx, k)))));
    expect(seen).toEqual([
      'begin immediate',
      ...['a', 'b', 'c'].flatMap(() => ['savepoint member', 'INSERT INTO parent (k) VALUES (?)', 'release member']),
      'commit',
    ]);
    expect(committed()).toEqual(['a', 'b', 'c']);
    // a transaction of a later turn is a group of its own
    expect(await statementsOf(() => inTransaction(env(), (tx) => insert(tx, 'd')))).toEqual([
      'begin immediate',
      'savepoint member',
      'INSERT INTO parent (k) VALUES (?)',
      'release member',
      'commit',
    ]);
  });

  it('answers a transaction only once its group has committed: nobody hears of a change a crash could still undo', async () => {
    const seenByOther: string[][] = [];
    const first = inTransaction(env(), async (tx) => {
      await insert(tx, 'a');
      return 'first';
    }).then((r) => {
      seenByOther.push(committed());
      return r;
    });
    const second = inTransaction(env(), async (tx) => {
      // the first member's part is done and visible to its group, not yet to anyone else
      expect((await sql<{ k: string }>`SELECT k FROM parent`.execute(tx)).rows).toEqual([{ k: 'a' }]);
      seenByOther.push(committed());
      await insert(tx, 'b');
    });
    expect(await first).toBe('first');
    await second;
    expect(seenByOther).toEqual([[], ['a', 'b']]);
  });

  it('undoes a member that fails alone, with its effects: the others commit and run theirs', async () => {
    const effects: string[] = [];
    const member = (k: string, fail: boolean) =>
      inTransaction(env(), async (tx) => {
        await insert(tx, k);
        afterCommit(tx, () => effects.push(`${k} committed`));
        onRollback(tx, () => effects.push(`${k} undone`));
        if (fail) throw new Error(`${k} failed`);
        return k;
      });
    const results = await Promise.allSettled([member('a', false), member('b', true), member('c', false)]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      'a',
      'b failed',
      'c',
    ]);
    expect(committed()).toEqual(['a', 'c']);
    expect(effects.sort()).toEqual(['a committed', 'b undone', 'c committed']);
  });

  it('fails every member of a group whose COMMIT fails, runs their on-rollback effects, and goes on with the next', async () => {
    const effects: string[] = [];
    const member = (k: string, orphan: boolean) =>
      inTransaction(env(), async (tx) => {
        await insert(tx, k);
        onRollback(tx, () => effects.push(`${k} undone`));
        afterCommit(tx, () => effects.push(`${k} committed`));
        if (orphan) {
          // a deferred foreign key is checked by COMMIT: the member's part succeeds, the group's COMMIT fails
          await sql`PRAGMA defer_foreign_keys = ON`.execute(tx);
          await sql`INSERT INTO child (k) VALUES ('nobody')`.execute(tx);
        }
      });
    const results = await Promise.allSettled([member('a', false), member('b', true), member('c', false)]);
    for (const r of results) {
      expect(r.status).toBe('rejected');
      expect(String((r as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY constraint failed/);
    }
    expect(committed()).toEqual([]);
    expect(effects.sort()).toEqual(['a undone', 'b undone', 'c undone']);
    expect(database.sqlite!.inTransaction()).toBe(false);
    await inTransaction(env(), (tx) => insert(tx, 'd'));
    expect(committed()).toEqual(['d']);
  });

  it('fails the group when a member ends the transaction itself, as SQLite does on a full disk; later members go on', async () => {
    const results = await Promise.allSettled([
      inTransaction(env(), (tx) => insert(tx, 'a')),
      inTransaction(env(), async (tx) => {
        await insert(tx, 'b');
        await sql`ROLLBACK`.execute(tx);
      }),
      inTransaction(env(), (tx) => insert(tx, 'c')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/no such savepoint/);
    expect(committed()).toEqual(['c']);
    expect(database.sqlite!.inTransaction()).toBe(false);
  });

  it('waits for a member that waits on real I/O; the connection’s other users wait for the group’s COMMIT', async () => {
    const order: string[] = [];
    const slow = inTransaction(env(), async (tx) => {
      await insert(tx, 'a');
      await new Promise((r) => setTimeout(r, 30));
      await insert(tx, 'b');
      order.push('slow done');
    });
    const next = inTransaction(env(), async (tx) => {
      order.push('next runs');
      await insert(tx, 'c');
    });
    // Kysely's own query takes the connection's lock: after the group, so it sees all of it
    const outside = mine().then((keys) => {
      order.push('outside runs');
      return keys;
    });
    await Promise.all([slow, next]);
    expect(await outside).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['slow done', 'next runs', 'outside runs']);
    expect(committed()).toEqual(['a', 'b', 'c']);
  });

  it('journals a member’s changed pages in memory, however many: no temporary file (SQLite’s past 64 KiB otherwise)', async () => {
    /** SQLite's temporary files, open and already unlinked (`etilqs_…`), among this process's descriptors */
    const temporaryFiles = () =>
      fs
        .readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return fs.readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.includes('etilqs_'));
    await sql`CREATE TABLE wide (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`.execute(database.db);
    await inTransaction(env(), async (tx) => {
      for (let i = 0; i < 100; i++) await sql`INSERT INTO wide (v) VALUES (${'x'.repeat(2000)})`.execute(tx);
    });
    let during: string[] = [];
    await inTransaction(env(), async (tx) => {
      // about 100 pages changed inside the member's savepoint: 400 KiB of journal
      await sql`UPDATE wide SET v = ${'y'.repeat(2000)}`.execute(tx);
      during = temporaryFiles();
    });
    expect(during).toEqual([]);
    expect(Number((other.prepare("SELECT count(*) AS n FROM wide WHERE v LIKE 'y%'").get() as { n: number }).n)).toBe(100);
  });

  it('refuses a query of a member whose part has ended, even while its group is still open', async () => {
    let kept: Tx | undefined;
    const first = inTransaction(env(), async (tx) => {
      kept = tx;
      await insert(tx, 'a');
    });
    const second = inTransaction(env(), async (tx) => {
      await expect(insert(kept!, 'x')).rejects.toThrow(/already committed/);
      await insert(tx, 'b');
    });
    await Promise.all([first, second]);
    expect(committed()).toEqual(['a', 'b']);
    expect(logged).toEqual([]);
  });
});
