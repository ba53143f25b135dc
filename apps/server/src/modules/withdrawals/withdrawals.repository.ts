import { PAYOUT_TYPES } from '@c2c/shared';
import type { Tx } from '../../context.js';
import { prepared, preparedStatement } from '../../db/prepared.js';
import { refusedWhenNone } from '../../db/queries.js';
import { sendChecked } from '../../db/transaction.js';
import { usableAccount } from '../payouts/payouts.service.js';

/** under `id` when one was reserved (`reserveId`: PostgreSQL), else (null: SQLite) the next rowid, as SQLite assigns it */
const withdrawalInsert = prepared(
  6,
  (db, id: number | null, userId: number, accountId: number, amount: bigint, requestId: string | null, now: string) =>
    db
      .insertInto('withdrawals')
      .values({
        id: id as number,
        user_id: userId,
        payout_account_id: accountId,
        amount,
        status: 'auditing',
        request_id: requestId,
        created_at: now,
      })
      .returning('id'),
);
/** Records a withdrawal, under `id` when one was reserved (`reserveId`), and answers its id. */
export async function insertWithdrawal(
  tx: Tx,
  w: { id: number | undefined; userId: number; accountId: number; amount: bigint; requestId: string | null; now: string },
) {
  const row = (await withdrawalInsert(tx, w.id ?? null, w.userId, w.accountId, w.amount, w.requestId, w.now)).rows[0];
  if (!row) throw new Error('the withdrawal insert returned no id');
  return row.id;
}

/** a withdrawal goes to an account of any kind */
const ANY_TYPE = PAYOUT_TYPES.join(',');
/**
 * PostgreSQL, sent at once (`sendChecked`): the withdrawal's insert from the payout account it goes to, only when a
 * payout may go there (`usableAccount`: the customer's own, current, past its cooling time, locked), failing otherwise.
 */
const withdrawalInsertChecked = preparedStatement(
  6,
  (db, id: number, userId: number, accountId: number, amount: bigint, requestId: string | null, now: string) =>
    refusedWhenNone(
      db,
      db
        .insertInto('withdrawals')
        .columns(['id', 'user_id', 'payout_account_id', 'amount', 'status', 'request_id', 'created_at'])
        .expression(
          usableAccount(db, accountId, userId, now, ANY_TYPE).select((eb) => [
            eb.val(id).as('id'),
            eb.val(userId).as('user_id'),
            'id as payout_account_id',
            eb.val(amount).as('amount'),
            eb.val('auditing').as('status'),
            eb.val(requestId).as('request_id'),
            eb.val(now).as('created_at'),
          ]),
        )
        .returning('id'),
    ),
);
/** Sends a withdrawal's insert at once, under the id reserved for it (`reserveId`): refused unless the account is usable. */
export async function insertWithdrawalChecked(
  tx: Tx,
  w: { id: number; userId: number; accountId: number; amount: bigint; requestId: string | null; now: string },
): Promise<void> {
  await sendChecked(tx, withdrawalInsertChecked(tx, w.id, w.userId, w.accountId, w.amount, w.requestId, w.now));
}

const byRequest = prepared(2, (db, userId: number, requestId: string) =>
  db.selectFrom('withdrawals').select(['id', 'status']).where('user_id', '=', userId).where('request_id', '=', requestId),
);
export const findByRequest = async (tx: Tx, userId: number, requestId: string) =>
  (await byRequest(tx, userId, requestId)).rows[0];

export const findWithdrawal = (tx: Tx, id: number) =>
  tx.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
