import { type Driver, Kysely, type KyselyConfig, PostgresDialect, type PostgresDialectConfig } from 'kysely';
import type { Config } from '../config.js';
import type { Logger } from '../lib/logger.js';
import { AUTH, AuthCache } from './auth-cache.js';
import { type Database, dropChanged, type VersionStore, wrap } from './database.js';
import { partsOf } from './kysely-parts.js';
import { listenForAuthChanges } from './pg-auth.js';
import { batchingSocket, SharedReaders } from './pg-readers.js';
import { preparedEpoch } from './pg-transaction.js';
import { withPgUser } from './pg-url.js';
import type { DB } from './schema.js';
import { startupLockKey } from './startup-lock.js';
import { WatchingDriver } from './watching-driver.js';

const INT8 = 20;
/** how many connections every request's plain reads share (`SharedReaders`), beside the pool's */
const SHARED_READERS = 2;

/**
 * Kysely's PostgreSQL dialect, its driver telling the caches what its statements change (`WatchingDriver`), keeping
 * the driver it made (what a `Transaction` of `inTransaction` is built with).
 */
class PostgresDialectKeepingDriver extends PostgresDialect {
  driver: Driver | undefined;
  constructor(
    config: PostgresDialectConfig,
    private readonly changed: (what: number, ended: boolean) => void,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    this.driver = new WatchingDriver(super.createDriver(), this.changed);
    return this.driver;
  }
}

/**
 * `read`, shared by the callers of one turn of the event loop: it is sent once they have all asked, so each hears a
 * value read after it asked, and a caller of a later turn waits for a read of its own.
 */
function oncePerTurn<T>(read: () => Promise<T>): () => Promise<T> {
  let batch: Promise<T> | undefined;
  return () => {
    batch ??= new Promise<void>((turnEnded) => setImmediate(turnEnded)).then(() => {
      batch = undefined;
      return read();
    });
    return batch;
  };
}

/** Opens a pool on `config.databaseUrl`, in the schema `config.databaseSchema` (made when missing). */
export async function openPostgres(config: Config & { databaseUrl: string }): Promise<Database> {
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
  // BIGINT (int8: money, counts) arrives as bigint, as it does from SQLite; pg's default is a string
  const types = {
    getTypeParser: (oid: number, format?: 'text' | 'binary') =>
      oid === INT8 ? BigInt : pg.types.getTypeParser(oid, format as 'text'),
  };
  const pool = new pg.Pool({
    ...connection,
    max: 12,
    // a statement is sent without waiting for the one before it: a transaction's BEGIN leaves with its first query,
    // and the queries a transaction sends at once (a `Promise.all`) leave in one write (`batchingSocket`)
    pipeline: true,
    stream: batchingSocket,
    // replaced now and then, so that their statements are planned again for the tables as they have grown
    maxLifetimeSeconds: config.pgConnectionLifetimeSeconds,
    types,
  });
  pool.on('error', () => {
    // an idle client failed; the pool replaces it and the next query reports any lasting problem
  });
  const dialect = new PostgresDialectKeepingDriver({ pool }, changed);
  const kyselyConfig: KyselyConfig = { dialect };
  const db = new Kysely<DB>(kyselyConfig);
  const readers = new SharedReaders(
    pg.Client,
    { ...connection, types },
    SHARED_READERS,
    config.pgConnectionLifetimeSeconds * 1000,
    preparedEpoch,
  );
  const database = wrap(db, 'postgres', { pg: { pool, readers, changed, ...partsOf(db, kyselyConfig, dialect.driver) } });
  const close = database.close;
  let listener: { close(): Promise<void> } | undefined;
  return {
    ...database,
    sessionCache,
    settingsCache,
    shareSessionVersion: (store, key, log) => {
      shared = { store, key, log };
      sessionCache.sharedVersion(oncePerTurn(async () => (await store.get(key)) ?? '0'));
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
      await readers.close();
      await close();
    },
  };
}
