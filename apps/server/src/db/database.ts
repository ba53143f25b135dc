import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as served } from 'node:timers/promises';
import SQLite from '@c2c/sqlite';
import {
  type CompiledQuery,
  type DefaultQueryExecutor,
  type DialectAdapter,
  type Driver,
  Kysely,
  type KyselyConfig,
  type Dialect as KyselyDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PostgresDialect,
  type QueryResult,
  type RootOperationNode,
  SelectQueryNode,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
  sql,
  type UnknownRow,
} from 'kysely';
import type { Pool as PgPool } from 'pg';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import { Slots } from '../lib/slots.js';
import { AUTH, AuthCache, changeOf, SETTINGS } from './auth-cache.js';
import { startCheckpointer } from './checkpointer.js';
import { GroupCommit } from './group-commit.js';
import { clientWatchingAuth, listenForAuthChanges } from './pg-auth.js';
import { statementRunner } from './pg-query.js';
import { PlainLanes } from './pg-shared.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
const INT8 = 20;
export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  close(): Promise<void>;
  /** true when the database answers a trivial query */
  ping(): Promise<boolean>;
  /**
   * SQLite only: runs a compiled query at once on the one connection, without Kysely's executor (a dozen promises per
   * query). Only for a caller that holds the connection: the transaction `inTransaction` opened (`db/prepared.ts`).
   */
  runNow?: (query: CompiledQuery) => QueryResult<unknown>;
  /**
   * SQLite only: what `inTransaction` needs to run a transaction on the one connection itself, without Kysely's
   * transaction machinery (a connection mutex, a dozen promises per BEGIN and COMMIT, a new executor and two frozen
   * objects): the lock every use of the connection takes (Kysely's own included) and what a `Transaction` is built of.
   */
  sqlite?: SqliteConnection;
  /**
   * PostgreSQL only: what `inTransaction` needs to run a transaction on a pooled client itself (`db/pg-session.ts`),
   * without Kysely's transaction machinery: the pool, and what a `Transaction` is built of.
   */
  pg?: PgConnections;
  /**
   * The sessions with their customers this node has read (`AuthCache`): off until `watchAuth` starts hearing of
   * changes, emptied by every change this process makes to a customer or a session.
   */
  sessionCache?: AuthCache<object>;
  /** The settings rows this node has read (`settings.storedSettings`): as the session cache, for changes to the settings. */
  settingsCache?: AuthCache<object>;
  /**
   * Starts the session and settings caches (after the migrations): on PostgreSQL, a connection that LISTENs for other
   * processes' changes.
   */
  watchAuth?: (log: Pick<Logger, 'warn'>) => void;
  /**
   * PostgreSQL: the session cache's version shared by every node (`AuthCache.sharedVersion`), kept in `store` (Redis)
   * under `key`. Without it the node keeps no sessions: another node's logout is heard only after it was answered.
   */
  shareSessionVersion?: (store: VersionStore, key: string, log: Pick<Logger, 'error'>) => void;
  /**
   * PostgreSQL: settles once every change to a customer or a session this process has committed has moved the shared
   * version on (`shareSessionVersion`); undefined when none is under way. A caller is answered only after it.
   */
  authSettled?: () => Promise<void> | undefined;
}

/** where the session cache's shared version is kept (Redis) */
export interface VersionStore {
  get(key: string): Promise<string | null>;
  incr(key: string): Promise<number>;
}

/**
 * What a transaction of `inTransaction` builds its Kysely `Transaction` of, without Kysely's transaction machinery:
 * Kysely's executor (its compiler, adapter and plugins), bound to a connection provider given per transaction, and the
 * rest of a `Transaction`'s properties (the database's config, driver and dialect).
 */
export interface KyselyParts {
  executor: DefaultQueryExecutor;
  props: { config: KyselyConfig; driver: Driver; dialect: KyselyDialect };
}

