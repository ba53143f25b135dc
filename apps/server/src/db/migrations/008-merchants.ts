import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Sell to merchants (issue 8): operator-managed buy offers and the customers' sales to them. Money is BIGINT
 * micro-units: quantities and limits in micro-USDT, the unit price in micro-units of the offer's fiat currency
 * per USDT, the fiat amount of a sale in micro-units of that currency (rounded down to the cent). The quantity an
 * offer still buys is reserved by each sale and can never go below zero.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('merchants')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    /** comma-separated payout kinds accepted: bank, wise */
    .addColumn('methods', 'varchar(32)', (c) => c.notNull())
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('merchants_price_positive', sql`price > 0`)
    .addCheckConstraint('merchants_quantity_not_negative', sql`quantity >= 0`)
    .addCheckConstraint('merchants_limits', sql`min_amount > 0 AND max_amount >= min_amount`)
    .execute();

  await db.schema
    .createTable('merchant_sales')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('merchant_id', 'integer', (c) => c.notNull().references('merchants.id'))
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('fiat_amount', 'bigint', (c) => c.notNull())
    .addColumn('payout_account_id', 'integer', (c) => c.notNull().references('payout_accounts.id'))
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('reference', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('reviewed_at', 'varchar(32)')
    .addColumn('reviewed_by', 'integer', (c) => c.references('operators.id'))
    .addUniqueConstraint('merchant_sales_request', ['user_id', 'request_id'])
    .addCheckConstraint('merchant_sales_quantity_positive', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('merchant_sales_user').on('merchant_sales').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('merchant_sales_status').on('merchant_sales').columns(['status', 'id']).execute();
  await db.schema.createIndex('merchant_sales_merchant').on('merchant_sales').columns(['merchant_id', 'created_at']).execute();
}
