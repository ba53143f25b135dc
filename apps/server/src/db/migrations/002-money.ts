import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/** The double-entry ledger (journals, postings, platform accounts) and the money in / money out tables. */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('journals')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('actor', 'varchar(64)', (c) => c.notNull())
    .addColumn('memo', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('journals_ref').on('journals').columns(['ref', 'kind']).execute();

  await db.schema
    .createTable('postings')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('journal_id', 'integer', (c) => c.notNull().references('journals.id'))
    .addColumn('account_id', 'integer', (c) => c.notNull().references('accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('postings_not_zero', sql`amount <> 0`)
    .execute();
  await db.schema.createIndex('postings_account').on('postings').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('postings_journal').on('postings').column('journal_id').execute();

  const now = new Date().toISOString();
  for (const kind of ['world', 'interest_expense', 'merchant_settlement', 'adjustments']) {
    await db
      .insertInto('accounts' as never)
      .values({ owner: 'platform', user_id: null, kind, currency: 'USDT', balance: 0, updated_at: now } as never)
      .execute();
  }

  await db.schema
    .createTable('uploads')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('receiving_addresses')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('type', 'varchar(16)', (c) => c.notNull().unique())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recharges')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('address', 'varchar(128)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('image', 'varchar(128)', (c) => c.notNull())
    .addColumn('tx_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reviewed_at', 'varchar(32)')
    .addColumn('reviewed_by', 'integer', (c) => c.references('operators.id'))
    .addUniqueConstraint('recharges_request', ['user_id', 'request_id'])
    .addCheckConstraint('recharges_amount_positive', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('recharges_user').on('recharges').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('recharges_status').on('recharges').columns(['status', 'id']).execute();

  await db.schema
    .createTable('payout_accounts')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('full_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('name', 'varchar(50)', (c) => c.notNull())
    .addColumn('surname', 'varchar(50)', (c) => c.notNull())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('area', 'varchar(50)', (c) => c.notNull())
    .addColumn('country', 'varchar(50)', (c) => c.notNull())
    .addColumn('iban', 'varchar(34)', (c) => c.notNull())
    .addColumn('bank_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('swift', 'varchar(11)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('city', 'varchar(80)', (c) => c.notNull())
    .addColumn('state', 'varchar(80)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payout_accounts_user').on('payout_accounts').columns(['user_id', 'type']).execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('payout_account_id', 'integer', (c) => c.notNull().references('payout_accounts.id'))
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('reference', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reviewed_at', 'varchar(32)')
    .addColumn('reviewed_by', 'integer', (c) => c.references('operators.id'))
    .addUniqueConstraint('withdrawals_request', ['user_id', 'request_id'])
    .addCheckConstraint('withdrawals_amount_positive', sql`amount > 0`)
    .execute();
  await db.schema.createIndex('withdrawals_user').on('withdrawals').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('withdrawals_status').on('withdrawals').columns(['status', 'id']).execute();
}
