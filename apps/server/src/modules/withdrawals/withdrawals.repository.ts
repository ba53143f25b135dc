import type { Tx } from '../../context.js';

/** Records a withdrawal and answers its id. */
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

export const findByRequest = (tx: Tx, userId: number, requestId: string) =>
  tx
    .selectFrom('withdrawals')
    .select(['id', 'status'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();

export const findWithdrawal = (tx: Tx, id: number) =>
  tx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
