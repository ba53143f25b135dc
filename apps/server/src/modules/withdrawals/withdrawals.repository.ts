import type { Tx } from '../../context.js';
import { decideReview, pageReviews } from '../../db/review.js';

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
export const decide = (
  tx: Tx,
  id: number,
  to: 'completed' | 'rejected',
  by: number,
  now: string,
  extra: { reason?: string; reference?: string },
) => decideReview(tx, 'withdrawals', id, { status: to, reviewed_by: by, reviewed_at: now, ...extra });

export const pageWithdrawals = (
  tx: Tx,
  f: { userId?: number; userIds?: number[]; status?: string },
  limit: number,
  offset: number,
) => pageReviews(tx, 'withdrawals', f, limit, offset);
