import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as served } from 'node:timers/promises';
import SQLite from '@c2c/sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  Kysely,
  type KyselyConfig,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  SelectQueryNode,
  SqliteAdapter,
  type SqliteDatabase,
  SqliteDialect,
  SqliteDriver,
  type SqliteStatement,
  type UnknownRow,
} from 'kysely';
import type { Config } from '../config.js';
import { AuthCache, ChangeWatch } from './auth-cache.js';
import { startCheckpointer } from './checkpointer.js';
import { ConnectionLock, type Database, dropChanged, wrap } from './database.js';
import { GroupCommit } from './group-commit.js';
import { partsOf } from './kysely-parts.js';
import type { DB } from './schema.js';
import { WatchingDriver } from './watching-driver.js';

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

function cachingSqlite(
  file: string,
): SqliteDatabase & { inTransaction(): boolean; checkpointerEnded(): Promise<void>; dataVersion(): unknown } {
  const raw = new SQLite(file);
  // first, so that even switching to WAL waits for a process that is creating the file
  raw.pragma('busy_timeout = 5000');
  // switching to WAL needs the file to itself for a moment, and SQLite answers "locked" at once, without waiting,
  // when another process is taking a lock on it at that instant (several processes starting on one file)
  pragmaWhenFree(raw, 'journal_mode = WAL');
  raw.pragma('synchronous = NORMAL');
  raw.pragma('foreign_keys = ON');
  // the savepoints of a group commit (`GroupCommit`) keep each changed page's old content in a statement journal, which
  // SQLite otherwise moves to a temporary file once it grows: every page a member changes would cost a file write
  raw.pragma('temp_store = MEMORY');
  // checkpoints run in a worker (db/checkpointer.ts); this connection's own only bounds the WAL file, and finds almost
  // every page already copied; the file is cut back after it
  raw.pragma('wal_autocheckpoint = 8192');
  raw.pragma('journal_size_limit = 67108864');
  const checkpointer = startCheckpointer(file);
  const cache = new Map<string, SqliteStatement>();
  const MAX = 500;
  const version = raw.prepare('pragma data_version').pluck();
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
      const stmt = raw.prepare(query);
      const reader = stmt.reader;
      let read: (row: unknown) => unknown = (row) => row;
      if (reader) {
        stmt.safeIntegers(true);
        stmt.raw(true);
        read = rowsOf(stmt) as (row: unknown) => unknown;
      }
      const wrapped: SqliteStatement = {
        reader,
        all: (params) => stmt.all(...bindable(params)).map(read),
        run: (params) => stmt.run(...bindable(params)),
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
const BEGIN_IMMEDIATE = CompiledQuery.raw('begin immediate');

/** Kysely's SQLite driver, taking the connection's lock (`ConnectionLock`) around its own mutex, beginning IMMEDIATE. */
class LockingSqliteDriver extends SqliteDriver {
  constructor(
    config: ConstructorParameters<typeof SqliteDriver>[0],
    private readonly lock: ConnectionLock,
  ) {
    super(config);
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    try {
      return await super.acquireConnection();
    } catch (err) {
      this.lock.release();
      throw err;
    }
  }
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(BEGIN_IMMEDIATE);
  }
  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.lock.release();
  }
}
class SqliteDialectWithTransactionalDdl extends SqliteDialect {
  readonly lock = new ConnectionLock();
  driver: Driver | undefined;
  constructor(
    private readonly sqliteConfig: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly changed: (what: number) => void,
  ) {
    super(sqliteConfig);
  }
  override createDriver(): Driver {
    this.driver = new WatchingDriver(new LockingSqliteDriver(this.sqliteConfig, this.lock), this.changed);
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

/** Opens the SQLite file of `config.dataDir` (made when missing), in WAL mode, with its checkpointer. */
export async function openSqlite(config: Config): Promise<Database> {
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'c2c.sqlite');
  const sessionCache = new AuthCache<object>();
  const settingsCache = new AuthCache<object>();
  const sqlite = cachingSqlite(file);
  const changed = (what: number) => dropChanged(what, sessionCache, settingsCache);
  // the transactions of `inTransaction` run their statements here, Kysely's own through its driver (`WatchingDriver`)
  const watch = new ChangeWatch(changed);
  const runNow = runnerOn(sqlite);
  const kyselyDialect = new SqliteDialectWithTransactionalDdl({ database: sqlite }, changed);
  const kyselyConfig: KyselyConfig = { dialect: kyselyDialect, plugins: [new DropRowLocks()] };
  const db = new Kysely<DB>(kyselyConfig);
  const database = wrap(db, 'sqlite', {
    runNow: (query) => watch.around(query, () => runNow(query), sqlite.inTransaction),
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

/**
 * Runs one long read on a read-only connection of its own, whose read transaction is one point of the WAL for the
 * whole statement while the main connection goes on writing, and hands its rows to `onSlice` `slice` at a time,
 * serving the event loop between slices; integers come back as bigint.
 */
export async function readSqliteInSlices(
  file: string,
  query: CompiledQuery,
  slice: number,
  onSlice: (rows: Record<string, unknown>[]) => unknown,
): Promise<void> {
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
}
