import type { CompiledQuery, DatabaseConnection, Driver, QueryCompiler, TransactionSettings } from 'kysely';
import { ChangeWatch } from './auth-cache.js';

interface Watched {
  inner: DatabaseConnection;
  watch: ChangeWatch;
  open: boolean;
}

/**
 * A Kysely driver around another, telling `changed` what the statements of each of its connections change of what the
 * caches keep (`ChangeWatch`): as they are sent, and once the statement (outside a transaction) or the transaction has
 * ended, before its caller hears of it. The transactions of `inTransaction` do not come through here: their runners
 * watch their own statements.
 */
export class WatchingDriver implements Driver {
  readonly #watched = new WeakMap<DatabaseConnection, Watched>();
  constructor(
    private readonly inner: Driver,
    private readonly changed: (what: number, ended: boolean) => void,
  ) {}

  #of(connection: DatabaseConnection): Watched {
    const watched = this.#watched.get(connection);
    if (!watched) throw new Error('a connection this driver did not hand out');
    return watched;
  }

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const inner = await this.inner.acquireConnection();
    const watched: Watched = { inner, watch: new ChangeWatch(this.changed), open: false };
    const connection: DatabaseConnection = {
      executeQuery: <R>(query: CompiledQuery) =>
        watched.watch.around(
          query,
          () => inner.executeQuery<R>(query),
          () => watched.open,
        ),
      streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
    };
    this.#watched.set(connection, watched);
    return connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const watched = this.#of(connection);
    await this.inner.beginTransaction(watched.inner, settings);
    watched.open = true;
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#ending(connection, (inner) => this.inner.commitTransaction(inner));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#ending(connection, (inner) => this.inner.rollbackTransaction(inner));
  }

  async #ending(connection: DatabaseConnection, end: (inner: DatabaseConnection) => Promise<void>): Promise<void> {
    const watched = this.#of(connection);
    try {
      await end(watched.inner);
    } finally {
      watched.open = false;
      watched.watch.ended();
    }
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#inner('savepoint')(this.#of(connection).inner, name, compile);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    const watched = this.#of(connection);
    await this.#inner('rollbackToSavepoint')(watched.inner, name, compile);
    watched.watch.undone();
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.#inner('releaseSavepoint')(this.#of(connection).inner, name, compile);
  }

  /** the wrapped driver's savepoint method (both of ours have them) */
  #inner(method: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint') {
    const run = this.inner[method];
    if (!run) throw new Error(`the wrapped driver has no ${method}`);
    return run.bind(this.inner);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const watched = this.#of(connection);
    this.#watched.delete(connection);
    await this.inner.releaseConnection(watched.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
