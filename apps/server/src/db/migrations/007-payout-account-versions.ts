import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Payout accounts can be edited and removed without rewriting history: a removed account keeps its row
 * (`removed_at`), because withdrawals already paid to it still name it; an edit removes the old version and
 * points it at the new one (`replaced_by`). Phone numbers are stored in E.164 from now on: the mainland numbers
 * bound so far (11 digits starting with 1) get their +86. An index answers "is a withdrawal to this account
 * still under review" without scanning every withdrawal.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema.alterTable('payout_accounts').addColumn('removed_at', 'varchar(32)').execute();
  await db.schema
    .alterTable('payout_accounts')
    .addColumn('replaced_by', 'integer', (c) => c.references('payout_accounts.id'))
    .execute();
  await sql`UPDATE payout_accounts SET phone = '+86' || phone
    WHERE length(phone) = 11 AND substr(phone, 1, 1) = '1' AND phone NOT LIKE '%+%'`.execute(db);
  await db.schema.createIndex('withdrawals_account').on('withdrawals').columns(['payout_account_id', 'status']).execute();
}
