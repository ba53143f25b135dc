import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Customer to customer (issue 8): sell listings, the trades taken from them, each trade's timeline and its chat.
 * Quantities are micro-USDT, prices micro-units of the fiat currency per USDT, fiat amounts micro-units of that
 * currency (rounded down to the cent). A listing's escrow holds `remaining` plus the quantity of its unfinished trades;
 * `remaining` can never go below zero or above the listed quantity.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('listings')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('remaining', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    .addColumn('payout_account_id', 'integer', (c) => c.notNull().references('payout_accounts.id'))
    .addColumn('window_minutes', 'integer', (c) => c.notNull())
    /** open | closed */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('closed_at', 'varchar(32)')
    .addUniqueConstraint('listings_request', ['user_id', 'request_id'])
    .addCheckConstraint('listings_quantity_positive', sql`quantity > 0`)
    .addCheckConstraint('listings_remaining', sql`remaining >= 0 AND remaining <= quantity`)
    .addCheckConstraint('listings_price_positive', sql`price > 0`)
    .addCheckConstraint('listings_limits', sql`min_amount > 0 AND max_amount >= min_amount`)
    .execute();
  await db.schema.createIndex('listings_open_price').on('listings').columns(['status', 'price', 'id']).execute();
  await db.schema.createIndex('listings_user').on('listings').columns(['user_id', 'id']).execute();

  await db.schema
    .createTable('trades')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id'))
    .addColumn('seller_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('buyer_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('quantity', 'bigint', (c) => c.notNull())
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('fiat_amount', 'bigint', (c) => c.notNull())
    .addColumn('payout_account_id', 'integer', (c) => c.notNull().references('payout_accounts.id'))
    /** the text the buyer puts on the transfer */
    .addColumn('reference', 'varchar(32)', (c) => c.notNull())
    .addColumn('window_minutes', 'integer', (c) => c.notNull())
    /** awaiting_payment | paid | completed | cancelled | expired | disputed */
    .addColumn('status', 'varchar(24)', (c) => c.notNull())
    .addColumn('pay_deadline', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('release_deadline', 'varchar(32)')
    .addColumn('proof', 'varchar(100)')
    .addColumn('ended_at', 'varchar(32)')
    /** buyer | seller | system */
    .addColumn('appeal_by', 'varchar(8)')
    .addColumn('appeal_reason', 'varchar(300)')
    .addColumn('disputed_at', 'varchar(32)')
    /** release | refund */
    .addColumn('outcome', 'varchar(8)')
    .addColumn('resolution_note', 'varchar(300)')
    .addColumn('resolved_by', 'integer', (c) => c.references('operators.id'))
    .addColumn('resolved_at', 'varchar(32)')
    /** the last chat message id each side has read */
    .addColumn('buyer_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seller_read_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('request_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('trades_request', ['buyer_id', 'request_id'])
    .addCheckConstraint('trades_quantity_positive', sql`quantity > 0`)
    .execute();
  await db.schema.createIndex('trades_buyer').on('trades').columns(['buyer_id', 'id']).execute();
  await db.schema.createIndex('trades_seller').on('trades').columns(['seller_id', 'id']).execute();
  await db.schema.createIndex('trades_listing').on('trades').columns(['listing_id', 'status']).execute();
  await db.schema.createIndex('trades_pay_deadline').on('trades').columns(['status', 'pay_deadline']).execute();
  await db.schema.createIndex('trades_release_deadline').on('trades').columns(['status', 'release_deadline']).execute();
  /** the cancel limit counts a buyer's cancelled and expired trades of the last 24 hours */
  await db.schema.createIndex('trades_buyer_ended').on('trades').columns(['buyer_id', 'ended_at']).execute();

  await db.schema
    .createTable('trade_events')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('trade_id', 'integer', (c) => c.notNull().references('trades.id'))
    /** created | paid | released | cancelled | expired | disputed | resolved */
    .addColumn('event', 'varchar(16)', (c) => c.notNull())
    /** buyer | seller | system | operator */
    .addColumn('actor', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trade_events_trade').on('trade_events').columns(['trade_id', 'id']).execute();

  await db.schema
    .createTable('trade_messages')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('trade_id', 'integer', (c) => c.notNull().references('trades.id'))
    /** buyer | seller | operator */
    .addColumn('sender', 'varchar(8)', (c) => c.notNull())
    /** the user's or the operator's id */
    .addColumn('sender_id', 'integer', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'varchar(100)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('trade_messages_trade').on('trade_messages').columns(['trade_id', 'id']).execute();
}
