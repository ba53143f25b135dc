import type { SqliteConnection } from './database.js';
import { Group, MEMBER, MEMBER_DONE, MEMBER_UNDONE, type Run } from './group-commit.js';
import * as core from './tx.js';

/**
 * SQLite: the transaction runs on the one connection itself, without Kysely's transaction machinery (a connection
 * mutex, a dozen promises for BEGIN and COMMIT and for each query), as a member of a group commit (`GroupCommit`): its
 * turn, its savepoint in the group's transaction, its work; a failure rolls back its savepoint only. The `tx` handed
 * to the work is a Kysely `Transaction` whose queries run at once on the connection; once the member's part has ended
 * it refuses them, as Kysely's does.
 */
export async function inSqliteTransaction<T>(
  runNow: Run,
  sqlite: SqliteConnection,
  log: core.TxLog,
  work: (tx: core.Tx) => Promise<T>,
): Promise<T> {
  return core.withRunAgain(() => sqliteTransactionOnce(runNow, sqlite, log, work));
}

async function sqliteTransactionOnce<T>(
  runNow: Run,
  sqlite: SqliteConnection,
  log: core.TxLog,
  work: (tx: core.Tx) => Promise<T>,
): Promise<T> {
  const commits = sqlite.commits;
  const effects: core.Pending = { commit: [], rollback: [], log };
  if (!commits.turn.tryAcquire()) await commits.turn.acquire();
  let group: Group;
  try {
    const joined = commits.join(runNow);
    group = joined instanceof Group ? joined : await joined;
    runNow(MEMBER);
  } catch (err) {
    commits.turn.release();
    throw err;
  }
  let state: core.TxState = 'open';
  let outcome: Awaited<ReturnType<typeof core.attempt<T>>>;
  try {
    const tx = core.transactionOn(sqlite, (query) => {
      if (state !== 'open') return Promise.reject(new Error(`Transaction is already ${state}`));
      try {
        return Promise.resolve(runNow(query));
      } catch (err) {
        return Promise.reject(err);
      }
    });
    core.attach(tx, effects);
    outcome = await core.attempt(tx, work);
    runNow(MEMBER_DONE);
    state = 'committed';
  } catch (err) {
    state = 'rolled back';
    let undone = false;
    if (sqlite.inTransaction()) {
      try {
        runNow(MEMBER_UNDONE);
        runNow(MEMBER_DONE);
        undone = true;
      } catch {
        // the savepoint could not be rolled back: the group's transaction goes as a whole (the member's own failure is
        // the cause its caller hears of)
        commits.abandon(runNow);
      }
    }
    if (!undone) commits.lost(group, err);
    commits.turn.release();
    if (effects.rollback.length) await core.runAll(effects.rollback, log, 'on-rollback');
    throw err;
  }
  commits.turn.release();
  try {
    await group.committed;
  } catch (err) {
    if (effects.rollback.length) await core.runAll(effects.rollback, log, 'on-rollback');
    throw err;
  }
  return core.settle(effects, outcome.result, outcome.refusal);
}
