import { CompiledQuery, type DatabaseConnection, type Kysely, type QueryResult, Transaction } from 'kysely';
import { DomainError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { KyselyParts } from './kysely-parts.js';
import type { DB } from './schema.js';

declare const inTransactionBrand: unique symbol;
/**
 * What services and repositories run queries on: the transaction a route or job opened with `inTransaction` (a
 * Kysely `Transaction`). The bare database is a `Kysely<DB>` but not a `Tx`: work that must run inside a transaction
 * cannot be handed the pool.
 */
export type Tx = Kysely<DB> & { readonly [inTransactionBrand]: true };

/**
 * Where a transaction's lines go: the request's own logger when a route opened it (its lines carry the request's id),
 * the app's for a job or a script.
 */
export type TxLog = Pick<Logger, 'info' | 'warn' | 'error'>;

type Effect = () => Promise<unknown> | unknown;
export interface Pending {
  commit: Effect[];
  rollback: Effect[];
  log: TxLog;
  /** a read-only run (`inReadOnly`): anything but a plain read stops it, and it runs again in a transaction */
  reading?: Reading;
  /** the transaction may only roll back (`rollBackOnly`): its COMMIT fails with this */
  doomed?: Error;
}
export interface Reading {
  /** it did what needs a transaction (it may have caught the failure it was answered) */
  needed: boolean;
  ended: boolean;
}

/** Where a transaction's `Pending` is kept: on the `Tx` itself (a WeakMap costs every call an ephemeron). */
const PENDING = Symbol('the transaction’s effects');
type WithPending = Kysely<DB> & { [PENDING]?: Pending };
export const attach = (tx: Tx, effects: Pending): void => {
  (tx as WithPending)[PENDING] = effects;
};

/** Thrown in a read-only run (`inReadOnly`) at what needs a transaction: the run ends, and goes again in one. */
export class NeedsTransaction extends Error {
  constructor() {
    super('this needs a transaction: a read-only run ends here, and its work runs again in one');
  }
}

/**
 * Ends a transaction so that it runs once more from the start of its work (its writes and effects undone): what the
 * work reads first then tells it what happened — a create call that lost its request id's race to a committed
 * duplicate finds the winner (`oncePerRequest`). Thrown again by the second run, its cause is answered.
 */
export class RunAgain extends Error {
  constructor(override readonly cause: unknown) {
    super('the transaction runs once more', { cause });
  }
}

export type TxState = 'open' | 'committed' | 'rolled back';

export async function runAll(effects: Effect[], log: TxLog, what: string): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (err) {
      log.error({ err }, `${what} effect failed`);
    }
  }
}

/**
 * Runs a transaction's work. A refusal that keeps what was written before it (`DomainError` with `keepWrites`) comes
 * back beside no result, to be thrown once the transaction has committed; any other failure is thrown, and so is the
 * failure the transaction was marked with (`rollBackOnly`): then it must not commit.
 */
export async function attempt<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<{ result: T; refusal?: DomainError }> {
  let outcome: { result: T; refusal?: DomainError };
  try {
    outcome = { result: await work(tx) };
  } catch (err) {
    if (!(err instanceof DomainError && err.keepWrites)) throw err;
    outcome = { result: undefined as T, refusal: err };
  }
  const { doomed } = pendingOf(tx);
  if (doomed) throw doomed;
  return outcome;
}

/**
 * Runs a transaction (`once`) and, when it ended with `RunAgain`, once more; ended so a second time, it answers the
 * cause.
 */
export async function withRunAgain<T>(once: () => Promise<T>): Promise<T> {
  try {
    return await once();
  } catch (err) {
    if (!(err instanceof RunAgain)) throw err;
  }
  try {
    return await once();
  } catch (err) {
    throw err instanceof RunAgain ? err.cause : err;
  }
}

/**
 * Marks the transaction as one that may only roll back, failing with `err` should its work go on to commit: what it
 * wrote so far is not whole (a journal refused after some of its legs were written). A savepoint rolled back to
 * before the mark lifts it (`withSavepoint`).
 */
export function rollBackOnly(tx: Tx, err: Error): void {
  const effects = pendingOf(tx);
  effects.doomed ??= err;
}

/** Runs the effects due once the transaction has committed, then answers its result or the refusal it kept. */
export async function settle<T>(effects: Pending, result: T, refusal: DomainError | undefined): Promise<T> {
  // most calls schedule nothing: no promise for them
  if (effects.commit.length) await runAll(effects.commit, effects.log, 'after-commit');
  if (refusal) throw refusal;
  return result;
}

/**
 * A Kysely `Transaction` whose every query `run` runs: straight from the executor (no connection provider, no
 * plugin's transformResult: the only plugin, SQLite's `DropRowLocks`, changes a query when it is compiled, never its
 * result), and through Kysely's own path for an executor derived from it (a plugin added).
 */
export function transactionOn(parts: KyselyParts, run: (query: CompiledQuery) => Promise<QueryResult<unknown>>): Tx {
  const connection: DatabaseConnection = {
    executeQuery: run as DatabaseConnection['executeQuery'],
    streamQuery: () => {
      throw new Error('streaming is not supported in a transaction');
    },
  };
  const executor = parts.executor.withConnectionProvider({ provideConnection: (consume) => consume(connection) });
  executor.executeQuery = connection.executeQuery as typeof executor.executeQuery;
  return new Transaction<DB>({ ...parts.props, executor }) as unknown as Tx;
}

/** The effects of the transaction `tx` is; in a read-only run (`inReadOnly`), none: it needs a transaction. */
function effectsOf(tx: Tx): Pending {
  const effects = pendingOf(tx);
  if (effects.reading) {
    effects.reading.needed = true;
    throw new NeedsTransaction();
  }
  return effects;
}

function pendingOf(tx: Tx): Pending {
  const effects = (tx as WithPending)[PENDING];
  if (!effects) throw new Error('transaction effects need a transaction opened by inTransaction');
  return effects;
}

/**
 * The logger of whoever opened the transaction: a route's transaction logs with the request's logger, so a service's
 * line carries the request's id (no AsyncLocalStorage: its promise hooks cost every request CPU).
 */
export function logOf(tx: Tx): TxLog {
  return pendingOf(tx).log;
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
  const marks = { commit: effects.commit.length, rollback: effects.rollback.length, doomed: effects.doomed };
  await tx.executeQuery(SAVEPOINT);
  try {
    const result = await work();
    await tx.executeQuery(RELEASE);
    return result;
  } catch (err) {
    await tx.executeQuery(ROLLBACK_TO);
    await tx.executeQuery(RELEASE);
    effects.commit.length = marks.commit;
    effects.doomed = marks.doomed;
    // the undone part's own clean-ups run now; the rest wait for the transaction's end
    const undo = effects.rollback.splice(marks.rollback);
    for (const effect of undo) await Promise.resolve(effect()).catch(() => undefined);
    throw err;
  }
}
