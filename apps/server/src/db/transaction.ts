import { CompiledQuery, type DatabaseConnection, type Kysely, type QueryResult, Transaction } from 'kysely';
import { DomainError } from '../lib/errors.js';
import type { Database, SqliteConnection } from './database.js';
import type { DB } from './schema.js';

/**
 * What services and repositories run queries on: the transaction a route or job opened with `inTransaction`
 * (a Kysely `Transaction` is a `Kysely`). Tests and read-only scripts may pass the database itself.
 */
export type Tx = Kysely<DB>;

type Effect = () => Promise<unknown> | unknown;
interface Pending {
  commit: Effect[];
  rollback: Effect[];
}
const pending = new WeakMap<Tx, Pending>();

async function runAll(effects: Effect[], log: { error(obj: object, msg: string): void }, what: string) {
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      log.error({ err }, `${what} effect failed`);
    }
  }
}

/**
 * Runs `work` in one transaction and, once it has committed, its after-commit effects (live events, mails) in
 * the order they were added. A rollback drops them: nobody is told about a change that did not happen. An
 * effect that fails is logged and never undoes the committed change or fails the call. A `DomainError` with
 * `keepWrites` commits what was written before it and is thrown after the commit.
 *
 * On PostgreSQL the transaction is READ COMMITTED: a read that decides a write locks its rows
 * (`.forUpdate()`); on SQLite every transaction begins IMMEDIATE, holding the single write lock throughout.
 */
export function inTransaction<T>(
  env: { database: Database; log: { error(obj: object, msg: string): void } },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { runNow, sqlite } = env.database;
  return runNow && sqlite ? inSqliteTransaction(runNow, sqlite, env.log, work) : inKyselyTransaction(env, work);
}

/** PostgreSQL: Kysely's transaction on a connection of the pool. */
async function inKyselyTransaction<T>(
  env: { database: Database; log: { error(obj: object, msg: string): void } },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const effects: Pending = { commit: [], rollback: [] };
  let refusal: DomainError | undefined;
  let result: T;
  try {
    result = await env.database.db.transaction().execute(async (tx) => {
      pending.set(tx, effects);
      try {
        return await work(tx);
      } catch (err) {
        if (!(err instanceof DomainError && err.keepWrites)) throw err;
        refusal = err;
        return undefined as T;
      }
    });
  } catch (err) {
    await runAll(effects.rollback, env.log, 'on-rollback');
    throw err;
  }
  await runAll(effects.commit, env.log, 'after-commit');
  if (refusal) throw refusal;
  return result;
}

// SQLite: the transaction's own statements, compiled once (`begin` is IMMEDIATE, as Kysely's is here: `database.ts`)
const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * SQLite: the transaction runs on the one connection itself, without Kysely's transaction machinery (a connection
 * mutex, a dozen promises for BEGIN and COMMIT and for each query), whose CPU cost is many times SQLite's own work.
 * It takes the connection's lock (the one Kysely's driver takes too: `ConnectionLock`), first come first served,
 * then BEGIN IMMEDIATE, the work and COMMIT run straight on the connection (`Database.runNow`); any failure,
 * COMMIT's included, rolls back. The `tx` handed to the work is a Kysely `Transaction` whose queries run at once on
 * the connection; once the transaction has ended it refuses them, as Kysely's does. The answers are the same as
 * Kysely's: the connection and the statement cache are Kysely's, and the only plugin, `DropRowLocks`, changes the
 * query when it is compiled, never its result.
 */
