import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * PostgreSQL: every change to a customer, and every change to a session but the sliding expiry's (`touched_at` and
 * `expires_at` pushed forward), notifies channel `c2c_auth` with `schema:user id` when its transaction commits. Every
 * node LISTENs and drops that customer's entries from its session cache (`db/auth-cache.ts`, `db/pg-auth.ts`); the
 * triggers see every writer (another node, a script, psql). SQLite has one process writing: it needs none.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`CREATE FUNCTION c2c_auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('c2c_auth', TG_TABLE_SCHEMA || ':' || OLD.id);
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE FUNCTION c2c_auth_session_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('c2c_auth', TG_TABLE_SCHEMA || ':' || OLD.user_id);
      IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
        PERFORM pg_notify('c2c_auth', TG_TABLE_SCHEMA || ':' || NEW.user_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER users_auth_changed AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION c2c_auth_user_changed()`.execute(db);
  await sql`CREATE TRIGGER sessions_auth_ended AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION c2c_auth_session_changed()`.execute(db);
  await sql`CREATE TRIGGER sessions_auth_changed AFTER UPDATE ON sessions
    FOR EACH ROW WHEN (NEW.token_hash IS DISTINCT FROM OLD.token_hash OR NEW.user_id IS DISTINCT FROM OLD.user_id
      OR NEW.expires_at < OLD.expires_at OR NEW.created_at IS DISTINCT FROM OLD.created_at)
    EXECUTE FUNCTION c2c_auth_session_changed()`.execute(db);
}
