import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The daily withdrawal limit (checked on every `withdraw/create`) sums a customer's withdrawals since the start of
 * the day: `withdrawals_user` (user_id, id) made that a walk through the customer's whole history with a table read
 * per row. This index reaches the day's rows directly and holds what the sum reads, so the table is never touched.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createIndex('withdrawals_user_day')
    .on('withdrawals')
    .columns(['user_id', 'created_at', 'status', 'amount'])
    .execute();
}
