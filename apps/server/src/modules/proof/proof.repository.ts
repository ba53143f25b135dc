import { type Insertable, sql } from 'kysely';
import type { Tx } from '../../context.js';
import { sumOf } from '../../db/queries.js';
import type { ProofLeavesTable, ProofNodesTable } from '../../db/schema.js';

type Count = number | bigint | string;
/** Rows per INSERT: 5 columns each stays far below both databases' bound-parameter limits. */
const CHUNK = 1000;

/**
 * Every customer's holdings (all their accounts in `currency`, 0 for a customer without any) and the sum of the
 * platform's own accounts, in ONE statement: PostgreSQL runs a statement on one snapshot of committed data, and on
 * SQLite the caller's transaction holds the write lock, so no posting lands between two parts of the read.
 */
export async function holdingsAtOnePoint(tx: Tx, currency: string) {
  const { rows } = await sql<{ user_id: Count | null; amount: Count | null }>`
    SELECT u.id AS user_id, COALESCE(SUM(a.balance), 0) AS amount
      FROM users u LEFT JOIN accounts a ON a.user_id = u.id AND a.currency = ${currency}
     GROUP BY u.id
    UNION ALL
    SELECT NULL AS user_id, COALESCE(SUM(balance), 0) AS amount
      FROM accounts WHERE user_id IS NULL AND currency = ${currency}`.execute(tx);
  const users: { userId: number; amount: bigint }[] = [];
  let platform = 0n;
  for (const r of rows) {
    if (r.user_id === null) platform = sumOf(r.amount);
    else users.push({ userId: Number(r.user_id), amount: sumOf(r.amount) });
  }
  return { users, platform };
}

export const insertSnapshot = async (
  tx: Tx,
  row: { created_at: string; root_hash: string; total: bigint; leaf_count: number; taken_by: string; operator_id: number | null },
) => (await tx.insertInto('proof_snapshots').values(row).returning('id').executeTakeFirstOrThrow()).id;

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

export const findSnapshot = (tx: Tx, id: number) =>
  tx.selectFrom('proof_snapshots').selectAll().where('id', '=', id).executeTakeFirst();
export const latestSnapshot = (tx: Tx) =>
  tx.selectFrom('proof_snapshots').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();

export async function pageSnapshots(tx: Tx, limit: number, offset: number) {
  const rows = await tx.selectFrom('proof_snapshots').selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await tx
    .selectFrom('proof_snapshots')
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export const findLeaf = (tx: Tx, snapshotId: number, userId: number) =>
  tx
    .selectFrom('proof_leaves')
    .select(['idx', 'nonce', 'amount'])
    .where('snapshot_id', '=', snapshotId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/** The nodes at the given (level, index) keys of a snapshot: one indexed read for a whole path. */
export function nodesAt(tx: Tx, snapshotId: number, keys: readonly { level: number; idx: number }[]) {
  return tx
    .selectFrom('proof_nodes')
    .select(['level', 'idx', 'hash', 'sum'])
    .where('snapshot_id', '=', snapshotId)
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('level', '=', k.level), eb('idx', '=', k.idx)]))))
    .execute();
}

/** How many snapshots were taken after snapshot `id`. */
export async function newerSnapshots(tx: Tx, id: number): Promise<number> {
  const r = await tx
    .selectFrom('proof_snapshots')
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where('id', '>', id)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Snapshots older than the newest `keep` that still hold leaves or nodes, oldest first; locked, so another process's
 * claim passes over them.
 */
export const snapshotsToPrune = (tx: Tx, keep: number, limit: number) =>
  tx
    .selectFrom('proof_snapshots as s')
    .select('s.id')
    .where('s.id', '<', (eb) =>
      eb
        .selectFrom('proof_snapshots')
        .select('id')
        .orderBy('id', 'desc')
        .limit(1)
        .offset(keep - 1),
    )
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('proof_leaves').select('snapshot_id').whereRef('snapshot_id', '=', 's.id')),
        eb.exists(eb.selectFrom('proof_nodes').select('snapshot_id').whereRef('snapshot_id', '=', 's.id')),
      ]),
    )
    .orderBy('s.id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

/** Deletes a snapshot's leaves and nodes (its row, with the root, stays): how many rows went. */
export async function deleteTree(tx: Tx, id: number): Promise<number> {
  const leaves = await tx.deleteFrom('proof_leaves').where('snapshot_id', '=', id).executeTakeFirst();
  const nodes = await tx.deleteFrom('proof_nodes').where('snapshot_id', '=', id).executeTakeFirst();
  return Number(leaves.numDeletedRows) + Number(nodes.numDeletedRows);
}

/** The daily job's one row, when it is due; locked, so another process's claim passes over it. */
export const dueSchedule = (tx: Tx, now: string) =>
  tx.selectFrom('proof_schedule').select('id').where('next_at', '<=', now).limit(1).forUpdate().skipLocked().execute();

export const scheduleDueSince = async (tx: Tx, now: string) =>
  (await tx.selectFrom('proof_schedule').select('next_at').where('next_at', '<=', now).executeTakeFirst())?.next_at;

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
