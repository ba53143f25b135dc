import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement, sql } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
}

/** Integers come back exact: safe ones as number, larger ones as bigint (never a rounded float). */
function exactInteger(v: unknown): unknown {
  return typeof v === 'bigint' && v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : v;
}
function exactRow(row: unknown): unknown {
  if (row && typeof row === 'object') {
    const r = row as Record<string, unknown>;
    for (const k in r) r[k] = exactInteger(r[k]);
  }
  return row;
}

/**
 * Wraps better-sqlite3 for Kysely's SqliteDialect: prepared statements are cached (the stock driver
 * re-prepares every statement) and integers are read as BigInt first, so no money value is ever
 * rounded through a double.
 */
function cachingSqlite(file: string): SqliteDatabase {
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  raw.pragma('busy_timeout = 5000');
  const cache = new Map<string, SqliteStatement>();
  const MAX = 500;
  return {
    close: () => raw.close(),
    prepare(query: string): SqliteStatement {
      const hit = cache.get(query);
      if (hit) return hit;
      const stmt = raw.prepare(query);
      const reader = stmt.reader;
      if (reader) stmt.safeIntegers(true);
      const wrapped: SqliteStatement = {
        reader,
        all: (params) => stmt.all(...(params as unknown[])).map(exactRow),
        run: (params) => stmt.run(...(params as unknown[])),
        *iterate(params) {
          for (const row of stmt.iterate(...(params as unknown[]))) yield exactRow(row);
        },
      };
      if (cache.size >= MAX) cache.delete(cache.keys().next().value as string);
      cache.set(query, wrapped);
      return wrapped;
    },
  };
}

function wrap(db: Kysely<DB>, dialect: Dialect): Database {
  return {
    db,
    dialect,
    close: () => db.destroy(),
    ping: () =>
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
  };
}

/** A URL without a user name connects as the operating-system user, as psql does (even when $USER is unset). */
export function withPgUser(url: string): string {
  const u = new URL(url);
  if (!u.username) u.username = os.userInfo().username;
  return u.toString();
}

export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    if (schema) {
      const admin = new pg.Client({ connectionString: withPgUser(config.databaseUrl) });
      await admin.connect();
      try {
        await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
      } finally {
        await admin.end();
      }
    }
    // search_path is a start-up option of every connection, so no query can run before it applies
    const pool = new pg.Pool({
      connectionString: withPgUser(config.databaseUrl),
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    pool.on('error', () => {
      // an idle client failed; the pool replaces it and the next query reports any lasting problem
    });
    return wrap(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'c2c.sqlite');
  return wrap(new Kysely<DB>({ dialect: new SqliteDialect({ database: cachingSqlite(file) }) }), 'sqlite');
}
