import type { DefaultQueryExecutor, Driver, Kysely, KyselyConfig, Dialect as KyselyDialect } from 'kysely';
import type { DB } from './schema.js';

/**
 * What a transaction of `inTransaction` builds its Kysely `Transaction` of, without Kysely's transaction machinery:
 * Kysely's executor (its compiler, adapter and plugins), bound to a connection provider given per transaction, and the
 * rest of a `Transaction`'s properties (the database's config, driver and dialect).
 */
export interface KyselyParts {
  executor: DefaultQueryExecutor;
  props: { config: KyselyConfig; driver: Driver; dialect: KyselyDialect };
}

/** The parts of a Kysely over `config`'s dialect, whose executor is bound to a connection provider never used. */
export function partsOf(db: Kysely<DB>, config: KyselyConfig, driver: Driver | undefined): KyselyParts {
  if (!driver) throw new Error('the dialect made no driver');
  const executor = (db.getExecutor() as DefaultQueryExecutor).withConnectionProvider({
    provideConnection: () => Promise.reject(new Error('a transaction of inTransaction provides the connection')),
  });
  return { executor, props: { config, driver, dialect: config.dialect } };
}
