import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Safer mail and sessions (issue 11). Sessions remember the device and address they were opened from (`touched_at`
 * already tells when they were last used); customers may set an anti-phishing phrase that every mail to them shows;
 * `known_devices` holds a key per browser family, system and network a customer signed in from, so a sign-in from
 * elsewhere is mailed; `session_end_links` are the one-time links of those mails (only the token's SHA-256 is
 * stored). A payout account takes payouts from `usable_at` on: 24 hours after binding (or after changing where the
 * money goes); accounts bound before this migration are usable at once.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('user_agent', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'id']).execute();
  await db.schema.alterTable('users').addColumn('anti_phishing_phrase', 'varchar(200)').execute();
  await db.schema
    .createTable('known_devices')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('device_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('first_seen_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('known_devices_pk', ['user_id', 'device_key'])
    .execute();
  await db.schema
    .createTable('session_end_links')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('session_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('session_end_links_user').on('session_end_links').columns(['user_id', 'expires_at']).execute();
  await db.schema.alterTable('payout_accounts').addColumn('usable_at', 'varchar(32)').execute();
  await sql`UPDATE payout_accounts SET usable_at = created_at`.execute(db);
}
