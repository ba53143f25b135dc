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
/** a statement that changes nothing, so running it outside the transaction (BEGIN having failed) does no harm */
const READ = /^\s*select\b/i;
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
const ignore = () => undefined;

/**
 * One transaction on a pooled PostgreSQL client in pipeline mode (`pipeline: true`: a statement is sent at once, not
 * after the one before it is answered), in as few round trips as its statements allow:
 * - BEGIN, SAVEPOINT and RELEASE SAVEPOINT are sent without waiting for their answer (`defer`): they go out with the
 *   next statement, whose caller then hears of their failure before its own result. BEGIN goes ahead only of a
 *   SELECT, which does no harm should BEGIN have failed and it run alone; before another statement it is awaited.
 * - COMMIT goes out behind whatever is still unanswered, and counts only when every one of them succeeded and
 *   PostgreSQL answered COMMIT (a transaction that failed answers ROLLBACK to it, without an error).
 * - every query or data change runs as a named prepared statement (`statementName`).
 * A failure of any statement reaches the transaction's work as an exception, and the transaction is rolled back.
 */
export class PgSession {
  #unanswered: Promise<unknown>[] = [];
  #beginUnanswered = false;
  constructor(private readonly client: PoolClient) {}

  /** Starts the transaction: BEGIN travels with the first statement. */
  begin(): void {
    this.#defer('begin');
    this.#beginUnanswered = true;
  }

  /** Runs one statement of the transaction (a deferrable one is only sent: `defer`). */
  async run(query: CompiledQuery): Promise<QueryResult<unknown>> {
    const { sql: text, parameters } = query;
    if (!parameters.length && DEFERRABLE.test(text)) {
      this.#defer(text);
      return { rows: [] };
    }
    if (this.#beginUnanswered && !READ.test(text)) await this.#answered();
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

  /** Commits: throws unless every statement sent succeeded and the transaction committed. */
  async commit(): Promise<void> {
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
    const sent = this.client.query('rollback');
    await this.#answered().catch(ignore);
    try {
      await sent;
      return true;
    } catch {
      return false;
    }
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
