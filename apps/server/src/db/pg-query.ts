import type { Client, QueryResult as PgResult } from 'pg';

/** what a query may be handed as parameters, as pg maps them (`pg.utils.prepareValue`): text, bytes or null */
type PrepareValue = (value: unknown) => string | Buffer | null;

/** the parts of pg's `Query` a prepared statement's query builds on (pg keeps them as its own, undocumented) */
interface PgQuery {
  text: string;
  name: string | undefined;
  values: unknown[] | undefined;
  callback: ((err: Error | null, result?: PgResult) => void) | undefined;
  _accumulateRows: boolean;
  _result: { fields: unknown[]; _parsers: unknown[] | undefined; _prebuiltEmptyResultObject: object | null };
  handleRowDescription(msg: unknown): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
  handleError(err: Error, connection: unknown): void;
  submit(connection: PgConnection): Error | null;
}
type PgQueryClass = new (text: string) => PgQuery;

/** the parts of pg's `Connection` a prepared statement's query writes to (pg's own too) */
interface PgConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(msg: { text: string; name: string }): void;
  _send(buffer: Buffer): boolean;
}

/** the parts of pg's `Client` in pipeline mode a chained statement (no Sync of its own) steps through (pg's own) */
interface PgClient {
  connection: PgConnection;
  _queryable: boolean;
  _txStatus: string | null;
  _sentQueryQueue: PgQuery[];
  _handleReadyForQuery(msg: { status: string | null }): void;
  query(query: unknown): unknown;
}

/** what a query that ends with a Sync of its own is marked with: PostgreSQL answers its Sync even after an error */
const ENDS_WITH_SYNC = Symbol('ends with a Sync');
/** what a chained statement (`RunStatement`) is marked with: no ReadyForQuery answers it */
const CHAINED = Symbol('chained');

/**
 * Whether PostgreSQL answers `query`, as handed to a client's `query`, with a ReadyForQuery of its own: every query
 * but a chained statement (`RunStatement`), whose Sync comes later, as a query of its own.
 */
export function answeredByReadyForQuery(query: unknown): boolean {
  return !(typeof query === 'object' && query !== null && (query as { [CHAINED]?: true })[CHAINED] === true);
}

/** the columns of a prepared statement's rows, as pg parses them: learned once per connection */
interface Shape {
  fields: unknown[];
  parsers: unknown[] | undefined;
  empty: object | null;
}
/** a statement without rows (an INSERT, UPDATE or DELETE without RETURNING) */
const NO_ROWS: Shape = { fields: [], parsers: undefined, empty: null };

const DESCRIBE_PORTAL = Buffer.from([0x44, 0, 0, 0, 6, 0x50, 0]);
const EXECUTE = Buffer.from([0x45, 0, 0, 0, 9, 0, 0, 0, 0, 0]);
const SYNC = Buffer.from([0x53, 0, 0, 0, 4]);
const EXECUTE_SYNC = Buffer.concat([EXECUTE, SYNC]);
const DESCRIBE_EXECUTE_SYNC = Buffer.concat([DESCRIBE_PORTAL, EXECUTE, SYNC]);
const DESCRIBE_EXECUTE = Buffer.concat([DESCRIBE_PORTAL, EXECUTE]);

/**
 * Bind (to the unnamed portal, text results), then the constant messages `tail`, in one buffer: what the connection
 * writes for one execution of a prepared statement.
 */
function executionOf(statement: string, values: readonly (string | Buffer | null)[], tail: Buffer): Buffer {
  const nameBytes = Buffer.byteLength(statement);
  const n = values.length;
  // code, length, portal "", statement, formats, values, result formats
  let length = 4 + 1 + nameBytes + 1 + 2 + 2 * n + 2 + 2 + 2;
  const byteLengths = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const bytes = v == null ? 0 : typeof v === 'string' ? Buffer.byteLength(v) : v.length;
    byteLengths[i] = bytes;
    length += 4 + bytes;
  }
  const buffer = Buffer.allocUnsafe(1 + length + tail.length);
  let at = 0;
  buffer[at++] = 0x42;
  buffer.writeInt32BE(length, at);
  at += 4;
  buffer[at++] = 0;
  at += buffer.write(statement, at, 'utf8');
  buffer[at++] = 0;
  buffer.writeInt16BE(n, at);
  at += 2;
  for (let i = 0; i < n; i++) {
    buffer.writeInt16BE(Buffer.isBuffer(values[i]) ? 1 : 0, at);
    at += 2;
  }
  buffer.writeInt16BE(n, at);
  at += 2;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v == null) {
      buffer.writeInt32BE(-1, at);
      at += 4;
      continue;
    }
    buffer.writeInt32BE(byteLengths[i] as number, at);
    at += 4;
    at += typeof v === 'string' ? buffer.write(v, at, 'utf8') : v.copy(buffer, at);
  }
  buffer.writeInt16BE(1, at);
  at += 2;
  buffer.writeInt16BE(0, at);
  at += 2;
  tail.copy(buffer, at);
  return buffer;
}

