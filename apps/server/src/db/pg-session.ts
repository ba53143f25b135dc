import type { CompiledQuery, QueryResult } from 'kysely';
import type { QueryResult as PgResult, PoolClient } from 'pg';

/**
 * Names of prepared statements, by their SQL text, for the whole process. A named statement is parsed and planned by
 * PostgreSQL once per connection, not on every call (the planner and the parser were a quarter of PostgreSQL's CPU
 * under the write benchmarks); the statements the code writes are a few hundred texts, so past a bound the rest run
 * unnamed rather than fill every connection's memory.
 */
const names = new Map<string, string>();
const NAMED_AT_MOST = 2000;
/** what PostgreSQL prepares: a query or a data change, never a utility statement (BEGIN, SAVEPOINT, DDL) */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_AT_MOST && PREPARABLE.test(text)) {
    name = `c2c_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** the statements whose answer carries nothing but a possible failure: they travel with the statement after them */
const DEFERRABLE = /^(SAVEPOINT|RELEASE SAVEPOINT) \w+$/i;
/** a query, locking or not: running it alone, outside the transaction (BEGIN having failed), changes nothing */
const SELECT = /^\s*select\b/i;
/**
 * what a plain query cannot do: lock rows, or call a function with an effect (a sequence, an advisory lock, a setting,
 * a notification, a large object). A query without any of these sees the same outside a transaction as in one that
 * has written nothing yet: on READ COMMITTED each statement takes its own snapshot either way.
 */
const NOT_PLAIN =
  /\bfor\s+(update|no\s+key\s+update|share|key\s+share)\b|\b(nextval|setval|pg_advisory\w*|set_config|pg_notify|lo_\w+)\s*\(/i;
const plainReads = new Map<string, boolean>();
/** Whether `text` is a plain query (`NOT_PLAIN`), remembered per text for the statements the code writes. */
function isPlainRead(text: string): boolean {
  let plain = plainReads.get(text);
  if (plain === undefined) {
    plain = SELECT.test(text) && !NOT_PLAIN.test(text);
    if (plainReads.size < NAMED_AT_MOST) plainReads.set(text, plain);
  }
  return plain;
}
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
const ignore = () => undefined;

/**
 * One transaction on a pooled PostgreSQL client in pipeline mode (`pipeline: true`: a statement is sent at once, not
 * after the one before it is answered), in as few round trips and statements as its statements allow:
 * - BEGIN is sent with the first statement that needs the transaction: plain queries before it (`isPlainRead`: the
 *   caller's session, an idempotency look-up) run on their own, and a transaction of plain queries only (a read call)
 *   sends neither BEGIN nor COMMIT. BEGIN travels ahead of a query (which, run alone should BEGIN fail, changes
 *   nothing); ahead of anything else it is awaited.
 * - SAVEPOINT and RELEASE SAVEPOINT are sent without waiting for their answer: they go out with the next statement,
 *   whose caller then hears of their failure before its own result.
 * - COMMIT goes out behind whatever is still unanswered, and counts only when every one of them succeeded and
 *   PostgreSQL answered COMMIT (a transaction that failed answers ROLLBACK to it, without an error).
 * - every query or data change runs as a named prepared statement (`statementName`).
 * A failure of any statement reaches the transaction's work as an exception, and the transaction is rolled back.
 */
export class PgSession {
  #unanswered: Promise<unknown>[] = [];
  #begun = false;
  #beginUnanswered = false;
  constructor(private readonly client: PoolClient) {}

  /** Runs one statement of the transaction (a deferrable one is only sent). */
  async run(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const { sql: text, parameters } = query;
    if (!parameters.length && DEFERRABLE.test(text)) {
      this.#begin();
      this.#defer(text);
      return { rows: [] };
    }
    if (!this.#begun && !isPlainRead(text)) this.#begin();
    if (this.#beginUnanswered && !SELECT.test(text)) await this.#answered();
    const name = statementName(text);
    const sent: Promise<PgResult> = this.client.query(
      name ? { name, text, values: parameters as unknown[] } : { text, values: parameters as unknown[] },
    );
    if (this.#unanswered.length) {
      try {
        await this.#answered();
      } catch (err) {
        sent.catch(ignore);
        throw err;
      }
    }
    const { command, rowCount, rows } = await sent;
    return {
      numAffectedRows: WRITE_COMMANDS.has(command) ? BigInt(rowCount ?? 0) : undefined,
      rows: rows ?? [],
    };
  }

  /** Commits: throws unless every statement sent succeeded and the transaction committed (nothing to do if none began). */
  async commit(): Promise<void> {
    if (!this.#begun) return;
    const sent = this.client.query('commit');
    try {
      await this.#answered();
    } catch (err) {
      sent.catch(ignore);
      throw err;
    }
    const { command } = await sent;
    if (command !== 'COMMIT') throw new Error(`the transaction was not committed: PostgreSQL answered ${command}`);
  }

  /** Rolls back; answers false when the client could not (its connection is broken: the pool must drop it). */
  async rollback(): Promise<boolean> {
    if (!this.#begun) return true;
    const sent = this.client.query('rollback');
    await this.#answered().catch(ignore);
    try {
      await sent;
      return true;
    } catch {
      return false;
    }
  }

  /** Sends BEGIN, once, without waiting for its answer. */
  #begin(): void {
    if (this.#begun) return;
    this.#begun = true;
    this.#beginUnanswered = true;
    this.#defer('begin');
  }

  #defer(text: string): void {
    const sent = this.client.query(text);
    // its failure is heard by whoever waits for it (`#answered`), never as an unhandled rejection
    sent.catch(ignore);
    this.#unanswered.push(sent);
  }

  /** Waits for the statements sent without waiting; throws the first one's failure. */
  async #answered(): Promise<void> {
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
