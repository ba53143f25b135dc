import { type CompiledQuery, type QueryResult, SelectQueryNode } from 'kysely';
import type { QueryResult as PgResult, Pool, PoolClient } from 'pg';
import { ChangeWatch } from './auth-cache.js';
import type { PgConnections } from './database.js';
import type { SharedReaders } from './pg-readers.js';
import {
  attach,
  attempt,
  NeedsTransaction,
  type Pending,
  type Reading,
  runAll,
  settle,
  type Tx,
  type TxLog,
  type TxState,
  transactionOn,
  withRunAgain,
} from './tx.js';

/**
 * The name each SQL text the code runs is prepared under, for the whole process: pg prepares a named statement once
 * per connection, so PostgreSQL parses and plans it once there, not on every call. Only the queries and data changes
 * Kysely builds are named (one statement each); past a bound the rest run unnamed rather than fill every connection's
 * memory.
 */
const names = new Map<string, string>();
const NAMED_AT_MOST = 2000;
const NAMED_KINDS = new Set(['SelectQueryNode', 'InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode']);

function nameOf(query: CompiledQuery): string | undefined {
  let name = names.get(query.sql);
  if (name === undefined && names.size < NAMED_AT_MOST && NAMED_KINDS.has(query.query.kind)) {
    name = `c2c_${names.size + 1}`;
    names.set(query.sql, name);
  }
  return name;
}

/** a statement of a transaction leaves it open: only its COMMIT or ROLLBACK end it (`ChangeWatch.ended`) */
const stillOpen = () => true;

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** Runs `query` on `on` (a client of the pool, or the shared readers) as Kysely's own PostgreSQL driver answers it. */
async function run(on: Pick<PoolClient, 'query'> | SharedReaders, query: CompiledQuery): Promise<QueryResult<unknown>> {
  const { command, rowCount, rows }: PgResult = await on.query({
    name: nameOf(query),
    text: query.sql,
    values: query.parameters as unknown[],
  });
  return { numAffectedRows: WRITE_COMMANDS.has(command) ? BigInt(rowCount ?? 0) : undefined, rows: rows ?? [] };
}

/** how many times a prepared statement was found stale (`isStalePlan`): the schema changed under a running node */
let staleEpoch = 0;
/** Connections that prepared statements before the latest stale one are replaced (`SharedReaders` too). */
export const preparedEpoch = (): number => staleEpoch;
/** each client's staleness epoch when it began preparing statements */
const preparedSince = new WeakMap<PoolClient, number>();

/**
 * Whether `err` is PostgreSQL refusing a prepared statement whose result's columns changed since it was prepared on
 * the connection: a migration added a column to a table a `select *` reads, under a node that was already running.
 */
function isStalePlan(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err as { code?: string }).code === '0A000' &&
    err.message.includes('cached plan must not change result type')
  );
}

/** A client of `pool` without statements prepared before the schema last changed under them. */
async function connectFresh(pool: Pool): Promise<PoolClient> {
  for (;;) {
    const client = await pool.connect();
    const since = preparedSince.get(client);
    if (since === staleEpoch) return client;
    if (since === undefined) {
      preparedSince.set(client, staleEpoch);
      return client;
    }
    client.release(new Error('the connection holds prepared statements from before a schema change'));
  }
}

/** PostgreSQL's deadlock_detected: the transaction was failed to break a cycle of lock waits, rolled back whole. */
const isDeadlock = (err: unknown): boolean => err instanceof Error && (err as { code?: string }).code === '40P01';

/**
 * PostgreSQL: the transaction runs on a client of the pool, READ COMMITTED, without Kysely's transaction machinery.
 * It runs once more, from the start of its work, after a failure it was ended with to do so (`RunAgain`), after a
 * deadlock PostgreSQL broke by failing it, and after a stale prepared statement (every client that prepared
 * statements before is replaced before its next use: a rolling deploy's old nodes keep answering).
 */
export async function inPgTransaction<T>(pg: PgConnections, log: TxLog, work: (tx: Tx) => Promise<T>): Promise<T> {
  let stale = true;
  let deadlock = true;
  for (;;) {
    try {
      return await withRunAgain(() => pgTransactionOnce(pg, log, work));
    } catch (err) {
      if (deadlock && isDeadlock(err)) {
        deadlock = false;
        log.warn({ err }, 'the transaction was chosen to break a deadlock: running it again');
      } else if (stale && isStalePlan(err)) {
        stale = false;
        staleEpoch++;
        log.warn({ err }, 'a prepared statement went stale (the schema changed): running the transaction again');
      } else {
        throw err;
      }
    }
  }
}