/**
 * Runs a statement on a client: under its prepared statement's name when it has one. A `chained` one (named only, on a
 * client in pipeline mode) goes without a Sync of its own and is answered at its CommandComplete: the statements a
 * transaction sends together then end with one Sync (`sync`), and PostgreSQL answers them with one ReadyForQuery — one
 * flush of its output, one wake-up of this process — not one each. After a chained statement that fails, PostgreSQL
 * skips every message up to the next Sync: the chained statements sent behind it fail without having run
 * (`isSkipped`), whatever their caller awaits is answered, and the connection goes on.
 */
export interface RunStatement {
  (
    client: Pick<Client, 'query'>,
    text: string,
    values: readonly unknown[],
    name: string | undefined,
    chained?: boolean,
  ): Promise<PgResult>;
  /** Sends a Sync: it ends the chained statements sent before it (answered, like them, in order). */
  sync(client: Pick<Client, 'query'>): Promise<void>;
}

const SKIPPED = Symbol('not run: a statement sent before it failed');
/** Whether `err` is the failure of a chained statement that never ran: one sent before it, up to its Sync, failed. */
export function isSkipped(err: unknown): boolean {
  return err instanceof Error && (err as Error & { [SKIPPED]?: true })[SKIPPED] === true;
}
function skippedBy(cause: Error): Error {
  const err = new Error('not run: a statement sent before it in the same round trip failed', { cause });
  (err as Error & { [SKIPPED]?: true })[SKIPPED] = true;
  return err;
}

/**
 * After the chained statement at the head of `client`'s pipeline failed (its ErrorResponse came): PostgreSQL skips
 * every message up to the next Sync and answers that Sync. The queries sent up to it are taken out of the pipeline and
 * fail without having run (the prepared statements they were to prepare are not prepared: they will be again); the
 * one that carries the Sync is answered by the ReadyForQuery that comes next, as pg answers a failed query's. A
 * pipeline with no Sync behind the failure (never so: a transaction sends its Sync before anything leaves) is broken
 * off: its connection is closed, and every query on it fails.
 */
function skipToSync(client: PgClient, cause: Error): void {
  const queue = client._sentQueryQueue;
  const { connection } = client;
  const skipped = skippedBy(cause);
  while (queue.length) {
    const query = queue.shift() as PgQuery & { [ENDS_WITH_SYNC]?: true };
    const name = query.name;
    if (name && connection.parsedStatements[name] === undefined) delete connection.submittedNamedStatements[name];
    query.handleError(skipped, connection);
    // its Sync is answered: pg takes that ReadyForQuery as the failed query's, with none active
    if (query[ENDS_WITH_SYNC]) return;
  }
  (connection as unknown as { stream: { destroy(err?: Error): void } }).stream.destroy(
    new Error('a chained statement failed with no Sync sent behind it'),
  );
}

/**
 * How the pool's clients run statements (`PgSession`, `PlainLanes`). An unnamed one as pg's `query` does; a named
 * (prepared) one by a query of our own, which costs the driver less on every execution — the read and write paths run
 * a handful of statements each, thousands of times a second:
 * - it writes Bind, Describe, Execute and Sync as one buffer, not four; Parse, once per connection, goes before them;
 * - it sends Describe only until the connection knows the statement's columns: from then on it reuses what pg made of
 *   them (the fields, their parsers) instead of receiving, parsing and building them again. A prepared statement's
 *   columns cannot change under it: PostgreSQL refuses to run it instead ("cached plan must not change result type",
 *   `isStalePlan`), and the connection is replaced.
 * It is a subclass of pg's `Query`, which pg's pipeline mode requires of anything it sends.
 */
