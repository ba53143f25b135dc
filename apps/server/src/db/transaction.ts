import { CompiledQuery, type Kysely } from 'kysely';
import { DomainError } from '../lib/errors.js';
import type { Database } from './database.js';
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
export async function inTransaction<T>(
  env: { database: Database; log: { error(obj: object, msg: string): void } },
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const effects: Pending = { commit: [], rollback: [] };
  let refusal: DomainError | undefined;
  let result: T;
  try {
    const runNow = env.database.runNow;
    result = await env.database.db.transaction().execute(async (tx) => {
      pending.set(tx, effects);
      const direct = runNow ? runDirectly(tx, runNow) : undefined;
      try {
        return await work(tx);
      } catch (err) {
        if (!(err instanceof DomainError && err.keepWrites)) throw err;
        refusal = err;
        return undefined as T;
      } finally {
        direct?.end();
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

/**
 * SQLite: while `work` runs, the transaction's queries run straight on the connection it holds (`Database.runNow`),
 * instead of through Kysely's executor, whose dozen promises per query cost more CPU than SQLite's own work. The
 * answers are the same (the connection and the statement cache are Kysely's); the only plugin, `DropRowLocks`, changes
 * the query when it is compiled, never its result. When the work has ended, queries still sent on `tx` go back to
 * Kysely, which refuses them after the commit or the rollback.
 */
function runDirectly(tx: Tx, runNow: NonNullable<Database['runNow']>): { end(): void } {
  const executor = tx.getExecutor();
  const viaKysely = executor.executeQuery;
  let open = true;
  executor.executeQuery = ((query: CompiledQuery) => {
    if (!open) return viaKysely.call(executor, query);
    try {
      return Promise.resolve(runNow(query));
    } catch (err) {
      return Promise.reject(err);
    }
  }) as typeof executor.executeQuery;
  return {
    end: () => {
      open = false;
    },
  };
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
