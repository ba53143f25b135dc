import { type Insertable, type Kysely, sql } from 'kysely';
import type { Tx } from '../../context.js';
import { sumOf } from '../../db/queries.js';
import type { DB, ProofLeavesTable, ProofNodesTable } from '../../db/schema.js';

type Count = number | bigint | string;
/** Rows per INSERT: 5 columns each stays far below both databases' bound-parameter limits. */
const CHUNK = 1000;

/**
 * Every customer's holdings (all their accounts in `currency`, 0 for a customer without any) and the sum of the
 * platform's own accounts (the row without a user), as ONE statement, compiled for `readInSlices` (db/database.ts):
 * one statement reads one point of committed data on both databases, so no posting lands between two parts of it.
 * Columns: user_id (null on the platform's row) and amount.
 */
export const holdingsQuery = (db: Kysely<DB>, currency: string) =>
  sql<{ user_id: Count | null; amount: Count | null }>`
    SELECT u.id AS user_id, COALESCE(SUM(a.balance), 0) AS amount
      FROM users u LEFT JOIN accounts a ON a.user_id = u.id AND a.currency = ${currency}
     GROUP BY u.id
    UNION ALL
    SELECT NULL AS user_id, COALESCE(SUM(balance), 0) AS amount
      FROM accounts WHERE user_id IS NULL AND currency = ${currency}`.compile(db);

/** One row of `holdingsQuery` as `readInSlices` hands it over: user id null on the platform's row. */
export const readHolding = (r: Record<string, unknown>) => ({
  userId: r.user_id === null || r.user_id === undefined ? null : Number(r.user_id),
  amount: sumOf(r.amount),
});

/** A new snapshot's row, unpublished until its whole tree is stored (`publishSnapshot`). */
export const insertSnapshot = async (
  tx: Tx,
  row: { created_at: string; root_hash: string; total: bigint; leaf_count: number; taken_by: string; operator_id: number | null },
) =>
  (
    await tx
      .insertInto('proof_snapshots')
      .values({ ...row, published: false })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

export const publishSnapshot = async (tx: Tx, id: number, rootHash: string) =>
  Number(
    (
      await tx
        .updateTable('proof_snapshots')
        .set({ published: true, root_hash: rootHash })
        .where('id', '=', id)
        .where('published', '=', false)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1;

async function insertChunked<T extends 'proof_leaves' | 'proof_nodes'>(
  tx: Tx,
  table: T,
  rows: Insertable<T extends 'proof_leaves' ? ProofLeavesTable : ProofNodesTable>[],
) {
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
}
export const insertLeaves = (tx: Tx, rows: Insertable<ProofLeavesTable>[]) => insertChunked(tx, 'proof_leaves', rows);
export const insertNodes = (tx: Tx, rows: Insertable<ProofNodesTable>[]) => insertChunked(tx, 'proof_nodes', rows);

const published = (tx: Tx) => tx.selectFrom('proof_snapshots').where('published', '=', true);

export const findSnapshot = (tx: Tx, id: number) => published(tx).selectAll().where('id', '=', id).executeTakeFirst();
export const latestSnapshot = (tx: Tx) => published(tx).selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

export async function pageSnapshots(tx: Tx, limit: number, offset: number) {
  const rows = await published(tx).selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await published(tx)
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** A customer's leaves in a snapshot, in tree order. */
export const findLeaves = (tx: Tx, snapshotId: number, userId: number) =>
  tx
    .selectFrom('proof_leaves')
    .select(['idx', 'nonce', 'amount'])
    .where('snapshot_id', '=', snapshotId)
    .where('user_id', '=', userId)
    .orderBy('idx')
    .execute();

/** The nodes at the given (level, index) keys of a snapshot: one indexed read for a whole path. */
export function nodesAt(tx: Tx, snapshotId: number, keys: readonly { level: number; idx: number }[]) {
  return tx
    .selectFrom('proof_nodes')
    .select(['level', 'idx', 'hash', 'sum'])
    .where('snapshot_id', '=', snapshotId)
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('level', '=', k.level), eb('idx', '=', k.idx)]))))
    .execute();
}

