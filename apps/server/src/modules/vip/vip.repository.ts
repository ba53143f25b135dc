import { sql } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import { sumOf } from '../../db/queries.js';

/**
 * Adds a withdrawal's amount to its customer's total of its UTC day (`YYYY-MM-DD`) and answers the new total. The row is
 * locked until the transaction ends, so two withdrawals of one customer at once are counted one after the other.
 */
const dayAdd = prepared(3, (db, userId: number, day: string, amount: bigint) =>
  db
    .insertInto('withdrawal_days')
    .values({ user_id: userId, day, total: amount })
    .onConflict((oc) =>
      oc.columns(['user_id', 'day']).doUpdateSet((eb) => ({ total: eb('withdrawal_days.total', '+', eb.ref('excluded.total')) })),
    )
    .returning('total'),
);
export async function addToDay(tx: Tx, userId: number, day: string, amount: bigint): Promise<bigint> {
  const row = (await dayAdd(tx, userId, day, amount)).rows[0];
  if (!row) throw new Error('the daily withdrawal total answered no row');
  return row.total;
}

/** Takes a rejected withdrawal's amount off its customer's total of its day. */
const daySubtract = prepared(3, (db, userId: number, day: string, amount: bigint) =>
  db
    .updateTable('withdrawal_days')
    .set((eb) => ({ total: eb('total', '-', amount) }))
    .where('user_id', '=', userId)
    .where('day', '=', day),
);
export async function takeFromDay(tx: Tx, userId: number, day: string, amount: bigint): Promise<void> {
  await daySubtract(tx, userId, day, amount);
}

/** What a customer asked to withdraw on `day` (UTC, `YYYY-MM-DD`): pending and paid withdrawals, not rejected ones. */
const dayTotal = prepared(2, (db, userId: number, day: string) =>
  db.selectFrom('withdrawal_days').select('total').where('user_id', '=', userId).where('day', '=', day),
);
export async function withdrawnOn(tx: Tx, userId: number, day: string): Promise<bigint> {
  return (await dayTotal(tx, userId, day)).rows[0]?.total ?? 0n;
}

/** The same from the withdrawals themselves (what `withdrawal_days` must always agree with; for checks and tests). */
export async function withdrawnOnSummed(tx: Tx, userId: number, day: string): Promise<bigint> {
  const row = await tx
    .selectFrom('withdrawals')
    .select(sql<string | null>`sum(amount)`.as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', `${day}T00:00:00.000Z`)
    .where('created_at', '<', new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString())
    .where('status', '!=', 'rejected')
    .executeTakeFirst();
  return sumOf(row?.total);
}

const overrideOf = prepared(1, (db, userId: number) => db.selectFrom('users').select('vip_override').where('id', '=', userId));
export const findOverride = async (tx: Tx, userId: number) => (await overrideOf(tx, userId)).rows[0]?.vip_override ?? null;

/** The customer's row locked, with their override; undefined when there is no such customer. */
export const lockUser = (tx: Tx, id: number) =>
  tx.selectFrom('users').select(['id', 'email', 'vip_override']).where('id', '=', id).forUpdate().executeTakeFirst();

export async function setOverride(tx: Tx, userId: number, level: number | null): Promise<void> {
  await tx.updateTable('users').set({ vip_override: level }).where('id', '=', userId).execute();
}
