import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * When each address last asked for a mail of `sms/send-code`, whatever was sent: a code, a notice that the address
 * already has an account, or nothing (a reset for an unknown address). The 60 s resend rule reads this, so it answers
 * the same whether or not the address has an account; `email_codes` keeps only codes that were mailed.
 */
export async function up(db: Kysely<unknown>, ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('email_sends')
    .addColumn('id', ctx.id, (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('scene', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('email_sends_lookup').on('email_sends').columns(['email', 'scene', 'id']).execute();
  await db.schema.createIndex('email_sends_created').on('email_sends').columns(['created_at', 'id']).execute();
}
