import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The job runner's leases (one row per job: which process runs it, until when) and the indexes its purge jobs
 * look due rows up by.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('holder', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  for (const table of ['sessions', 'operator_sessions', 'email_codes']) {
    await db.schema.createIndex(`${table}_expires`).on(table).columns(['expires_at', 'id']).execute();
  }
}
