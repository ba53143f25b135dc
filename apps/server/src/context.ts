import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { DB } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import type { Mailer } from './lib/mailer.js';
import type { Throttle } from './lib/throttle.js';
import type { LiveHub } from './modules/live/live.service.js';

/** What every module gets: configuration, the database, time, mail and throttles. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  throttle: Throttle;
  log: FastifyBaseLogger;
  /** live updates to the customer's open apps */
  live: LiveHub;
}

/** A query runner: the database itself or an open transaction. Services take it as their first argument. */
export type Tx = Kysely<DB> | Transaction<DB>;
