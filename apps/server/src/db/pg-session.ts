import type { CompiledQuery, QueryResult } from 'kysely';
import type { QueryResult as PgResult, Pool, PoolClient } from 'pg';
import { type Corkable, type PlainLanes, staleEpoch } from './pg-shared.js';

/** the statements whose answer carries nothing but a possible failure: they travel with the statement after them */
const DEFERRABLE = /^(SAVEPOINT|RELEASE SAVEPOINT) \w+$/i;
/** a query, locking or not: running it alone, outside the transaction (BEGIN having failed), changes nothing */
const SELECT = /^\s*select\b/i;
/**
 * what a plain query cannot do: lock rows, or call a function with an effect that a rollback would undo or that lasts
 * as long as its connection (setting a sequence, an advisory lock, a setting, a notification, a large object). A query
 * without any of these sees the same outside a transaction as in one that has written nothing yet: on READ COMMITTED
 * each statement takes its own snapshot either way. A sequence's next value (`nextval`: a new row's id taken ahead,
 * `reserveId`) is a plain query: no rollback gives it back, in a transaction or not.
 */
const NOT_PLAIN =
  /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b|\b(setval|pg_advisory\w*|set_config|pg_notify|lo_\w+)\s*\(/i;
/**
 * What is known of each SQL text the code runs, for the whole process: the name it is prepared under, and whether it
 * is a plain query (`NOT_PLAIN`). A named statement is parsed and planned by PostgreSQL once per connection, not on
 * every call (the planner and the parser were a quarter of PostgreSQL's CPU under the write benchmarks); the
 * statements the code writes are a few hundred texts, so past a bound the rest run unnamed and are judged anew rather
 * than fill every connection's memory.
 */
interface Statement {
  /** its prepared statement's name; none for a text PostgreSQL does not prepare or past the bound */
  name: string | undefined;
  /** a plain query: it may run before BEGIN */
  plain: boolean;
}
const statements = new Map<string, Statement>();
let named = 0;
const NAMED_AT_MOST = 2000;
/**
 * what the code prepares: a query or a data change, and the transaction's own BEGIN, COMMIT, SAVEPOINT and RELEASE
 * (prepared by the protocol's Parse, which takes any one statement: they then travel chained, `PgSession`); never DDL
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b|^(begin|commit|savepoint \w+|release savepoint \w+)$/i;

/** The name `text` is prepared under on every connection of this process, once it has run; none if it is not. */
export function preparedNameOf(text: string): string | undefined {
  return statements.get(text)?.name;
}

function statementOf(text: string): Statement {
  let statement = statements.get(text);
  if (statement === undefined) {
    const kept = statements.size < NAMED_AT_MOST;
    statement = {
      name: kept && PREPARABLE.test(text) ? `c2c_${++named}` : undefined,
      plain: SELECT.test(text) && !NOT_PLAIN.test(text),
    };
    if (kept) statements.set(text, statement);
  }
  return statement;
}

/**
 * Whether `err` is PostgreSQL refusing a prepared statement whose result's columns changed since it was prepared on
 * the connection ("cached plan must not change result type"): a migration added a column to a table a `select *` or
 * `returning *` reads, under a node that was already running. Every connection of the pool may hold such statements:
 * `staleStatements` has each replaced before its next use, and the transaction runs again (`inTransaction`).
 */
export function isStalePlan(err: unknown): boolean {
  return (
    err instanceof Error &&
    (err as { code?: string }).code === '0A000' &&
    err.message.includes('cached plan must not change result type')
  );
}

/** each client's staleness epoch (`staleEpoch`) when it began preparing statements */
const preparedSince = new WeakMap<PoolClient, number>();

/** A client of `pool` without statements prepared before the schema last changed under them (`staleStatements`). */
export async function connectFresh(pool: Pool): Promise<PoolClient> {
  for (;;) {
    const client = await pool.connect();
    const since = preparedSince.get(client);
    if (since === staleEpoch()) return client;
    if (since === undefined) {
      preparedSince.set(client, staleEpoch());
      return client;
    }
    client.release(new Error('the connection holds prepared statements from before a schema change'));
  }
}

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
const ignore = () => undefined;

function resultOf({ command, rowCount, rows }: PgResult): QueryResult<unknown> {
  return { numAffectedRows: WRITE_COMMANDS.has(command) ? BigInt(rowCount ?? 0) : undefined, rows: rows ?? [] };
}

/**
 * Runs `query` on the shared lanes when it is a plain query (`NOT_PLAIN`), as a transaction's plain queries run before
 * it needs a connection of its own (`PgSession.run`); answers undefined, having sent nothing, when it is not.
 */
export function runIfPlain(lanes: PlainLanes, query: CompiledQuery): Promise<QueryResult<unknown>> | undefined {
  const { sql: text, parameters } = query;
  const { name, plain } = statementOf(text);
  if (!plain) return undefined;
  return lanes.query(text, parameters, name).then(resultOf);
}

/**
 * One transaction on a pooled PostgreSQL client in pipeline mode (`pipeline: true`: a statement is sent at once, not
 * after the one before it is answered), in as few round trips and statements as its statements allow:
 * - BEGIN is sent with the first statement that needs the transaction: plain queries before it (`NOT_PLAIN`: the
 *   caller's session, an idempotency look-up) run on their own, on connections shared with other requests' plain
 *   queries (`PlainLanes`), and the transaction takes a connection of the pool only then; a transaction of plain
 *   queries only (a read call) sends neither BEGIN nor COMMIT and holds no connection of its own. BEGIN travels ahead
 *   of the statements chained behind it (which PostgreSQL skips should BEGIN fail); ahead of one that is not chained
 *   (a statement the code does not prepare, as DDL) it is awaited unless that one is a query.
 * - SAVEPOINT and RELEASE SAVEPOINT are sent without waiting for their answer: they go out with the next statement,
 *   whose caller then hears of their failure before its own result.
 * - COMMIT goes out behind whatever is still unanswered, and counts only when every one of them succeeded and
 *   PostgreSQL answered COMMIT (a transaction that failed answers ROLLBACK to it, without an error).
 * - every query or data change, BEGIN, COMMIT, SAVEPOINT and RELEASE run as named prepared statements (`statementOf`,
 *   `statementRunner`), chained: the statements that leave together end with one Sync, so PostgreSQL answers a round
 *   trip with one ReadyForQuery and one flush of its output, not one per statement (`RunStatement`, `#sync`). After
 *   one that fails, PostgreSQL skips the rest up to that Sync: they fail unrun (`isSkipped`), as the transaction would
 *   have refused them. ROLLBACK goes on its own, after a Sync.
 * - what is sent without waiting is held in the socket and leaves with the next statement awaited, and statements run
 *   together leave together: one write to PostgreSQL per round trip (`#hold`, `#sendSoon`).
 * A failure of any statement reaches the transaction's work as an exception, and the transaction is rolled back.
 * Queries may run concurrently (`Promise.all`): they go out together and are answered in one round trip. Data changes
 * are awaited one at a time.
 */
export class PgSession {
  #unanswered: Promise<unknown>[] = [];
  #begun = false;
  #beginUnanswered = false;
  /** the transaction's own connection, asked for when a statement first needs it (`#connection`) */
  #own: Promise<PoolClient> | undefined;
  #client: PoolClient | undefined;
  #released = false;
  /** the connection's socket holds what was sent without waiting, to leave with the next statement awaited (`#hold`) */
  #held: Corkable | undefined;
  #sendQueued = false;
  /** statements were sent chained since the last Sync (`#run`) */
  #chained = false;
  /** the last Sync sent, answered (`#sync`) */
  #synced: Promise<void> | undefined;
  constructor(
    private readonly pool: Pool,
    private readonly lanes: PlainLanes,
  ) {}

  /** Whether a statement took the transaction's own connection: its plain queries no longer share lanes. */
  get started(): boolean {
    return this.#own !== undefined;
  }

  /** Runs one statement of the transaction (a deferrable one is only sent). */
  async run(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const { sql: text, parameters } = query;
    const deferrable = !parameters.length && DEFERRABLE.test(text);
    const { name, plain } = statementOf(text);
    // until a statement needed the transaction's own connection, its plain queries share lanes with other requests';
    // from then on every statement goes on its own, in the order they were run
    if (plain && !this.#own) return resultOf(await this.lanes.query(text, parameters, name));
    await this.#connection();
    if (deferrable) {
      this.#begin();
      this.#defer(text);
      return { rows: [] };
    }
    if (!this.#begun && !plain) this.#begin();
    // a chained statement behind a BEGIN that failed is skipped (`RunStatement`): only one that is not waits for it
    if (this.#beginUnanswered && name === undefined && !SELECT.test(text)) await this.#answered();
    const sent = this.#run(text, parameters, name);
    // sent once the statements run at the same time as this one (`Promise.all`) were sent too: one write for all
    this.#sendSoon();
    if (this.#unanswered.length) {
      try {
        await this.#answered();
      } catch (err) {
        sent.catch(ignore);
        throw err;
      }
    }
    return resultOf(await sent);
  }

  /**
   * Sends a data change without waiting for its answer: it travels with what comes next (another change sent so, the
   * COMMIT), and its failure is heard there, passed through `mark` (the caller's sign that it was this change's). For
   * `lastly` and `sendChecked`: the change must fail when it is refused, so that the COMMIT sent behind it rolls back.
   */
  async sendLast(query: CompiledQuery, mark: (err: unknown) => unknown): Promise<void> {
    await this.#connection();
    this.#begin();
    const { sql: text, parameters } = query;
    const { name } = statementOf(text);
    if (this.#beginUnanswered && name === undefined) await this.#answered();
    const sent = this.#run(text, parameters, name).catch((err: unknown) => {
      throw mark(err);
    });
    sent.catch(ignore);
    this.#unanswered.push(sent);
  }

  /** Commits: throws unless every statement sent succeeded and the transaction committed (nothing to do if none began). */
  async commit(): Promise<void> {
    if (!this.#begun) return;
    const sent = this.#run('commit', [], statementOf('commit').name);
    this.#send();
    try {
      await this.#answered();
    } catch (err) {
      sent.catch(ignore);
      throw err;
    }
    const { command } = await sent;
    if (command !== 'COMMIT') throw new Error(`the transaction was not committed: PostgreSQL answered ${command}`);
    // answered once the ReadyForQuery behind it has come too: the caches have dropped what the transaction changed
    // (`clientWatchingAuth`) before anyone hears of the commit
    await this.#synced;
  }

  /** Rolls back; answers false when the client could not (its connection is broken: the pool must drop it). */
  async rollback(): Promise<boolean> {
    if (!this.#begun) return true;
    // on its own, after a Sync: a chained ROLLBACK behind a statement that failed would be skipped with it
    this.#sync();
    const sent = this.#live().query('rollback');
    this.#send();
    await this.#answered().catch(ignore);
    try {
      await sent;
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Gives the transaction's own connection back to the pool, if it took one; a broken one (`usable` false) is dropped.
   * One still on its way (the work failed while a statement waited for it) goes back as it comes.
   */
  release(usable: boolean): void {
    this.#send();
    this.#released = true;
    this.#client?.release(usable ? undefined : new Error('the connection failed to roll back'));
    this.#client = undefined;
  }

  /** The transaction's own connection from the pool, asked for once; refused once the transaction has ended. */
  #connection(): Promise<PoolClient> {
    this.#own ??= connectFresh(this.pool).then((client) => {
      if (this.#released) {
        client.release();
        throw new Error('the transaction ended before its connection came');
      }
      this.#client = client;
      return client;
    });
    return this.#own;
  }

  /** The connection, while the transaction holds it: a statement of work that went on after its end is refused. */
  #live(): PoolClient {
    if (!this.#client) throw new Error('the transaction has ended: its connection is back in the pool');
    return this.#client;
  }

  /** Sends BEGIN, once, without waiting for its answer. */
  #begin(): void {
    if (this.#begun) return;
    this.#begun = true;
    this.#beginUnanswered = true;
    this.#defer('begin');
  }

  #defer(text: string): void {
    const sent = this.#run(text, [], statementOf(text).name);
    // its failure is heard by whoever waits for it (`#answered`), never as an unhandled rejection
    sent.catch(ignore);
    this.#unanswered.push(sent);
  }

  /**
   * Sends a statement on the transaction's connection, held (`#hold`): a prepared one chained, without a Sync of its
   * own (the Sync goes once, with what is sent together: `#send`); any other after a Sync, on its own.
   */
  #run(text: string, values: readonly unknown[], name: string | undefined): Promise<PgResult> {
    this.#hold();
    if (name === undefined) {
      this.#sync();
      return this.lanes.run(this.#live(), text, values, undefined);
    }
    this.#chained = true;
    return this.lanes.run(this.#live(), text, values, name, true);
  }

  /** Ends the chained statements sent since the last Sync with one (`RunStatement`). */
  #sync(): void {
    if (!this.#chained) return;
    this.#chained = false;
    this.#hold();
    // a failure before it is heard by the statement that failed and those skipped behind it
    this.#synced = this.lanes.run.sync(this.#live()).catch(ignore);
  }

  /**
   * Holds what is sent from now on in the socket (corked), until a statement whose answer is awaited goes out with it
   * (`#send`): BEGIN and the first statement, a SAVEPOINT and the next one, the change sent last with RELEASE and COMMIT
   * then cost one write to PostgreSQL, not one each (a write to a socket was a third of the node's CPU under the write
   * benchmark).
   */
  #hold(): void {
    if (this.#held) return;
    const held = (this.#live() as unknown as { connection: { stream: Corkable } }).connection.stream;
    held.cork();
    this.#held = held;
  }

  /**
   * Sends what is held once every promise that can go on without waiting has (a `nextTick` queued from a microtask runs
   * after the microtask queue is empty): the statements of a `Promise.all` go out together, however many steps each
   * takes to be sent. Nothing waits for the event loop.
   */
  #sendSoon(): void {
    if (this.#sendQueued) return;
    this.#sendQueued = true;
    process.nextTick(() => {
      this.#sendQueued = false;
      this.#send();
    });
  }

  /** Sends what is held (`#hold`); before anything is awaited, and before the connection goes back to the pool. */
  #send(): void {
    const held = this.#held;
    if (!held) return;
    if (this.#client) this.#sync();
    this.#held = undefined;
    held.uncork();
  }

  /** Waits for the statements sent without waiting; throws the first one's failure. */
  async #answered(): Promise<void> {
    this.#sendSoon();
    const unanswered = this.#unanswered;
    this.#unanswered = [];
    this.#beginUnanswered = false;
    let failure: unknown;
    for (const sent of unanswered) {
      try {
        await sent;
      } catch (err) {
        failure ??= err;
      }
    }
    if (failure !== undefined) throw failure;
  }
}
