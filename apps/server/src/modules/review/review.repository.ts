import type { Tx } from '../../context.js';

/** Tables whose rows go through operator review; a new queue adds its table here. */
export type ReviewTable = 'recharges' | 'withdrawals' | 'merchant_sales';
/** The columns every reviewed table has. */
export interface ReviewColumns {
  id: number;
  user_id: number;
  status: string;
  reason: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
}

export const findRow = (tx: Tx, table: ReviewTable, id: number) =>
  tx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<ReviewColumns | undefined>;

/**
 * Leaves review exactly once: the update only matches a row still `auditing`, so a second operator, a second
 * process or a retried request finds it already decided (undefined). Answers the decided row.
 */
export async function decideRow(
  tx: Tx,
  table: ReviewTable,
  id: number,
  set: { status: 'completed' | 'rejected'; reviewed_by: number; reviewed_at: string; reason?: string; reference?: string },
): Promise<ReviewColumns | undefined> {
  return (await tx
    .updateTable(table)
    .set(set as never)
    .where('id', '=', id)
    .where('status', '=', 'auditing')
    .returningAll()
    .executeTakeFirst()) as ReviewColumns | undefined;
}

/** Newest first, for one customer or for operators (filtered by status and by the customers a search found). */
export async function pageRows(
  tx: Tx,
  table: ReviewTable,
  f: { userId?: number; userIds?: number[]; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: ReviewColumns[]; total: number }> {
  let q = tx.selectFrom(table);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.userIds) q = f.userIds.length ? q.where('user_id', 'in', f.userIds) : q.where('id', '<', 0);
  if (f.status) q = q.where('status', '=', f.status);
  const rows = (await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute()) as ReviewColumns[];
  const total = await q.select((eb) => eb.fn.countAll<number | bigint | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