/** The parts of a Kysely over `dialect`, whose executor is bound to a connection provider that is never used. */
function partsOf(db: Kysely<DB>, config: KyselyConfig, driver: Driver | undefined): KyselyParts {
  if (!driver) throw new Error('the dialect made no driver');
  // the connection provider is replaced per transaction (`inTransaction`); this one is never used
  const executor = (db.getExecutor() as DefaultQueryExecutor).withConnectionProvider({
    provideConnection: () => Promise.reject(new Error('a transaction of inTransaction provides the connection')),
  });
  return { executor, props: { config, driver, dialect: config.dialect } };
}

/** PostgreSQL's pool, whose clients run in pipeline mode (`db/pg-session.ts`), and what a `Transaction` is built of. */
export interface PgConnections extends KyselyParts {
  pool: PgPool;
  /** connections shared by the plain queries that run outside a transaction (`db/pg-shared.ts`) */
  lanes: PlainLanes;
}

/**
 * The one SQLite connection's lock, first come first served. Kysely's driver takes it for every query and transaction
 * of its own; `inTransaction` takes it at once when it is free (no promise), else waits its turn.
 */
export class ConnectionLock extends Slots {
  constructor() {
    super(1);
  }
}

export interface SqliteConnection extends KyselyParts {
  lock: ConnectionLock;
  /** the group commit of the transactions `inTransaction` runs on the connection (`db/transaction.ts`) */
  commits: GroupCommit;
  /** whether the connection is inside a transaction (after a failed COMMIT: whether it still needs a ROLLBACK) */
  inTransaction(): boolean;
  /** the database file, for a read-only connection of its own (`readInSlices`) */
  file: string;
}

/** How one result column is read back, from the type the schema declared for it. */
type ColumnReader = (v: unknown) => unknown;
const asBigint: ColumnReader = (v) => (typeof v === 'number' ? BigInt(v) : v);
const asBoolean: ColumnReader = (v) => (v === null ? null : v === 1 || v === 1n);
/** Integers without a BIGINT declaration (ids, counts, sums) come back exact: safe ones as number, larger ones as bigint. */
const asExactInteger: ColumnReader = (v) =>
  typeof v === 'bigint' && v <= BigInt(Number.MAX_SAFE_INTEGER) && v >= BigInt(Number.MIN_SAFE_INTEGER) ? Number(v) : v;

/** How a column is read back; undefined: as it comes (TEXT: SQLite stores no integer in a column of TEXT affinity). */
function readerFor(declared: string | null): ColumnReader | undefined {
  const t = declared?.toLowerCase() ?? '';
  if (t === 'bigint') return asBigint;
  if (t === 'boolean') return asBoolean;
  if (t === 'text') return undefined;
  return asExactInteger;
}

/**
 * Makes a statement's rows (fetched as arrays: `raw(true)`) into objects of one fixed shape, each column read back as
 * its declared type. better-sqlite3's own row objects are built a property at a time and then had every column
 * written again by its reader: on the hot paths (a session with its customer is 21 columns) that was most of a
 * query's cost. The builder is one object literal, so every row of a statement shares one hidden class; a column
 * named twice keeps its last value, as better-sqlite3's objects do. The names are written as JSON strings.
 */
export function rowBuilder(
  columns: readonly { name: string; type: string | null }[],
): (row: readonly unknown[]) => Record<string, unknown> {
  const readers: (ColumnReader | undefined)[] = columns.map((c) => readerFor(c.type));
  // `"__proto__": v` in a literal would set the prototype: that one name is a computed key (a property, as in
  // better-sqlite3's rows); computed keys cost the literal its fixed shape, so no other name is one
  const key = (name: string) => (name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name));
  const fields = columns.map((c, i) => `${key(c.name)}: ${readers[i] ? `r[${i}](a[${i}])` : `a[${i}]`}`);
  return new Function('r', `return (a) => ({ ${fields.join(', ')} });`)(readers);
}

/**
 * The row builder of a statement (`rowBuilder`), made again when its rows come back wider or narrower than its
 * columns were: SQLite prepares a cached statement anew after a schema change (a migration run by another process
 * added a column to a table a `select *` reads), and its rows then carry the new columns.
 */
