import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';

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

const byRequest = prepared(2, (db, userId: number, requestId: string) =>
  db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId),
);
export const findByRequest = async (tx: Tx, userId: number, requestId: string) =>
  (await byRequest(tx, userId, requestId)).rows[0];

export const findWithdrawal = (tx: Tx, id: number) =>
  tx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
