import type { Tx } from '../context.js';

/** Tables whose rows go through operator review: `auditing` -> `completed` | `rejected`. */
export type ReviewTable = 'recharges' | 'withdrawals';

/**
 * Leaves review exactly once: the update only matches a row still `auditing`, so a second operator, a
 * second process or a retried request finds it already decided (false).
 */
export async function decideReview(
  tx: Tx,
  table: ReviewTable,
  id: number,
  set: { status: 'completed' | 'rejected'; reviewed_by: number; reviewed_at: string; reason?: string; reference?: string },
): Promise<boolean> {
  const res = await tx
    .updateTable(table)
    .set(set as never)
    .where('id', '=', id)
    .where('status', '=', 'auditing')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Newest first, for one customer or for operators (filtered by status and by the customers a search found). */
export async function pageReviews<T extends ReviewTable>(
  tx: Tx,
  table: T,
  f: { userId?: number; userIds?: number[]; status?: string },
  limit: number,
  offset: number,
) {
  let q = tx.selectFrom(table as ReviewTable);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.userIds) q = f.userIds.length ? q.where('user_id', 'in', f.userIds) : q.where('id', '<', 0);
  if (f.status) q = q.where('status', '=', f.status);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
