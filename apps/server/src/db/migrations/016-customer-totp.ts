import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Two-factor for customers (issue 11). Whether it is on, and when it was last turned off (withdrawals pause for 24 hours
 * after that, as after a password change), are columns of the customer, read with them on every call. The secrets
 * have their own table: the confirmed one and the one being set up, both encrypted with a key kept outside the
 * database, and the last time step a code was accepted for (each step is used once). Recovery codes are stored as
 * keyed hashes and spent once.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('totp_enabled_at', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('totp_disabled_at', 'varchar(32)').execute();
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'varchar(200)')
    .addColumn('pending_secret', 'varchar(200)')
    .addColumn('last_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('user_recovery_codes')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addUniqueConstraint('user_recovery_codes_hash', ['user_id', 'code_hash'])
    .execute();
}
