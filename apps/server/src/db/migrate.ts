import { type DatabaseIntrospector, type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { Dialect } from './database.js';
import * as m001 from './migrations/001-foundation.js';
import * as m002 from './migrations/002-money.js';
import * as m003 from './migrations/003-booleans.js';
import * as m004 from './migrations/004-jobs.js';
import * as m005 from './migrations/005-safety.js';
import * as m006 from './migrations/006-email-sends.js';
import * as m007 from './migrations/007-payout-account-versions.js';
import * as m008 from './migrations/008-merchants.js';
import * as m009 from './migrations/009-trades.js';
import * as m010 from './migrations/010-interest.js';
import * as m011 from './migrations/011-kefu.js';
import * as m012 from './migrations/012-users.js';
import * as m013 from './migrations/013-vip.js';
import * as m014 from './migrations/014-big-data.js';
import * as m015 from './migrations/015-proof.js';
import * as m016 from './migrations/016-customer-totp.js';
import * as m017 from './migrations/017-security.js';
import * as m018 from './migrations/018-hot-paths.js';
import * as m019 from './migrations/019-write-paths.js';
import * as m020 from './migrations/020-hall-sellers.js';
import * as m021 from './migrations/021-unused-index.js';
import * as m022 from './migrations/022-proof-published.js';
import * as m023 from './migrations/023-auth-notify.js';
import * as m024 from './migrations/024-settings-notify.js';
import * as m025 from './migrations/025-proof-parts.js';
import type { MigrationContext } from './migrations/context.js';

type Step = { up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> };

/** Forward-only and numbered; a new file is appended here, an old one is never edited. */
const STEPS: Record<string, Step> = {
  '001-foundation': m001,
  '002-money': m002,
  '003-booleans': m003,
  '004-jobs': m004,
  '005-safety': m005,
  '006-email-sends': m006,
  '007-payout-account-versions': m007,
  '008-merchants': m008,
  '009-trades': m009,
  '010-interest': m010,
  '011-kefu': m011,
  '012-users': m012,
  '013-vip': m013,
  '014-big-data': m014,
  '015-proof': m015,
  '016-customer-totp': m016,
  '017-security': m017,
  '018-hot-paths': m018,
  '019-write-paths': m019,
  '020-hall-sellers': m020,
  '021-unused-index': m021,
  '022-proof-published': m022,
  '023-auth-notify': m023,
  '024-settings-notify': m024,
  '025-proof-parts': m025,
};

export async function migrate(db: Kysely<unknown>, dialect: Dialect, schema?: string): Promise<string[]> {
  const ctx: MigrationContext = { dialect, id: dialect === 'sqlite' ? 'integer' : 'serial' };
  const migrations: Record<string, Migration> = {};
  for (const [name, step] of Object.entries(STEPS)) migrations[name] = { up: (d) => step.up(d, ctx) };
  const migrator = new Migrator({
    db: dialect === 'postgres' ? withOwnSchemaIntrospection(db, schema) : db,
    provider: { getMigrations: async () => migrations },
    allowUnorderedMigrations: false,
    // Kysely looks its bookkeeping tables up by schema; name ours, or it finds another schema's
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * PostgreSQL: the database as the migrator sees it, its look-ups of schemas and tables confined to the node's own
 * schema (or the connection's current one). Kysely's own lists every column of every table of every schema at each
 * start: slower the more schemas a database holds, and failing outright ("schema … does not exist") when another
 * schema is dropped while it runs — the node's start failed because of a schema not its own. Only the names are read
 * (whether the bookkeeping tables exist), so no columns are listed.
 */
function withOwnSchemaIntrospection(db: Kysely<unknown>, schema: string | undefined): Kysely<unknown> {
  const own = schema === undefined ? sql`current_schema()` : sql`${schema}`;
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{
        name: string;
      }>`SELECT nspname AS name FROM pg_catalog.pg_namespace WHERE nspname = ${own}`.execute(db);
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{ name: string; schema: string; is_view: boolean }>`
        SELECT c.relname AS name, n.nspname AS schema, c.relkind = 'v' AS is_view
        FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${own} AND c.relkind IN ('r', 'v', 'p')`.execute(db);
      return rows.map((r) => ({ name: r.name, schema: r.schema, isView: r.is_view, columns: [] }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  // Kysely keeps its state in private fields: its methods must run on the instance itself, not on this stand-in
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
