import type { Kysely } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Customer-service contacts (issue 9): the support channels operators list for customers (name, channel, link,
 * working hours), switched on or off and ordered by `sort_order`, then id.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('kefu_contacts')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    /** telegram, whatsapp, email, web, line, other */
    .addColumn('channel', 'varchar(16)', (c) => c.notNull())
    /** https/http, mailto: or tg:// only (checked at the wire) */
    .addColumn('link', 'varchar(500)', (c) => c.notNull())
    .addColumn('hours', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'boolean', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('kefu_contacts_order').on('kefu_contacts').columns(['active', 'sort_order', 'id']).execute();
}
