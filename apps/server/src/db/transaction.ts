import { CompiledQuery, type DatabaseConnection, type Kysely, type QueryResult, Transaction } from 'kysely';
import { DomainError } from '../lib/errors.js';
import type { Logger } from '../lib/logger.js';
import type { Database, KyselyParts, PgConnections, SqliteConnection } from './database.js';
import { Group, MEMBER, MEMBER_DONE, MEMBER_UNDONE, type Run } from './group-commit.js';
import { commitGroupsOf, GroupFailed, type SentChange } from './pg-commit-groups.js';
import { isStalePlan, PgSession, runIfPlain } from './pg-session.js';
import { staleStatements } from './pg-shared.js';
import { onPostgres } from './prepared.js';
import type { DB } from './schema.js';

/**
 * What services and repositories run queries on: the transaction a route or job opened with `inTransaction`
 * (a Kysely `Transaction` is a `Kysely`). Tests and read-only scripts may pass the database itself.
 */
export type Tx = Kysely<DB>;

/**
 * Where a transaction's lines go: the request's own logger when a route opened it (its lines carry the request's id),
 * the app's for a job or a script.
 */
export type TxLog = Pick<Logger, 'info' | 'warn' | 'error'>;
/** What `inTransaction` needs: the database, and the logger of whoever opened the transaction. */
export interface TxEnv {
  database: Database;
  log: TxLog;
}

type Effect = () => Promise<unknown> | unknown;
interface Pending {
  commit: Effect[];
  rollback: Effect[];
  log: TxLog;
  /**
   * PostgreSQL: sends a change that travels with the COMMIT (`lastly`: `last`, `sendChecked`), its failure passed
   * through `mark`
   */
  sendLast?: (change: CompiledQuery, mark: (err: unknown) => unknown, last: boolean) => Promise<void>;
  /** the error to answer when the change sent last was refused (`lastly`) */
  refusedLast?: (reader: Tx) => Promise<Error>;
  /** PostgreSQL, the transaction's first run: its changes may be sent at once (`sendsAtOnce`) */
  atOnce?: true;
  /** PostgreSQL, sending at once: joins the group of `key` to share its COMMIT, if it still may (`commitsWith`) */
  joinGroup?: (key: string, order: number) => void;
  /** a read-only run (`inReadOnly`): anything but a plain query or `logOf` stops it, and it runs in a transaction */
  reading?: Reading;
}
interface Reading {
  /** it did what needs a transaction (it may have caught the failure it was answered) */
  needed: boolean;
  ended: boolean;
}
/**
 * Where a transaction's `Pending` is kept: on the `Tx` itself. A WeakMap from each transaction to it cost a read call
 * a few percent of its CPU (an ephemeron for the garbage collector per call).
 */
const PENDING = Symbol('the transaction’s effects');
type WithPending = Tx & { [PENDING]?: Pending };
const attach = (tx: Tx, effects: Pending): void => {
  (tx as WithPending)[PENDING] = effects;
};

/** thrown in a read-only run (`inReadOnly`) at what needs a transaction: the run ends, and goes again in one */
class NeedsTransaction extends Error {
  constructor() {
    super('this needs a transaction: a read-only run ends here, and its work runs again in one');
  }
}
const NO_EFFECTS: Effect[] = [];

/**
 * Runs `work`, which reads, as a read call's transaction on PostgreSQL would run it — its plain queries on the shared
 * lanes (`PgSession`: on READ COMMITTED each statement takes its own snapshot, in a transaction or not) — without the
 * transaction's bookkeeping: no `PgSession`, no effects, no commit. A read call on PostgreSQL spent a sixth of its CPU
 * there. The moment `work` does anything else — a data change or a locking read, an after-commit or on-rollback effect,
 * a savepoint, a change sent at once or last — that statement is refused unsent, and `work` runs again, whole, in a
 * transaction (`inTransaction`): so far it has only read. It runs again even when it caught that refusal. On SQLite
 * it runs in a transaction at once (a read there costs no more in one).
 */