function rowsOf(stmt: SQLite.Statement): (row: readonly unknown[]) => Record<string, unknown> {
  let width = 0;
  let build: (row: readonly unknown[]) => Record<string, unknown> = () => ({});
  const rebuild = () => {
    const columns = stmt.columns();
    width = columns.length;
    build = rowBuilder(columns);
  };
  rebuild();
  return (row) => {
    if (row.length !== width) rebuild();
    return build(row);
  };
}

/** better-sqlite3 binds no booleans: they are stored as 1 and 0, as SQLite itself does. */
const bindable = (params: readonly unknown[]) => params.map((p) => (typeof p === 'boolean' ? (p ? 1 : 0) : p));

/**
 * Wraps better-sqlite3 for Kysely's SqliteDialect:
 * - prepared statements are cached (the stock driver re-prepares every statement);
 * - values come back typed as the schema declares them, as they do from PostgreSQL: BIGINT (money) as bigint,
 *   BOOLEAN as boolean, other integers as exact numbers — no money value is ever rounded through a double;
 * - every transaction begins IMMEDIATE: it takes the write lock up front, so a read that decides a write
 *   cannot be overtaken by another writer (the SQLite side of `SELECT ... FOR UPDATE`).
 */
/** Runs a set-up pragma, trying again for up to 10 s while another connection holds the file (SQLITE_BUSY). */
function pragmaWhenFree(raw: SQLite.Database, pragma: string): void {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      raw.pragma(pragma);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > until) throw err;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20 + Math.floor(Math.random() * 30));
    }
  }
}

/** Empties what a change (`changeOf`) may contradict: the session cache for a customer or a session, the settings'. */
function dropChanged(what: number, sessions: AuthCache<object>, settings: AuthCache<object>): void {
  if (what & AUTH) sessions.clear();
  if (what & SETTINGS) settings.clear();
}

/**
 * `onChange` is called with what a statement changed of what the caches keep (`changeOf`: customers or sessions, the
 * settings), again when a rollback (of a savepoint too) may have undone such a change, and when the transaction that
 * made it has ended: what a read on this connection saw of it in between (SQLite reads see the connection's own
 * uncommitted writes) is not kept.
 */
