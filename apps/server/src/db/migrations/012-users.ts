import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The console's customers (issue 9): why and when a customer was frozen, and operators' corrections of a balance.
 * A correction is posted as an `adjust` journal; its row keeps the reason, the operator and the client's request id
 * (one correction per operator and request id).
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema.alterTable('users').addColumn('frozen_reason', 'varchar(200)').execute();
  await db.schema.alterTable('users').addColumn('frozen_at', 'varchar(32)').execute();
  await db.schema
    .createTable('user_adjustments')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('operator_id', 'integer', (c) => c.notNull().references('operators.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('journal_id', 'integer', (c) => c.references('journals.id'))
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('user_adjustments_request', ['operator_id', 'request_id'])
    .addCheckConstraint('user_adjustments_amount_not_zero', sql`amount <> 0`)
    .execute();
  await db.schema.createIndex('user_adjustments_user').on('user_adjustments').columns(['user_id', 'id']).execute();
}
