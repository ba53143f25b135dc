import type { Tx } from '../../context.js';

export async function insertWithdrawal(
  tx: Tx,
  w: { userId: number; accountId: number; amount: bigint; requestId: string | null; now: string },
) {
  const row = await tx
    .insertInto('withdrawals')
    .values({
      user_id: w.userId,
      payout_account_id: w.accountId,
      amount: w.amount,
      status: 'auditing',
      request_id: w.requestId,
      created_at: w.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findWithdrawal = (tx: Tx, id: number) =>
  tx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();

export const findByRequest = (tx: Tx, userId: number, requestId: string) =>
  tx.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();

/** Leaves review exactly once; a second decision finds the row already decided. */
export async function decide(
  tx: Tx,
  id: number,
  to: 'completed' | 'rejected',
  by: number,
  now: string,
  extra: { reason?: string; reference?: string },
): Promise<boolean> {
  const res = await tx
    .updateTable('withdrawals')
    .set({ status: to, reviewed_by: by, reviewed_at: now, ...extra })
    .where('id', '=', id)
    .where('status', '=', 'auditing')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function pageWithdrawals(
  tx: Tx,
  f: { userId?: number; userIds?: number[]; status?: string },
  limit: number,
  offset: number,
) {
  let q = tx.selectFrom('withdrawals');
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.userIds) q = f.userIds.length ? q.where('user_id', 'in', f.userIds) : q.where('id', '<', 0);
  if (f.status) q = q.where('status', '=', f.status);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