function cachingSqlite(
  file: string,
  onChange: (what: number) => void,
): SqliteDatabase & { inTransaction(): boolean; checkpointerEnded(): Promise<void>; dataVersion(): unknown } {
  const raw = new SQLite(file);
  // first, so that even switching to WAL waits for a process that is creating the file
  raw.pragma('busy_timeout = 5000');
  // switching to WAL needs the file to itself for a moment, and SQLite answers "locked" at once, without waiting,
  // when another process is taking a lock on it at that instant (several processes starting on one file)
  pragmaWhenFree(raw, 'journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // the savepoints of a group commit (`GroupCommit`, group-commit.ts) keep each page's content before the member
  // changed it in a statement journal, which SQLite moves to a temporary file past 64 KiB unless temporary storage
  // is memory: a sale changes about 20 pages, so every one of them cost a file write more (6 → 41 writes a sale)
  raw.pragma('temp_store = MEMORY');
  // checkpoints run in a worker (db/checkpointer.ts); this connection's own, in the commit that crosses 8,192 pages
  // (32 MB of WAL), only bounds the WAL file and finds almost every page already copied; the file is cut back to 64 MB
  raw.pragma('wal_autocheckpoint = 8192');
  raw.pragma('journal_size_limit = 67108864');
  const checkpointer = startCheckpointer(file);
  const cache = new Map<string, SqliteStatement>();
  const MAX = 500;
  const version = raw.prepare('pragma data_version').pluck();
  /** what the transaction now open changed of what the caches keep (`changeOf`), not yet ended; 0: nothing */
  let changed = 0;
  const afterStatement = (changes: number, rollback: boolean) => {
    if (changes) {
      changed |= changes;
      onChange(changes);
    } else if (changed && (rollback || !raw.inTransaction)) {
      onChange(changed);
    }
    if (changed && !raw.inTransaction) changed = 0;
  };
  return {
    dataVersion: () => version.get(),
    close: () => {
      void checkpointer.stop();
      raw.close();
    },
    // answers once the checkpointer has closed its own connection too
    checkpointerEnded: () => checkpointer.stop(),
    inTransaction: () => raw.inTransaction,
    prepare(query: string): SqliteStatement {
      const hit = cache.get(query);
      if (hit) return hit;
      const stmt = raw.prepare(/^begin$/i.test(query.trim()) ? 'begin immediate' : query);
      const reader = stmt.reader;
      let read: (row: unknown) => unknown = (row) => row;
      if (reader) {
        stmt.safeIntegers(true);
        stmt.raw(true);
        read = rowsOf(stmt) as (row: unknown) => unknown;
      }
      const changes = changeOf(query);
      const rollback = /^\s*rollback\b/i.test(query);
      const wrapped: SqliteStatement = {
        reader,
        all: (params) => {
          const rows = stmt.all(...bindable(params)).map(read);
          if (changes || changed) afterStatement(changes, rollback);
          return rows;
        },
        run: (params) => {
          const done = stmt.run(...bindable(params));
          if (changes || changed) afterStatement(changes, rollback);
          return done;
        },
        *iterate(params) {
          for (const row of stmt.iterate(...bindable(params))) yield read(row);
        },
      };
      if (cache.size >= MAX) cache.delete(cache.keys().next().value as string);
      cache.set(query, wrapped);
      return wrapped;
    },
  };
}

/**
 * SQLite knows no row locks: its transactions begin IMMEDIATE (one writer at a time), so the lock clauses
 * PostgreSQL needs (`FOR UPDATE`, `SKIP LOCKED`) are dropped there and services write one query for both.
 */
const LOCKS = new Set(['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare', 'NoWait', 'SkipLocked']);
class DropRowLocks implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (!SelectQueryNode.is(node) || !node.endModifiers?.length) return node;
    const endModifiers = node.endModifiers.filter((m) => !(m.modifier && LOCKS.has(m.modifier)));
    return { ...node, endModifiers };
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/**
 * SQLite does run DDL inside transactions; saying so makes Kysely's migrator run the pending migrations in one
 * transaction, which begins IMMEDIATE: a second process starting at the same time waits for the file's write lock,
 * then finds the migrations applied (the stock adapter runs them outside any transaction, unguarded).
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
/** Kysely's SQLite driver, taking the connection's lock (`ConnectionLock`) around its own mutex. */
class LockingSqliteDriver extends SqliteDriver {
  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly lock: ConnectionLock,
  ) {
    super(config);
  }
  override async acquireConnection() {
    await this.lock.acquire();
    try {
      return await super.acquireConnection();
    } catch (err) {
      this.lock.release();
      throw err;
    }
  }
  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.lock.release();
  }
}
class SqliteDialectWithTransactionalDdl extends SqliteDialect {
  readonly lock = new ConnectionLock();
  driver: Driver | undefined;
  constructor(private readonly sqliteConfig: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(sqliteConfig);
  }
  override createDriver(): Driver {
    this.driver = new LockingSqliteDriver(this.sqliteConfig, this.lock);
    return this.driver;
  }
  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** What Kysely's SQLite connection answers for a query, computed the same way, synchronously. */
function runnerOn(sqlite: SqliteDatabase): (query: CompiledQuery) => QueryResult<unknown> {
  return ({ sql: text, parameters }) => {
    const stmt = sqlite.prepare(text);
    if (stmt.reader) return { rows: stmt.all(parameters) as unknown[] };
    const { changes, lastInsertRowid } = stmt.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };
}

/** Kysely's PostgreSQL dialect, keeping the driver it made (what a `Transaction` of `inTransaction` is built with). */
class PostgresDialectKeepingDriver extends PostgresDialect {
  driver: Driver | undefined;
  override createDriver(): Driver {
    this.driver = super.createDriver();
    return this.driver;
  }
}

function wrap(db: Kysely<DB>, dialect: Dialect, direct?: Pick<Database, 'runNow' | 'sqlite' | 'pg'>): Database {
  return {
    db,
    dialect,
    ...direct,
    close: () => db.destroy(),
    ping: () =>
      sql`select 1`.execute(db).then(
        () => true,
        () => false,
      ),
  };
}

/**
 * Runs one long read (a snapshot of every customer's holdings) and hands its rows to `onSlice` `slice` at a time,
 * serving the event loop between slices, without holding back any writer:
 * - SQLite: on a read-only connection of its own, whose read transaction is one point of the WAL for the whole
 *   statement while the main connection goes on writing; integers come back as bigint.
 * - PostgreSQL: one statement on a pooled connection (one snapshot of committed data), handed over in slices.
 */
export async function readInSlices(
  database: Database,
  query: CompiledQuery,
  slice: number,
  onSlice: (rows: Record<string, unknown>[]) => unknown,
): Promise<void> {
  const file = database.sqlite?.file;
  if (file) {
    const reader = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      reader.pragma('busy_timeout = 5000');
      const stmt = reader.prepare(query.sql).safeIntegers(true);
      let rows: Record<string, unknown>[] = [];
      for (const row of stmt.iterate(...bindable(query.parameters))) {
        rows.push(row as Record<string, unknown>);
        if (rows.length < slice) continue;
        await onSlice(rows);
        rows = [];
        await served();
      }
      if (rows.length) await onSlice(rows);
    } finally {
      reader.close();
    }
    return;
  }
  const { rows } = await database.db.executeQuery<Record<string, unknown>>(query);
  for (let i = 0; i < rows.length; i += slice) {
    await onSlice(rows.slice(i, i + slice));
    await served();
  }
}