/** How many published snapshots were taken after snapshot `id`. */
export async function newerSnapshots(tx: Tx, id: number): Promise<number> {
  const r = await published(tx)
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where('id', '>', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Snapshots whose rows are to go, oldest first: published ones older than the newest `keep` published whose tree is not
 * yet pruned (their rows stay), and unpublished ones created before `staleBefore` (a build that stopped half-way:
 * their rows go too). Locked, so another process's claim passes over them.
 */
export const snapshotsToPrune = (tx: Tx, keep: number, staleBefore: string, limit: number) =>
  tx
    .selectFrom('proof_snapshots as s')
    .select(['s.id', 's.published'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('s.published', '=', true),
          eb(
            's.id',
            '<',
            published(tx)
              .select('id')
              .orderBy('id', 'desc')
              .limit(1)
              .offset(keep - 1),
          ),
          eb('s.tree_pruned', '=', false),
        ]),
        eb.and([eb('s.published', '=', false), eb('s.created_at', '<', staleBefore)]),
      ]),
    )
    .orderBy('s.id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

/**
 * Deletes at most `limit` leaves and `limit` nodes of a snapshot (its row stays): how many of each went. A short
 * transaction per call, so deleting a large tree never holds SQLite's write lock for long.
 */
export async function deleteSomeOfTree(tx: Tx, id: number, limit: number): Promise<{ leaves: number; nodes: number }> {
  const leaves = await tx
    .deleteFrom('proof_leaves')
    .where('snapshot_id', '=', id)
    .where('idx', 'in', (eb) => eb.selectFrom('proof_leaves').select('idx').where('snapshot_id', '=', id).limit(limit))
    .executeTakeFirst();
  const nodes = await tx
    .deleteFrom('proof_nodes')
    .where('snapshot_id', '=', id)
    .where((eb) =>
      eb(
        eb.refTuple('level', 'idx'),
        'in',
        eb.selectFrom('proof_nodes').select(['level', 'idx']).where('snapshot_id', '=', id).limit(limit).$asTuple('level', 'idx'),
      ),
    )
    .executeTakeFirst();
  return { leaves: Number(leaves.numDeletedRows), nodes: Number(nodes.numDeletedRows) };
}

/** Marks a published snapshot's tree as deleted: it is no longer due for the prune job. */
export async function markTreePruned(tx: Tx, id: number): Promise<void> {
  await tx.updateTable('proof_snapshots').set({ tree_pruned: true }).where('id', '=', id).where('published', '=', true).execute();
}

/** Deletes an unpublished snapshot's row once its tree is gone: true when it went. */
export async function deleteUnpublished(tx: Tx, id: number): Promise<boolean> {
  const r = await tx.deleteFrom('proof_snapshots').where('id', '=', id).where('published', '=', false).executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

/** The daily job's one row, when it is due; locked, so another process's claim passes over it. */
export const dueSchedule = (tx: Tx, now: string) =>
  tx.selectFrom('proof_schedule').select('id').where('next_at', '<=', now).limit(1).forUpdate().skipLocked().execute();

export const scheduleDueSince = async (tx: Tx, now: string) =>
  (await tx.selectFrom('proof_schedule').select('next_at').where('next_at', '<=', now).executeTakeFirst())?.next_at;

/** Moves the schedule from `from` to `to` only if no one moved it since: true when this call moved it. */
export async function moveSchedule(tx: Tx, id: number, from: string, to: string): Promise<boolean> {
  const r = await tx
    .updateTable('proof_schedule')
    .set({ next_at: to })
    .where('id', '=', id)
    .where('next_at', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Moves the schedule to `next` only if it is still due at `now`: true when this call moved it. */
export async function advanceSchedule(tx: Tx, id: number, now: string, next: string): Promise<boolean> {
  const r = await tx
    .updateTable('proof_schedule')
    .set({ next_at: next })
    .where('id', '=', id)
    .where('next_at', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
