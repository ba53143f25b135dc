import { type CompiledQuery, type Kysely, type QueryResult, sql } from 'kysely';
import type { Pool as PgPool } from 'pg';
import type { Logger } from '../lib/logger.js';
import { Slots } from '../lib/slots.js';
import { AUTH, type AuthCache, SETTINGS } from './auth-cache.js';
import type { GroupCommit } from './group-commit.js';
import type { KyselyParts } from './kysely-parts.js';
import type { SharedReaders } from './pg-readers.js';
import type { DB } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';
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

/** PostgreSQL's pool, the connections plain reads share, and what a `Transaction` of `inTransaction` is built of. */
export interface PgConnections extends KyselyParts {
  pool: PgPool;
  readers: SharedReaders;
  /** told what a transaction's statements change of what the caches keep, as they are sent and once it has ended */
  changed: (what: number, ended: boolean) => void;
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

/** Empties what a change (`changeOf`) may contradict: the session cache for a customer or a session, the settings'. */
export function dropChanged(what: number, sessions: AuthCache<object>, settings: AuthCache<object>): void {
  if (what & AUTH) sessions.clear();
  if (what & SETTINGS) settings.clear();
}

export function wrap(db: Kysely<DB>, dialect: Dialect, direct?: Pick<Database, 'runNow' | 'sqlite' | 'pg'>): Database {
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
