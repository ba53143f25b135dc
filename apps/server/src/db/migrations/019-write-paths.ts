import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The daily withdrawal limit (issue 10): each customer's total of one UTC day is kept as it changes, one row per
 * customer and day (a withdrawal adds its amount, a rejection takes it off), so `withdraw/create` reads and updates
 * one row instead of summing the day's withdrawals, which grew with every one of them. Filled here from the
 * withdrawals so far; `withdrawals_user_day`, which served that sum alone, is dropped (one index less per insert).
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .createTable('withdrawal_days')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('total', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('withdrawal_days_pk', ['user_id', 'day'])
    .execute();
  await sql`insert into withdrawal_days (user_id, day, total)
    select user_id, substr(created_at, 1, 10), sum(amount) from withdrawals where status <> 'rejected'
    group by user_id, substr(created_at, 1, 10)`.execute(db);
  await db.schema.dropIndex('withdrawals_user_day').execute();
}