async function pgTransactionOnce<T>(pg: PgConnections, log: TxLog, work: (tx: Tx) => Promise<T>): Promise<T> {
  const effects: Pending = { commit: [], rollback: [], log };
  // what a customer, session or settings change makes the caches drop, before the caller is answered
  const watch = new ChangeWatch(pg.changed);
  const client = await connectFresh(pg.pool);
  let state: TxState = 'open';
  let outcome: Awaited<ReturnType<typeof attempt<T>>>;
  // the client is in pipeline mode: BEGIN is sent now and answered with the first query when that one only reads (a
  // read run outside the transaction, should BEGIN fail, changes nothing); before any other, it is awaited first
  let begun: Promise<unknown> | undefined = client.query('BEGIN');
  // heard by whoever awaits it; a transaction that ends before its first query need not
  begun.catch(() => undefined);
  const runFirstWithBegin = async (query: CompiledQuery) => {
    if (!begun) return run(client, query);
    const begin = begun;
    begun = undefined;
    if (!SelectQueryNode.is(query.query)) await begin;
    const [, answer] = await Promise.all([begin, run(client, query)]);
    return answer;
  };
  try {
    const tx = transactionOn(pg, async (query) => {
      if (state !== 'open') throw new Error(`Transaction is already ${state}`);
      return watch.around(query, () => runFirstWithBegin(query), stillOpen);
    });
    attach(tx, effects);
    outcome = await attempt(tx, work);
    state = 'committed';
    if (begun) await begun;
    // a transaction in which a statement failed answers its COMMIT with ROLLBACK, not an error: the work went on
    // after a failure it caught, and nothing of it was kept
    const done = await client.query('COMMIT').finally(() => watch.ended());
    if (done.command === 'ROLLBACK') throw new Error('the transaction was rolled back: a statement in it failed');
  } catch (err) {
    state = 'rolled back';
    // a client whose ROLLBACK failed (its connection broke) is dropped by the pool, never handed to the next caller
    const clean = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    );
    watch.ended();
    client.release(clean ? undefined : (err as Error));
    await runAll(effects.rollback, log, 'on-rollback');
    throw err;
  }
  client.release();
  return settle(effects, outcome.result, outcome.refusal);
}

/** the lock clauses of a SELECT: such a read needs the transaction */
const LOCKS = new Set(['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare', 'NoWait', 'SkipLocked']);

/**
 * Whether `query` is a plain read: a SELECT that Kysely built, without a lock clause. On READ COMMITTED each statement
 * takes its own snapshot, in a transaction or not, so it reads the same outside one. Raw SQL is never judged plain.
 */
function isPlainRead(query: CompiledQuery): boolean {
  const node = query.query;
  return SelectQueryNode.is(node) && !node.endModifiers?.some((m) => m.modifier !== undefined && LOCKS.has(m.modifier));
}

/**
 * Runs `work`, which reads, without a transaction: each plain read (`isPlainRead`) on the connections every request's
 * reads share (`SharedReaders`), no BEGIN, no COMMIT, no client held. The moment `work` does anything else — a data change, a locking read, raw SQL,
 * an effect, a savepoint — that is refused unsent, and `work` runs again, whole, in a transaction: so far it has only
 * read. It runs again even when it caught that refusal.
 */
export async function inPgReadOnly<T>(pg: PgConnections, log: TxLog, work: (tx: Tx) => Promise<T>): Promise<T> {
  const reading: Reading = { needed: false, ended: false };
  const tx = transactionOn(pg, (query) => {
    if (reading.ended) return Promise.reject(new Error('Transaction is already committed'));
    if (isPlainRead(query)) return run(pg.readers, query);
    reading.needed = true;
    return Promise.reject(new NeedsTransaction());
  });
  attach(tx, { commit: [], rollback: [], log, reading });
  try {
    const result = await work(tx);
    if (!reading.needed) return result;
  } catch (err) {
    // a stale prepared statement: the transaction below runs on connections prepared anew
    if (isStalePlan(err)) staleEpoch++;
    else if (!reading.needed) throw err;
  } finally {
    reading.ended = true;
  }
  return inPgTransaction(pg, log, work);
}
