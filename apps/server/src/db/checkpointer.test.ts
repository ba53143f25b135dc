import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '@c2c/sqlite';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { startCheckpointer } from './checkpointer.js';
import { openDatabase } from './open-database.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tmpDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-checkpointer-'));
  dirs.push(dir);
  return dir;
}

/** rows of `table` in the database file alone, as a crash that lost the WAL would leave it (-1: no such table) */
function rowsInMainFile(file: string, table: string): number {
  const copy = `${file}.copy-${Math.random().toString(36).slice(2)}`;
  fs.copyFileSync(file, copy);
  const db = new SQLite(copy, { readonly: true });
  try {
    const exists = db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(table);
    return exists ? Number((db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n) : -1;
  } finally {
    db.close();
    fs.rmSync(copy, { force: true });
  }
}

/**
 * `rowsInMainFile` while the checkpointer may be copying pages into the file: a copy taken half-way through that is
 * torn (SQLite calls it malformed) and counts as not there yet. The tests' last counts are taken with no checkpoint
 * under way, strictly.
 */
function rowsInMainFileSoFar(file: string, table: string): number | undefined {
  try {
    return rowsInMainFile(file, table);
  } catch (err) {
    if ((err as { code?: string }).code === 'SQLITE_CORRUPT' || (err as { code?: string }).code === 'SQLITE_NOTADB')
      return undefined;
    throw err;
  }
}

async function until(what: string, ok: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function walConnection(file: string) {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  // no automatic checkpoint: whatever reaches the database file was copied there by the checkpointer
  raw.pragma('wal_autocheckpoint = 0');
  raw.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)');
  return raw;
}

describe('the WAL checkpointer', () => {
  it('copies the WAL into the database file from its own thread while the serving connection writes, losing nothing', async () => {
    const file = path.join(tmpDir(), 'c2c.sqlite');
    const raw = walConnection(file);
    const insert = raw.prepare('INSERT INTO t (v) VALUES (?)');
    const batch = raw.transaction((n: number) => {
      for (let i = 0; i < n; i++) insert.run(`row ${i}`.padEnd(200, '.'));
    });
    for (let i = 0; i < 20; i++) batch(100);
    // the yardstick: without a checkpoint the 2,000 rows are only in the WAL
    expect(rowsInMainFile(file, 't')).toBe(-1);

    const errors: Error[] = [];
    const checkpointer = startCheckpointer(file, { intervalMs: 20, onError: (e) => errors.push(e) });
    // on its timer, with no call from this thread
    await until('the database file holds the first 2,000 rows', () => rowsInMainFileSoFar(file, 't') === 2000);

    // the serving connection keeps writing beside it: every row committed is there, in the WAL or the file
    for (let i = 0; i < 30; i++) {
      batch(100);
      await new Promise((r) => setTimeout(r, 5));
    }
    const last = await checkpointer.checkpointNow();
    expect(last.busy).toBe(0);
    expect(last.checkpointed).toBe(last.log);
    expect(rowsInMainFile(file, 't')).toBe(5000);
    expect((raw.prepare('SELECT count(*) AS n FROM t').get() as { n: number }).n).toBe(5000);
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok');

    // fully copied, so the next commit starts the WAL over instead of growing it
    const walBefore = fs.statSync(`${file}-wal`).size;
    batch(1);
    await checkpointer.checkpointNow();
    expect((await checkpointer.checkpointNow()).log).toBeLessThan(10);
    expect(fs.statSync(`${file}-wal`).size).toBeLessThanOrEqual(walBefore);
    expect(errors).toEqual([]);

    // closing the serving connection stops the worker
    raw.close();
    await checkpointer.stop();
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/stopped/);
  });

  it('starts its thread again when it ends unasked, and goes on checkpointing', async () => {
    const file = path.join(tmpDir(), 'c2c.sqlite');
    const raw = walConnection(file);
    const insert = raw.prepare('INSERT INTO t (v) VALUES (?)');
    const errors: Error[] = [];
    const checkpointer = startCheckpointer(file, { intervalMs: 20, restartMs: 50, onError: (e) => errors.push(e) });
    try {
      expect((await checkpointer.checkpointNow()).busy).toBe(0);
      await checkpointer.crash();
      expect(errors.map((e) => e.message)).toEqual([
        expect.stringMatching(/^the checkpointer's thread ended \(exit code 1\); starting it again in 50 ms$/),
      ]);
      // written while no thread checkpoints: only the restarted one copies it into the file
      for (let i = 0; i < 100; i++) insert.run(`row ${i}`);
      await until('the thread is started again', () => checkpointer.restarts() === 1);
      await until('the database file holds the 100 rows', () => rowsInMainFileSoFar(file, 't') === 100);
      expect((await checkpointer.checkpointNow()).busy).toBe(0);
      // a second end waits twice as long
      await checkpointer.crash();
      expect(errors.at(-1)?.message).toMatch(/starting it again in 100 ms$/);
      await until('the thread is started again', () => checkpointer.restarts() === 2);
    } finally {
      raw.close();
      await checkpointer.stop();
    }
    // a stopped checkpointer is not started again
    await new Promise((r) => setTimeout(r, 300));
    expect(checkpointer.restarts()).toBe(2);
    await expect(checkpointer.checkpointNow()).rejects.toThrow(/stopped/);
  });

  it('has closed its own connection when the database answers its close (the folder can be removed at once)', async () => {
    const dataDir = tmpDir();
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, 'c2c.sqlite');
    await sql`CREATE TABLE probe (id INTEGER PRIMARY KEY)`.execute(database.db);
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await database.close();
    // the last connection to close removes the WAL and its index: with the worker's still open they would remain
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(fs.existsSync(`${file}-shm`)).toBe(false);
    // and nothing comes back after it (a checkpoint of a worker still running would open the WAL again)
    await new Promise((r) => setTimeout(r, 250));
    expect(fs.readdirSync(dataDir).filter((f) => f.startsWith('c2c.sqlite'))).toEqual(['c2c.sqlite']);
  });

  it('runs beside every SQLite database the server opens', async () => {
    const dataDir = tmpDir();
    const database = await openDatabase(loadConfig({ DATA_DIR: dataDir }));
    try {
      const file = path.join(dataDir, 'c2c.sqlite');
      await sql`CREATE TABLE probe (id INTEGER PRIMARY KEY, v TEXT NOT NULL)`.execute(database.db);
      for (let i = 0; i < 50; i++) await sql`INSERT INTO probe (v) VALUES (${`row ${i}`})`.execute(database.db);
      // 50 small commits are far below the serving connection's own automatic checkpoint: only the worker copies them
      const auto = await sql<{ wal_autocheckpoint: number }>`PRAGMA wal_autocheckpoint`.execute(database.db);
      expect(Number(auto.rows[0]?.wal_autocheckpoint)).toBe(8192);
      await until('the database file holds the 50 rows', () => rowsInMainFileSoFar(file, 'probe') === 50);
    } finally {
      await database.close();
    }
  });
});
