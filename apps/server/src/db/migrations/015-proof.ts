import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * Proof of liabilities (issue 11). A snapshot keeps the whole Merkle sum tree, so `proof/mine` reads a customer's
 * path with two indexed queries instead of rebuilding the tree: the leaf of (snapshot, user) gives its index, and the
 * nodes of the path are (snapshot, level, index) keys. Level 0 holds the leaves' hashes and amounts; a level of odd
 * size holds its zero-sum padding node too. `proof_schedule` is the one row the daily job claims (FOR UPDATE SKIP
 * LOCKED on PostgreSQL), so two processes never take the same day's snapshot.
 */
export async function up(db: Kysely<unknown>, { id }: MigrationContext): Promise<void> {
  await db.schema
    .createTable('proof_snapshots')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('root_hash', 'varchar(64)', (c) => c.notNull())
    /** micro-USDT: the root's sum, equal to the ledger's customer liabilities when it was taken */
    .addColumn('total', 'bigint', (c) => c.notNull().check(sql`total >= 0`))
    .addColumn('leaf_count', 'integer', (c) => c.notNull())
    /** `job`, or `operator:<id>` */
    .addColumn('taken_by', 'varchar(64)', (c) => c.notNull())
    .addColumn('operator_id', 'integer')
    .execute();
  await db.schema.createIndex('proof_snapshots_created').on('proof_snapshots').column('created_at').execute();
  await db.schema
    .createTable('proof_leaves')
    .addColumn('snapshot_id', 'integer', (c) => c.notNull().references('proof_snapshots.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    /** 32 random bytes, hex */
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull().check(sql`amount >= 0`))
    .addPrimaryKeyConstraint('proof_leaves_pk', ['snapshot_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('proof_nodes')
    .addColumn('snapshot_id', 'integer', (c) => c.notNull().references('proof_snapshots.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('sum', 'bigint', (c) => c.notNull().check(sql`sum >= 0`))
    .addPrimaryKeyConstraint('proof_nodes_pk', ['snapshot_id', 'level', 'idx'])
    .execute();
  await db.schema
    .createTable('proof_schedule')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('next_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  // due from now: the job's first run takes the first snapshot, and its lag counts from the install, not from 1970
  await db
    .insertInto('proof_schedule' as never)
    .values({ id: 1, next_at: new Date().toISOString() } as never)
    .execute();
}
