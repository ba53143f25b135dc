import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.js';

/** Stands for the n-th argument while a prepared query is built. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once per database (its dialect and plugins applied), then run with each call's values:
 * Kysely otherwise builds and compiles the same tree on every call, which on the hot paths (sessions, balances, the
 * ledger's writes) cost more CPU than the database's own work. `build` must use each argument as a value (it becomes a
 * bound parameter), never to choose the query's shape; a query that does not bind every argument throws at once.
 */
export function prepared<A extends readonly unknown[], R>(
  arity: A['length'],
  build: (db: Kysely<DB>, ...args: A) => Compilable<R>,
): (tx: Kysely<DB>, ...args: A) => Promise<QueryResult<R>> {
  // keyed by the database's adapter: the same for all its transactions, another for another database in this process
  const cache = new WeakMap<object, CompiledQuery<R>>();
  return async (tx, ...args) => {
    const key = tx.getExecutor().adapter;
    let compiled = cache.get(key);
    if (!compiled) {
      const slots = Array.from({ length: arity }, (_, i) => new Slot(i)) as unknown as A;
      compiled = build(tx, ...slots).compile();
      const bound = compiled.parameters.filter((p): p is Slot => p instanceof Slot).map((p) => p.index);
      if (new Set(bound).size !== arity)
        throw new Error(`a prepared query must bind each of its ${arity} arguments: ${compiled.sql}`);
      cache.set(key, compiled);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? args[p.index] : p));
    return tx.executeQuery<R>({ ...compiled, parameters });
  };
}
