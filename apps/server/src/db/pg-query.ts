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
}
type PgQueryClass = new (text: string) => PgQuery;

/** the parts of pg's `Connection` a prepared statement's query writes to (pg's own too) */
interface PgConnection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  parse(msg: { text: string; name: string }): void;
  _send(buffer: Buffer): boolean;
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

/** runs a statement on a client: under its prepared statement's name when it has one */
export type RunStatement = (
  client: Pick<Client, 'query'>,
  text: string,
  values: readonly unknown[],
  name: string | undefined,
) => Promise<PgResult>;

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
export function statementRunner(pg: { Query: unknown }): RunStatement {
  const Query = pg.Query as PgQueryClass;
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
    constructor(
      text: string,
      name: string,
      values: readonly unknown[],
      callback: (err: Error | null, result?: PgResult) => void,
    ) {
      super(text);
      this.name = name;
      this.values = values as unknown[];
      this.callback = callback;
    }

    submit(connection: PgConnection): Error | null {
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
      const execution = executionOf(name, values, shape ? EXECUTE_SYNC : DESCRIBE_EXECUTE_SYNC);
      connection._send(execution);
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
    }
  }

  return (client, text, values, name) => {
    if (name === undefined) return client.query({ text, values: values as unknown[] });
    return new Promise<PgResult>((resolve, reject) => {
      const query = new Prepared(text, name, values, (err, result) => (err ? reject(err) : resolve(result as PgResult)));
      (client as unknown as { query(query: unknown): unknown }).query(query);
    });
  };
}