async function inSqliteTransaction<T>(
  runNow: NonNullable<Database['runNow']>,
  sqlite: SqliteConnection,
  log: { error(obj: object, msg: string): void },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const effects: Pending = { commit: [], rollback: [] };
  let refusal: DomainError | undefined;
  let result: T;
  if (!sqlite.lock.tryAcquire()) await sqlite.lock.acquire();
  let state: 'open' | 'committed' | 'rolled back' = 'open';
  try {
    runNow(BEGIN);
  } catch (err) {
    sqlite.lock.release();
    throw err;
  }
  try {
    const tx = directTransaction(sqlite, runNow, () => state);
    pending.set(tx, effects);
    try {
      result = await work(tx);
    } catch (err) {
      if (!(err instanceof DomainError && err.keepWrites)) throw err;
      refusal = err;
      result = undefined as T;
    }
    runNow(COMMIT);
    state = 'committed';
  } catch (err) {
    state = 'rolled back';
    try {
      // a failed COMMIT may have ended the transaction already
      if (sqlite.inTransaction()) runNow(ROLLBACK);
    } finally {
      sqlite.lock.release();
    }
    if (effects.rollback.length) await runAll(effects.rollback, log, 'on-rollback');
    throw err;
  }
  sqlite.lock.release();
  // most calls schedule nothing: no promise for them
  if (effects.commit.length) await runAll(effects.commit, log, 'after-commit');
  if (refusal) throw refusal;
  return result;
}

/** A Kysely `Transaction` whose queries run at once on the SQLite connection while `state()` is open, else are refused. */
function directTransaction(
  sqlite: SqliteConnection,
  runNow: NonNullable<Database['runNow']>,
  state: () => 'open' | 'committed' | 'rolled back',
): Tx {
  const run = (query: CompiledQuery) => {
    const now = state();
    if (now !== 'open') throw new Error(`Transaction is already ${now}`);
    return runNow(query);
  };
  // what an executor derived from this one (a plugin added) runs its queries on, through Kysely's own path
  const connection: DatabaseConnection = {
    executeQuery: (query) => {
      try {
        return Promise.resolve(run(query) as QueryResult<never>);
      } catch (err) {
        return Promise.reject(err);
      }
    },
    streamQuery: () => {
      throw new Error('streaming is not supported in a transaction');
    },
  };
  const executor = sqlite.executor.withConnectionProvider({ provideConnection: (consume) => consume(connection) });
  executor.executeQuery = connection.executeQuery as typeof executor.executeQuery;
  return new Transaction<DB>({ ...sqlite.props, executor });
}

function effectsOf(tx: Tx): Pending {
  const effects = pending.get(tx);
  if (!effects) throw new Error('transaction effects need a transaction opened by inTransaction');
  return effects;
}

/** Schedules `effect` to run after the transaction commits (never if it rolls back). */
export function afterCommit(tx: Tx, effect: Effect): void {
  effectsOf(tx).commit.push(effect);
}

/** Schedules `effect` to undo work outside the database (a written file) if the transaction rolls back. */
export function onRollback(tx: Tx, effect: Effect): void {
  effectsOf(tx).rollback.push(effect);
}

// compiled once: they run around every create call that has a request id
const SAVEPOINT = CompiledQuery.raw('SAVEPOINT work');
const RELEASE = CompiledQuery.raw('RELEASE SAVEPOINT work');
const ROLLBACK_TO = CompiledQuery.raw('ROLLBACK TO SAVEPOINT work');

/**
 * Runs `work` under a savepoint: if it throws, what it wrote and the effects it scheduled are undone, and the
 * caller's transaction stays usable (PostgreSQL refuses every statement after an error otherwise).
 */
export async function withSavepoint<T>(tx: Tx, work: () => Promise<T>): Promise<T> {
  const effects = effectsOf(tx);
  const marks = { commit: effects.commit.length, rollback: effects.rollback.length };
  await tx.executeQuery(SAVEPOINT);
  try {
    const result = await work();
    await tx.executeQuery(RELEASE);
    return result;
  } catch (err) {
    await tx.executeQuery(ROLLBACK_TO);
    await tx.executeQuery(RELEASE);
    effects.commit.length = marks.commit;
    // the undone part's own clean-ups run now; the rest wait for the transaction's end
    const undo = effects.rollback.splice(marks.rollback);
    for (const effect of undo) await Promise.resolve(effect()).catch(() => undefined);
    throw err;
  }
}
