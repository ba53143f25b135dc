import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from './context.js';

/**
 * A snapshot's tree is stored in many short transactions (hundreds of thousands of rows: one transaction holding
 * SQLite's write lock for all of them stopped every other write for seconds). Its row is written first, unpublished,
 * and the last transaction publishes it: every read of snapshots shows published ones only, so a half-stored tree is
 * never seen, and one whose build stopped half-way is deleted later by the prune job. Existing snapshots were
 * stored whole, in one transaction: they are published.
 *
 * `tree_pruned` marks a snapshot whose tree the prune job has deleted (its root stays). The job's claim reads it on the
 * snapshot's own row: on PostgreSQL a claim that waited for another process's lock sees the row changed and passes
 * over it, where a condition on the tree's tables (whose rows are gone, not changed) let a second process work the
 * same snapshot again.
 */
export async function up(db: Kysely<unknown>, _ctx: MigrationContext): Promise<void> {
  await db.schema
    .alterTable('proof_snapshots')
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('proof_snapshots')
    .addColumn('tree_pruned', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  // trees the prune job had already deleted
  await sql`UPDATE proof_snapshots SET tree_pruned = ${true}
             WHERE NOT EXISTS (SELECT 1 FROM proof_leaves l WHERE l.snapshot_id = proof_snapshots.id)
               AND NOT EXISTS (SELECT 1 FROM proof_nodes n WHERE n.snapshot_id = proof_snapshots.id)
               AND leaf_count > 0`.execute(db);
}
