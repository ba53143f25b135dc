import { sql } from 'kysely';
import type { Database, Dialect } from './database.js';
import type { Tx } from './tx.js';

/** The class half of the start-up advisory lock key (`startup-lock.ts`). */
const LOCK_CLASS = 0x0c2c_5eed;

/** The start-up advisory lock key on PostgreSQL: a fixed class and FNV-1a of the schema name as a signed 32-bit integer. */
export function startupLockKey(schema: string | undefined): [number, number] {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(schema ?? '', 'utf8')) h = Math.imul(h ^ ch, 0x01000193);
  return [LOCK_CLASS, h | 0];
}

/**
 * Several processes may start together on one empty database. What they do first — create the schema, migrate, seed
 * the owner and the house code — runs under one lock per database schema, and every step re-reads what is there once
 * it holds the lock, so the first process does the work and the others find it done.
 *
 * PostgreSQL: an advisory lock on a fixed key (this class and a hash of the schema name, so the schemas of one
 * server never wait for each other). SQLite: the file's write lock — migrations run in one IMMEDIATE transaction
 * (`database.ts`) and so does the seed.
 */
/** Runs `work` holding the startup lock (PostgreSQL: a session advisory lock on a connection of its own). */
export async function underStartupLock<T>(database: Database, schema: string | undefined, work: () => Promise<T>): Promise<T> {
  if (database.dialect === 'sqlite') return work();
  const [a, b] = startupLockKey(schema);
  return database.db.connection().execute(async (conn) => {
    await sql`SELECT pg_advisory_lock(${a}::int, ${b}::int)`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${a}::int, ${b}::int)`.execute(conn);
    }
  });
}

/** Holds the startup lock until the transaction ends (PostgreSQL); SQLite's IMMEDIATE transaction holds the write lock already. */
export async function lockStartup(tx: Tx, dialect: Dialect, schema: string | undefined): Promise<void> {
  if (dialect === 'sqlite') return;
  const [a, b] = startupLockKey(schema);
  await sql`SELECT pg_advisory_xact_lock(${a}::int, ${b}::int)`.execute(tx);
}
