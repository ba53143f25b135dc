import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * The interest wallet (issue 9): operator-managed products and the customers' orders in them. Money is BIGINT
 * micro-USDT; a daily rate is an integer of 10^-4 per cent. A product's `quota` caps the principal of all its orders
 * ever made, active and settled (`sold` only grows; a settled order does not free quota), and `sold` can never pass
 * it. An order keeps the rate, days and interest of the moment it was made; `interest` is what it pays at expiry.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('interest_products')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('rate', 'bigint', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    .addColumn('quota', 'bigint', (c) => c.notNull())
    .addColumn('sold', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addCheckConstraint('interest_products_rate_positive', sql`rate > 0`)
    .addCheckConstraint('interest_products_days', sql`days >= 1`)
    .addCheckConstraint('interest_products_limits', sql`min_amount > 0 AND max_amount >= min_amount`)
    .addCheckConstraint('interest_products_sold', sql`sold >= 0 AND sold <= quota`)
    .execute();

  await db.schema
    .createTable('interest_orders')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('interest_products.id'))
    .addColumn('principal', 'bigint', (c) => c.notNull())
    .addColumn('rate', 'bigint', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('interest', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('settled_at', 'varchar(32)')
    .addUniqueConstraint('interest_orders_request', ['user_id', 'request_id'])
    .addCheckConstraint('interest_orders_principal_positive', sql`principal > 0`)
    .addCheckConstraint('interest_orders_interest', sql`interest >= 0`)
    .execute();
  await db.schema.createIndex('interest_orders_user').on('interest_orders').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('interest_orders_due').on('interest_orders').columns(['status', 'expires_at']).execute();
}
