import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Flags become BOOLEAN columns, so both databases answer true/false (SQLite stores 1/0 under a BOOLEAN
 * declaration and the driver reads it back as a boolean). SQLite cannot change a column's type in place:
 * the flag is copied into a new column and the old one dropped.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  for (const table of ['house_invite_codes', 'receiving_addresses']) {
    if (dialect === 'postgres') {
      await sql`ALTER TABLE ${sql.table(table)} ALTER COLUMN active TYPE boolean USING active <> 0`.execute(db);
      continue;
    }
    await sql`ALTER TABLE ${sql.table(table)} RENAME COLUMN active TO active_int`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN active boolean NOT NULL DEFAULT 0`.execute(db);
    await sql`UPDATE ${sql.table(table)} SET active = CASE WHEN active_int <> 0 THEN 1 ELSE 0 END`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP COLUMN active_int`.execute(db);
  }
}
