import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';

const withdrawalInsert = prepared(
  5,
  (db, userId: number, accountId: number, amount: bigint, requestId: string | null, now: string) =>
    db
      .insertInto('withdrawals')
      .values({
        user_id: userId,
        payout_account_id: accountId,
        amount,
        status: 'auditing',
        request_id: requestId,
        created_at: now,
      })
      .returning('id'),
);
/** Records a withdrawal and answers its id. */
export async function insertWithdrawal(
  tx: Tx,
  w: { userId: number; accountId: number; amount: bigint; requestId: string | null; now: string },
) {
  const row = (await withdrawalInsert(tx, w.userId, w.accountId, w.amount, w.requestId, w.now)).rows[0];
  if (!row) throw new Error('the withdrawal insert returned no id');
  return row.id;
}

const byRequest = prepared(2, (db, userId: number, requestId: string) =>
  db.selectFrom('withdrawals').select(['id', 'status']).where('user_id', '=', userId).where('request_id', '=', requestId),
);
export const findByRequest = async (tx: Tx, userId: number, requestId: string) =>
  (await byRequest(tx, userId, requestId)).rows[0];

export const findWithdrawal = (tx: Tx, id: number) =>
  tx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
