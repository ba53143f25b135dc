import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/** Users, sign-up codes, sessions, operators, the audit chain, settings, house invitation codes, accounts. */
export async function up(db: Kysely<unknown>, { id, dialect }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)', (c) => c.notNull())
    .addColumn('invite_code', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('inviter_id', 'integer', (c) => c.references('users.id'))
    .addColumn('house_code', 'varchar(32)')
    .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lang', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('password_changed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('users_inviter').on('users').column('inviter_id').execute();

  await db.schema
    .createTable('email_codes')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('scene', 'varchar(16)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('email_codes_lookup').on('email_codes').columns(['email', 'scene', 'id']).execute();

  await db.schema
    .createTable('operators')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('totp_secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('totp_last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_login_at', 'varchar(32)')
    .execute();

  // Customer and operator sessions have the same shape; only the hash of a token is stored.
  for (const [table, owner, ref] of [
    ['sessions', 'user_id', 'users.id'],
    ['operator_sessions', 'operator_id', 'operators.id'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', id, (c) => c.primaryKey())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn(owner, 'integer', (c) => c.notNull().references(ref).onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('touched_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex(`${table}_owner`).on(table).column(owner).execute();
  }

  await db.schema
    .createTable('audit_log')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .addColumn('operator_email', 'varchar(254)')
    .addColumn('action', 'varchar(64)', (c) => c.notNull())
    .addColumn('target', 'varchar(128)', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .execute();
  // Append-only at the database level too: a later UPDATE or DELETE is refused.
  if (dialect === 'sqlite') {
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
      db,
    );
  } else {
    await sql`CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$`.execute(
      db,
    );
    await sql`CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(
      db,
    );
  }

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('house_invite_codes')
    .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('owner', 'varchar(32)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('currency', 'varchar(8)', (c) => c.notNull())
    .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('accounts_owner_kind_currency', ['owner', 'kind', 'currency'])
    // A customer's money can never be below zero, whatever the code above tries.
    .addCheckConstraint('accounts_user_not_negative', sql`user_id IS NULL OR balance >= 0`)
    .execute();
  await db.schema.createIndex('accounts_user').on('accounts').column('user_id').execute();
}