export function statementRunner(pg: { Query: unknown; DatabaseError: unknown }): RunStatement {
  const Query = pg.Query as PgQueryClass;
  const DatabaseError = pg.DatabaseError as new (...args: unknown[]) => Error;
  // pg's own mapping of a parameter (a Date, an array, JSON): on its default export, not in its types
  const mapper = (pg as { utils?: { prepareValue?: PrepareValue } }).utils?.prepareValue;
  if (typeof mapper !== 'function') throw new Error('pg has no utils.prepareValue: the prepared statements need it');
  const prepareValue: PrepareValue = mapper;
  /** each connection's statements' columns, by statement name */
  const shapes = new WeakMap<PgConnection, Map<string, Shape>>();

  class Prepared extends Query {
    /** the connection's shapes, once submitted */
    #shapes: Map<string, Shape> | undefined;
    /** whether it asked for the columns (Describe), and whether they came */
    #describing = false;
    #described = false;
    /** sent: its failure is PostgreSQL's answer, not a parameter it could not send */
    #sent = false;
    /** the client of a chained statement (no Sync of its own); none for one that ends with its Sync */
    readonly #chainedOn: PgClient | undefined;
    constructor(
      text: string,
      name: string,
      values: readonly unknown[],
      callback: (err: Error | null, result?: PgResult) => void,
      chainedOn: PgClient | undefined,
    ) {
      super(text);
      this.name = name;
      this.values = values as unknown[];
      this.callback = callback;
      this.#chainedOn = chainedOn;
      if (chainedOn) (this as { [CHAINED]?: true })[CHAINED] = true;
      else (this as { [ENDS_WITH_SYNC]?: true })[ENDS_WITH_SYNC] = true;
    }

    override submit(connection: PgConnection): Error | null {
      const name = this.name as string;
      let known = shapes.get(connection);
      if (!known) {
        known = new Map();
        shapes.set(connection, known);
      }
      this.#shapes = known;
      let values: (string | Buffer | null)[];
      try {
        values = (this.values ?? []).map(prepareValue);
      } catch (err) {
        // nothing was sent: pg hands the failure to the query's callback
        return err as Error;
      }
      if (connection.parsedStatements[name] === undefined && connection.submittedNamedStatements[name] === undefined) {
        connection.parse({ text: this.text, name });
        connection.submittedNamedStatements[name] = this.text;
      }
      const shape = known.get(name);
      this.#describing = shape === undefined;
      if (shape) {
        const result = this._result;
        result.fields = shape.fields;
        result._parsers = shape.parsers;
        result._prebuiltEmptyResultObject = shape.empty;
      }
      this._accumulateRows = true;
      const tail = this.#chainedOn ? (shape ? EXECUTE : DESCRIBE_EXECUTE) : shape ? EXECUTE_SYNC : DESCRIBE_EXECUTE_SYNC;
      connection._send(executionOf(name, values, tail));
      this.#sent = true;
      return null;
    }

    override handleRowDescription(msg: unknown): void {
      super.handleRowDescription(msg);
      if (!this.#describing) return;
      this.#described = true;
      const result = this._result;
      this.#shapes?.set(this.name as string, {
        fields: result.fields,
        parsers: result._parsers,
        empty: result._prebuiltEmptyResultObject,
      });
    }

    override handleCommandComplete(msg: unknown, connection: unknown): void {
      // described, and no columns came: the statement has no rows
      if (this.#describing && !this.#described) this.#shapes?.set(this.name as string, NO_ROWS);
      super.handleCommandComplete(msg, connection);
      // chained: no ReadyForQuery of its own comes; it is answered now, as at one, and the next query in the pipeline
      // takes the messages that follow (the transaction's state is the one the last ReadyForQuery told)
      const client = this.#chainedOn;
      if (client) client._handleReadyForQuery({ status: client._txStatus });
    }

    override handleError(err: Error, connection: unknown): void {
      const client = this.#chainedOn;
      // PostgreSQL refused it (not a parameter that could not be sent, not a lost connection): what was sent behind it,
      // up to the Sync, is skipped
      const refused = client && this.#sent && client._queryable && err instanceof DatabaseError;
      super.handleError(err, connection);
      if (refused) skipToSync(client, err);
    }
  }

  /** a Sync of its own: it ends the chained statements sent before it, and is answered by the ReadyForQuery */
  class Sync extends Query {
    constructor(callback: (err: Error | null) => void) {
      super('');
      this.callback = callback;
      (this as { [ENDS_WITH_SYNC]?: true })[ENDS_WITH_SYNC] = true;
    }
    override submit(connection: PgConnection): Error | null {
      connection._send(SYNC);
      return null;
    }
  }

  const run = (
    client: Pick<Client, 'query'>,
    text: string,
    values: readonly unknown[],
    name: string | undefined,
    chained?: boolean,
  ): Promise<PgResult> => {
    if (name === undefined) return client.query({ text, values: values as unknown[] });
    return new Promise<PgResult>((resolve, reject) => {
      const query = new Prepared(
        text,
        name,
        values,
        (err, result) => (err ? reject(err) : resolve(result as PgResult)),
        chained ? (client as unknown as PgClient) : undefined,
      );
      (client as unknown as PgClient).query(query);
    });
  };
  const sync = (client: Pick<Client, 'query'>): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      (client as unknown as PgClient).query(new Sync((err) => (err ? reject(err) : resolve())));
    });
  return Object.assign(run, { sync });
}
