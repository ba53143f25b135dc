import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * PostgreSQL: every statement that changes the settings rows (an operator's save, a script, psql, a TRUNCATE)
 * notifies channel `c2c_auth` with `schema:settings` when its transaction commits. Every node LISTENs (`db/pg-auth.ts`)
 * and empties its cache (`db/auth-cache.ts`), which keeps the settings rows for the withdrawals' and recharges'
 * checks. SQLite has one process writing: it needs none.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE FUNCTION c2c_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('c2c_auth', TG_TABLE_SCHEMA || ':settings');
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
    FOR EACH STATEMENT EXECUTE FUNCTION c2c_settings_changed()`.execute(db);
}