export async function inReadOnly<T>(env: TxEnv, work: (tx: Tx) => Promise<T>): Promise<T> {
  const { pg } = env.database;
  if (!pg) return inTransaction(env, work);
  const reading: Reading = { needed: false, ended: false };
  const tx = transactionOn(pg, (query) => {
    if (reading.ended) return Promise.reject(new Error('Transaction is already committed'));
    const answer = runIfPlain(pg.lanes, query);
    if (answer) return answer;
    reading.needed = true;
    return Promise.reject(new NeedsTransaction());
  });
  attach(tx, { commit: NO_EFFECTS, rollback: NO_EFFECTS, log: env.log, reading });
  try {
    const result = await work(tx);
    if (!reading.needed) return result;
  } catch (err) {
    if (!reading.needed) throw err;
  } finally {
    reading.ended = true;
  }
  return inTransaction(env, work);
}

async function runAll(effects: Effect[], log: TxLog, what: string) {
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
 * (`.forUpdate()`); on SQLite every transaction begins IMMEDIATE, holding the single write lock throughout (the
 * transactions of one turn of the event loop share one: `GroupCommit`).
 */
export function inTransaction<T>(env: TxEnv, work: (tx: Tx) => Promise<T>): Promise<T> {
  const { runNow, sqlite, pg } = env.database;
  if (runNow && sqlite) return inSqliteTransaction(runNow, sqlite, env.log, work);
  if (pg) return inPgTransaction(pg, env.database.db, env.log, work);
  throw new Error('inTransaction needs a database opened by openDatabase');
}

type TxState = 'open' | 'committed' | 'rolled back';

/**
 * Runs a transaction's work. A refusal that keeps what was written before it (`DomainError` with `keepWrites`) comes
 * back beside no result, to be thrown once the transaction has committed; any other failure is thrown.
 */
async function attempt<T>(tx: Tx, work: (tx: Tx) => Promise<T>): Promise<{ result: T; refusal?: DomainError }> {
  try {
    return { result: await work(tx) };
  } catch (err) {
    if (err instanceof DomainError && err.keepWrites) return { result: undefined as T, refusal: err };
    throw err;
  }
}

/**
 * PostgreSQL: the transaction runs on a client of the pool itself, taken when a statement first needs the
 * transaction (`PgSession`: its plain queries before that share lanes with other requests', BEGIN only then, BEGIN,
 * SAVEPOINT and RELEASE with the statement after them, every query a named prepared statement), without Kysely's
 * transaction machinery.
 * A client whose ROLLBACK failed (its connection broke) is dropped by the pool, never handed to the next caller. When
 * a prepared statement went stale under a migration (`isStalePlan`), every client that prepared statements before is
 * replaced before its next use, and the transaction, rolled back, runs once more: a rolling deploy's old nodes keep
 * answering.
 */
async function inPgTransaction<T>(pg: PgConnections, reader: Tx, log: TxLog, work: (tx: Tx) => Promise<T>): Promise<T> {
  // each way of running again, once: the careful way after a change sent at once failed (`sendChecked`), once more
  // after a failure marked so (`runAgain`), after a stale prepared statement, and after a deadlock PostgreSQL broke by
  // failing this transaction
  let atOnce = true;
  let grouped = true;
  let again = true;
  let stale = true;
  let deadlock = true;
  for (;;) {
    try {
      return await pgTransactionOnce(pg, reader, log, work, atOnce, grouped);
    } catch (err) {
      // its group's transaction failed: it runs again on its own, at once, where its own failure shows as itself
      if (grouped && err instanceof GroupFailed) {
        grouped = false;
      } else if (atOnce && isMarked(err, CHECKED)) {
        atOnce = false;
      } else if (again && isMarked(err, RUN_AGAIN)) {
        again = false;
      } else if (deadlock && isDeadlock(err)) {
        // PostgreSQL broke a lock cycle by failing this transaction: nothing of it was kept; the other has gone on
        deadlock = false;
        log.warn({ err }, 'the transaction was chosen to break a deadlock: running it again');
      } else if (stale && isStalePlan(err)) {
        stale = false;
        staleStatements();
        log.warn({ err }, 'a prepared statement went stale (the schema changed): running the transaction again');
      } else {
        throw err;
      }
    }
  }
}

/** PostgreSQL's deadlock_detected: the transaction was failed to break a cycle of lock waits, rolled back whole. */
const isDeadlock = (err: unknown): boolean => err instanceof Error && (err as { code?: string }).code === '40P01';

/** Marks `err` with `sign` (a failure of a kind the transaction's runner acts on) and answers it. */
function marked(err: unknown, sign: symbol): unknown {
  if (err instanceof Error) (err as Error & Record<symbol, true>)[sign] = true;
  return err;
}
const isMarked = (err: unknown, sign: symbol): boolean =>
  err instanceof Error && (err as Error & Record<symbol, true | undefined>)[sign] === true;

const RUN_AGAIN = Symbol('the transaction it ended runs once more');
/** the failure of a change sent at once (`sendChecked`): the transaction runs again, the careful way */
const CHECKED = Symbol('the failure of a change sent at once');
/** the failure of the change sent last (`lastly`) */
const LAST = Symbol('the failure of the change sent last');

/**
 * Marks `err`, a failure that ended a PostgreSQL transaction, as one after which the transaction runs once more from
 * the start of its work (its writes and effects undone): what the work reads first then tells it what happened — a
 * create call that lost its request id's race to a committed duplicate finds the winner (`oncePerRequest`). Thrown
 * again by the second run, it is answered as itself.
 */
export function runAgain(err: unknown): unknown {
  return marked(err, RUN_AGAIN);
}

async function pgTransactionOnce<T>(
  pg: PgConnections,
  reader: Tx,
  log: TxLog,
  work: (tx: Tx) => Promise<T>,
  atOnce: boolean,
  grouped: boolean,
): Promise<T> {
  const effects: Pending = { commit: [], rollback: [], log, ...(atOnce ? { atOnce } : {}) };
  let refusal: DomainError | undefined;
  let result: T;
  const session = new PgSession(pg.pool, pg.lanes);
  let state: TxState = 'open';
  /** the group whose COMMIT it shares (`commitsWith`), and what it sent at once meanwhile, in order */
  let group: { key: string; order: number; sent: (SentChange & { last: boolean })[] } | undefined;
  /** any other statement: the changes kept for the group go on the transaction's own connection first, in order */
  const goAlone = () => {
    const kept = group!.sent;
    group = undefined;
    for (const { change, mark } of kept) session.sendLast(change, mark).catch(() => undefined);
  };
  try {
    const tx = transactionOn(pg, (query) => {
      if (state !== 'open') return Promise.reject(new Error(`Transaction is already ${state}`));
      if (group) goAlone();
      return session.run(query);
    });
    attach(tx, effects);
    effects.sendLast = (change, mark, last) => {
      if (state !== 'open') return Promise.reject(new Error(`Transaction is already ${state}`));
      if (group) {
        group.sent.push({ change, mark, last });
        return Promise.resolve();
      }
      return session.sendLast(change, mark);
    };
    if (atOnce && grouped) {
      effects.joinGroup = (key, order) => {
        if (!group && !session.started) group = { key, order, sent: [] };
      };
    }
    ({ result, refusal } = await attempt(tx, work));
    state = 'committed';
    if (group?.sent.length) {
      const { key, order, sent } = group;
      await commitGroupsOf(pg.pool, pg.lanes).commit(key, {
        order,
        checked: sent.filter((c) => !c.last),
        last: sent.filter((c) => c.last),
      });
    } else {
      await session.commit();
    }
  } catch (err) {
    state = 'rolled back';
    session.release(await session.rollback());
    await runAll(effects.rollback, log, 'on-rollback');
    // the change sent with the COMMIT was refused: why is read now, the transaction having ended
    if (effects.refusedLast && isMarked(err, LAST) && (err as { code?: string }).code === REFUSED_LAST) {
      throw await effects.refusedLast(reader);
    }
    throw err;
  }
  session.release(true);
  if (effects.commit.length) await runAll(effects.commit, log, 'after-commit');
  if (refusal) throw refusal;
  return result;
}

/**
 * SQLite: the transaction runs on the one connection itself, without Kysely's transaction machinery (a connection
 * mutex, a dozen promises for BEGIN and COMMIT and for each query), whose CPU cost is many times SQLite's own work,
 * as a member of a group commit (`GroupCommit`): its turn, its savepoint in the group's transaction, its work; a
 * failure rolls back its savepoint only. The `tx` handed to the work is a Kysely `Transaction` whose queries run at
 * once on the connection; once the member's part has ended it refuses them, as Kysely's does. The answers are the
 * same as Kysely's: the connection and the statement cache are Kysely's, and the only plugin, `DropRowLocks`,
 * changes the query when it is compiled, never its result.
 */
async function inSqliteTransaction<T>(
  runNow: Run,
  sqlite: SqliteConnection,
  log: TxLog,
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const commits = sqlite.commits;
  const effects: Pending = { commit: [], rollback: [], log };
  let refusal: DomainError | undefined;
  let result: T;
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
  let state: TxState = 'open';
  try {
    const tx = directTransaction(sqlite, runNow, () => state);
    attach(tx, effects);
    ({ result, refusal } = await attempt(tx, work));
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
    if (effects.rollback.length) await runAll(effects.rollback, log, 'on-rollback');
    throw err;
  }
  commits.turn.release();
  try {
    await group.committed;
  } catch (err) {
    state = 'rolled back';
    if (effects.rollback.length) await runAll(effects.rollback, log, 'on-rollback');
    throw err;
  }
  // most calls schedule nothing: no promise for them
  if (effects.commit.length) await runAll(effects.commit, log, 'after-commit');
  if (refusal) throw refusal;
  return result;
}

/** A Kysely `Transaction` whose queries run at once on the SQLite connection while `state()` is open, else are refused. */
function directTransaction(sqlite: SqliteConnection, runNow: Run, state: () => TxState): Tx {
  return transactionOn(sqlite, (query) => {
    const now = state();
    if (now !== 'open') return Promise.reject(new Error(`Transaction is already ${now}`));
    try {
      return Promise.resolve(runNow(query));
    } catch (err) {
      return Promise.reject(err);
    }
  });
}

/**
 * A Kysely `Transaction` whose every query `run` runs: straight from the executor (no connection provider, no
 * plugin's transformResult: the only plugin, SQLite's `DropRowLocks`, changes a query when it is compiled, never its
 * result), and through Kysely's own path for an executor derived from it (a plugin added).
 */
function transactionOn(parts: KyselyParts, run: (query: CompiledQuery) => Promise<QueryResult<unknown>>): Tx {
  const connection: DatabaseConnection = {
    executeQuery: run as DatabaseConnection['executeQuery'],
    streamQuery: () => {
      throw new Error('streaming is not supported in a transaction');
    },
  };
  const executor = parts.executor.withConnectionProvider({ provideConnection: (consume) => consume(connection) });
  executor.executeQuery = connection.executeQuery as typeof executor.executeQuery;
  return new Transaction<DB>({ ...parts.props, executor });
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
 * line carries the request's id (no AsyncLocalStorage: its promise hooks cost every request 7–10 % of its CPU).
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

/** what a change run by `lastly` raises on PostgreSQL when it is refused: division_by_zero (`refusedWhenNone`) */
const REFUSED_LAST = '22012';

/**
 * Runs `change`, a data change guarded by its own conditions, as the transaction's last statement, and refuses the
 * transaction with the error `refused` answers when the change was refused. `refused` reads why with `reader`.
 *
 * On PostgreSQL the change is sent without waiting for its answer and travels with the RELEASE and the COMMIT: the row
 * it locks is held for the COMMIT alone, not for a round trip to this process and back — a row every call changes
 * (the offer every sale reserves from) then lets the next caller in at the pace of the database, not of this busy
 * process. The change must therefore fail when it is refused (`refusedWhenNone`), so that the COMMIT behind it rolls
 * back; `refused` runs after the rollback, outside the transaction. On SQLite the change runs at once; it answers the
 * rows it changed, and none means refused.
 */
export async function lastly(tx: Tx, change: CompiledQuery, refused: (reader: Tx) => Promise<Error>): Promise<void> {
  const effects = effectsOf(tx);
  if (effects.refusedLast) throw new Error('a transaction has one change sent last');
  if (effects.sendLast) {
    effects.refusedLast = refused;
    await effects.sendLast(change, (err) => marked(err, LAST), true);
    return;
  }
  const { rows } = await tx.executeQuery(change);
  if (!rows.length) throw await refused(tx);
}

/**
 * Whether the transaction may send its changes at once, each checking its own conditions (`sendChecked`), instead of
 * reading what decides them first: on PostgreSQL, in the transaction's first run. A create call then costs one round
 * trip to the database — BEGIN, its changes and the COMMIT leave in one write and are answered together — where reading
 * first, deciding here, then writing costs three. When a change sent so is refused, the transaction is rolled back and
 * runs again with this false: the careful way, which reads, decides and says why (or goes through, should what refused
 * the change have changed meanwhile). On SQLite never: its statements answer at once, and reading first costs nothing.
 */
export function sendsAtOnce(tx: Tx): boolean {
  return effectsOf(tx).atOnce === true;
}

/**
 * Sends `change` without waiting for its answer, in a transaction that `sendsAtOnce`: it travels with the changes sent
 * after it and the COMMIT. It must check every condition the careful way checks before it makes the same change, and
 * fail when one does not hold (`refusedWhenNone`): PostgreSQL then skips what was sent behind it, the COMMIT rolls
 * back, and the transaction runs again the careful way (`inPgTransaction`). Any failure of it does so — a unique
 * violation too, which the careful way answers as it does (`oncePerRequest`). The changes are applied in the order
 * sent, so they lock rows in that order, as the careful way does.
 */
export async function sendChecked(tx: Tx, change: CompiledQuery): Promise<void> {
  const effects = effectsOf(tx);
  if (!effects.atOnce || !effects.sendLast) throw new Error('sendChecked needs a transaction that sends at once (sendsAtOnce)');
  await effects.sendLast(change, (err) => marked(err, CHECKED), false);
}

/**
 * In a transaction that sends at once (`sendsAtOnce`), before its first change: it may share its COMMIT with the other
 * transactions of `key` that are ready at the same time (`PgCommitGroups`): for the create calls that all change one
 * row (`merchant:12`, the offer every sale to it reserves from), which would otherwise pass that row's lock on one
 * COMMIT at a time. `order` is the place it takes among them — the customer whose rows its changes lock, so that every
 * group locks rows in one order. Its work must then send changes only (`sendChecked`, `lastly`): a statement of any
 * other kind sends what it kept on its own connection, and it commits alone. When a group fails, the member whose change
 * failed runs again on its own and the others go on in a group without it, once (`PgCommitGroups`). Nothing on SQLite (its transactions share one already, `GroupCommit`), in a run again,
 * or after a statement has taken the transaction's connection.
 */
export function commitsWith(tx: Tx, key: string, order: number): void {
  effectsOf(tx).joinGroup?.(key, order);
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

/**
 * Runs steps of a transaction's work that need nothing of each other's answers (a step may fail, and its failure
 * refuses the whole). On PostgreSQL each is started without waiting for the one before: their statements go out in
 * the order given, together — one round trip, not one each — provided every step but the last sends its only
 * statement, or all of them, before it waits for an answer. On SQLite, whose statements answer at once, they run one
 * after another. Answers their results; when any failed, throws the failure of the first that failed in the order
 * given, not of the first to be heard of: the answer is the one running them one at a time would give (after a failed
 * statement PostgreSQL refuses the rest).
 */
export async function together<const T extends readonly (() => Promise<unknown>)[]>(
  tx: Tx,
  steps: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!onPostgres(tx)) {
    const results: unknown[] = [];
    for (const step of steps) results.push(await step());
    return results as Results;
  }
  // a step that throws before it returns its promise is a failure in its place, not a throw that leaves the steps
  // started before it unwatched
  const settled = await Promise.allSettled(
    steps.map((step) => {
      try {
        return step();
      } catch (err) {
        return Promise.reject(err);
      }
    }),
  );
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<unknown>).value) as Results;
}
