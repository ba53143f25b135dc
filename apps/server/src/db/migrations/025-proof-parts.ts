import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * A customer's holdings are several leaves of a snapshot's tree (random parts that add up to them), so a leaf is keyed
 * by its place in the tree, (snapshot, index), and a customer's leaves are found by (snapshot, user). Existing trees
 * have one leaf per customer and stay as they are. PostgreSQL changes the key in place; SQLite cannot change a table's
 * key, so there the table is copied into one with the new key.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'postgres') {
    await sql`ALTER TABLE proof_leaves DROP CONSTRAINT proof_leaves_pk`.execute(db);
    await sql`ALTER TABLE proof_leaves ADD CONSTRAINT proof_leaves_pk PRIMARY KEY (snapshot_id, idx)`.execute(db);
  } else {
    await db.schema
      .createTable('proof_leaves_by_idx')
      .addColumn('snapshot_id', 'integer', (c) => c.notNull().references('proof_snapshots.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('idx', 'integer', (c) => c.notNull())
      .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
      .addPrimaryKeyConstraint('proof_leaves_pk', ['snapshot_id', 'idx'])
      .execute();
    await sql`INSERT INTO proof_leaves_by_idx (snapshot_id, user_id, idx, nonce, amount)
              SELECT snapshot_id, user_id, idx, nonce, amount FROM proof_leaves`.execute(db);
    await db.schema.dropTable('proof_leaves').execute();
    await db.schema.alterTable('proof_leaves_by_idx').renameTo('proof_leaves').execute();
  }
  await db.schema.createIndex('proof_leaves_user').on('proof_leaves').columns(['snapshot_id', 'user_id']).execute();
}