/** The class half of the start-up advisory lock key (`startup-lock.ts`). */
const LOCK_CLASS = 0x0c2c_5eed;

/** The start-up advisory lock key on PostgreSQL: a fixed class and FNV-1a of the schema name as a signed 32-bit integer. */
export function startupLockKey(schema: string | undefined): [number, number] {
  let h = 0x811c9dc5;
  for (const ch of Buffer.from(schema ?? '', 'utf8')) h = Math.imul(h ^ ch, 0x01000193);
  return [LOCK_CLASS, h | 0];
}

/**
 * A URL without a user name connects as the operating-system user, as psql does (even when $USER is unset). A URL of
 * PostgreSQL's Unix socket (`postgres:///c2c?host=/var/run/postgresql`) has no host to write a user name before: it
 * gets a `user` parameter. A form the URL parser refuses (`postgres://me@/c2c?host=…`) is left for pg to read.
 */
export function withPgUser(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url;
  }
  if (u.username || u.searchParams.has('user')) return url;
  if (u.host) u.username = os.userInfo().username;
  else u.searchParams.set('user', os.userInfo().username);
  return u.toString();
}

/** how many connections the plain queries outside transactions share (`PlainLanes`), beside the pool's */
const PLAIN_LANES = 3;

export async function openDatabase(config: Config): Promise<Database> {
  if (config.databaseUrl) {
    // loaded only for PostgreSQL: a server on SQLite does not carry the driver in its memory
    const { default: pg } = await import('pg');
    const schema = config.databaseSchema;
    if (schema) {
      const admin = new pg.Client({ connectionString: withPgUser(config.databaseUrl) });
      await admin.connect();
      try {
        // two processes creating one schema at once collide in the catalogue even with IF NOT EXISTS: one waits
        await admin.query('BEGIN');
        await admin.query('SELECT pg_advisory_xact_lock($1::int, $2::int)', startupLockKey(schema));
        await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
        await admin.query('COMMIT');
      } finally {
        await admin.end();
      }
    }
    // on several nodes a session must not be answered from memory after another node's logout has been answered
    const sessionCache = new AuthCache<object>(undefined, undefined, true);
    const settingsCache = new AuthCache<object>();
    let shared: { store: VersionStore; key: string; log: Pick<Logger, 'error'> } | undefined;
    const moving = new Set<Promise<unknown>>();
    const changed = (what: number, ended: boolean) => {
      dropChanged(what, sessionCache, settingsCache);
      if (!ended || !(what & AUTH) || !shared) return;
      const { store, key, log } = shared;
      const move: Promise<unknown> = store
        .incr(key)
        .catch((err) => log.error({ err }, 'the shared session version could not be moved on'))
        .finally(() => moving.delete(move));
      moving.add(move);
    };
    // search_path is a start-up option of every connection, so no query can run before it applies
    const connection = {
      connectionString: withPgUser(config.databaseUrl),
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    };
    const pool = new pg.Pool({
      ...connection,
      // every client tells the caches of a change to a customer, a session or the settings before its COMMIT is answered
      Client: clientWatchingAuth(pg.Client, changed),
      max: 10,
      // replaced now and then, so that their statements are planned again for the tables as they have grown
      maxLifetimeSeconds: config.pgConnectionLifetimeSeconds,
      // a statement is sent at once, not after the one before it is answered: a transaction's BEGIN, SAVEPOINT and
      // RELEASE travel with the statement after them (`PgSession`); a client of the pool is used by one transaction at
      // a time (the lanes of plain queries, `PlainLanes`, are shared)
      pipeline: true,
      // BIGINT (int8: money, counts) arrives as bigint, as it does from SQLite; pg's default is a string
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') =>
          oid === INT8 ? BigInt : pg.types.getTypeParser(oid, format as 'text'),
      },
    });
    pool.on('error', () => {
      // an idle client failed; the pool replaces it and the next query reports any lasting problem
    });
    const dialect = new PostgresDialectKeepingDriver({ pool });
    const kyselyConfig: KyselyConfig = { dialect };
    const db = new Kysely<DB>(kyselyConfig);
    const lanes = new PlainLanes(pool, PLAIN_LANES, config.pgConnectionLifetimeSeconds * 1000, statementRunner(pg));
    const database = wrap(db, 'postgres', { pg: { pool, lanes, ...partsOf(db, kyselyConfig, dialect.driver) } });
    const close = database.close;
    let listener: { close(): Promise<void> } | undefined;
    return {
      ...database,
      sessionCache,
      settingsCache,
      shareSessionVersion: (store, key, log) => {
        shared = { store, key, log };
        sessionCache.sharedVersion(async () => (await store.get(key)) ?? '0');
      },
      authSettled: () => (moving.size ? Promise.all(moving).then(() => undefined) : undefined),
      watchAuth: (log) => {
        // named for the operator (pg_stat_activity): whose listener it is
        const application_name = `c2c-auth ${schema ?? ''}`.trim().slice(0, 63);
        listener ??= listenForAuthChanges(
          pg.Client,
          { ...connection, application_name },
          { sessions: sessionCache, settings: settingsCache },
          log,
        );
      },
      close: async () => {
        await listener?.close();
        await lanes.close();
        await close();
      },
    };
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'c2c.sqlite');
  const sessionCache = new AuthCache<object>();
  const settingsCache = new AuthCache<object>();
  const sqlite = cachingSqlite(file, (what) => dropChanged(what, sessionCache, settingsCache));
  const kyselyDialect = new SqliteDialectWithTransactionalDdl({ database: sqlite });
  const kyselyConfig: KyselyConfig = { dialect: kyselyDialect, plugins: [new DropRowLocks()] };
  const db = new Kysely<DB>(kyselyConfig);
  const database = wrap(db, 'sqlite', {
    runNow: runnerOn(sqlite),
    sqlite: {
      lock: kyselyDialect.lock,
      commits: new GroupCommit(kyselyDialect.lock, sqlite.inTransaction),
      ...partsOf(db, kyselyConfig, kyselyDialect.driver),
      inTransaction: sqlite.inTransaction,
      file,
    },
  });
  // answered once the checkpointer's connection is closed too: its close may write the WAL back and remove the -wal
  // and -shm files, so a caller that then removes or copies the folder would race it
  const close = database.close;
  return {
    ...database,
    sessionCache,
    settingsCache,
    // another connection's commit to the file (another process) is not heard: it empties a cache before its next use
    watchAuth: () => {
      for (const cache of [sessionCache, settingsCache]) {
        let seen = sqlite.dataVersion();
        cache.enable(() => {
          const now = sqlite.dataVersion();
          if (now === seen) return true;
          seen = now;
          return false;
        });
      }
    },
    close: async () => {
      sessionCache.disable();
      settingsCache.disable();
      await close();
      await sqlite.checkpointerEnded();
    },
  };
}
