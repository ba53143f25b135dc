import type { Database } from './database.js';
import { inPgReadOnly, inPgTransaction } from './pg-transaction.js';
import { inSqliteTransaction } from './sqlite-transaction.js';
import type { Tx, TxLog } from './tx.js';

export { afterCommit, logOf, onRollback, rollBackOnly, type Tx, type TxLog, withSavepoint } from './tx.js';

/** What `inTransaction` needs: the database, and the logger of whoever opened the transaction. */
export interface TxEnv {
  database: Database;
  log: TxLog;
}

/**
 * Runs `work` in one transaction and, once it has committed, its after-commit effects (live events, mails) in
 * the order they were added. A rollback drops them: nobody is told about a change that did not happen. An
 * effect that fails is logged and never undoes the committed change or fails the call. A `DomainError` with
 * `keepWrites` commits what was written before it and is thrown after the commit.
 *
 * On PostgreSQL the transaction is READ COMMITTED: a read that decides a write locks its rows (`.forUpdate()`); on
 * SQLite every transaction begins IMMEDIATE, holding the single write lock throughout (the transactions of one turn
 * of the event loop share one: `GroupCommit`).
 */
export function inTransaction<T>(env: TxEnv, work: (tx: Tx) => Promise<T>): Promise<T> {
  const { runNow, sqlite, pg } = env.database;
  if (runNow && sqlite) return inSqliteTransaction(runNow, sqlite, env.log, work);
  if (pg) return inPgTransaction(pg, env.log, work);
  throw new Error('inTransaction needs a database opened by openDatabase');
}

/**
 * Runs `work`, which reads, as `inTransaction` would, but on PostgreSQL without a transaction while it only reads
 * (`inPgReadOnly`): at its first write or effect it runs again, whole, in one. On SQLite it runs in a transaction
 * at once (a read there costs no more in one).
 */
export function inReadOnly<T>(env: TxEnv, work: (tx: Tx) => Promise<T>): Promise<T> {
  const { pg } = env.database;
  return pg ? inPgReadOnly(pg, env.log, work) : inTransaction(env, work);
}
