import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * VIP levels and the dashboard (issue 9). A customer's level is computed from the ledger on every read; an owner may
 * set it by hand (`vip_override`, null: the earned level applies). The levels themselves are settings rows
 * (`vip.levels`). The dashboard's daily series read journals by kind and day, so they get an index to match.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('vip_override', 'integer').execute();
  await db.schema.createIndex('journals_kind_created').on('journals').columns(['kind', 'created_at']).execute();
  await db.schema.createIndex('users_created').on('users').column('created_at').execute();
}
