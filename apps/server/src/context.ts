import type { Config } from './config.js';
import type { AuthCache } from './db/auth-cache.js';
import type { Database, Dialect } from './db/database.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './lib/logger.js';
import type { Mailer } from './lib/mailer.js';
import type { Throttle } from './lib/throttle.js';
import type { LiveHub } from './modules/live/live.service.js';

/**
 * What every module gets: configuration, time, mail, throttles and live updates. The database is here for
 * the routes and jobs that open transactions (`inTransaction`); services receive the open transaction instead.
 */
export interface AppContext {
  config: Config;
  database: Database;
  dialect: Dialect;
  clock: Clock;
  mailer: Mailer;
  throttle: Throttle;
  log: Logger;
  /** the key of the audit chain's HMACs, from AUDIT_KEY or the key file in DATA_DIR; never in the database */
  auditKey: Buffer;
  /** live updates to the customer's open apps */
  live: LiveHub;
  /** the sessions with their customers this node has read (`AuthCache`: the database's own, off until it hears of changes) */
  sessionCache?: AuthCache<object>;
  /** the settings rows this node has read (`settings.storedSettings`; the database's own, as the session cache) */
  settingsCache?: AuthCache<object>;
}

export type { Tx } from './db/transaction.js';
