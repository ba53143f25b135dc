import { sql } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import { sumOf } from '../../db/queries.js';

/** What a customer asked to withdraw since `since` (ISO time): pending and paid withdrawals, not rejected ones. */
const withdrawnSum = prepared(2, (db, userId: number, since: string) =>
  db
    .selectFrom('withdrawals')
    .select(sql<string | null>`sum(amount)`.as('total'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .where('status', '!=', 'rejected'),
);
export async function withdrawnSince(tx: Tx, userId: number, since: string): Promise<bigint> {
  return sumOf((await withdrawnSum(tx, userId, since)).rows[0]?.total);
}

const overrideOf = prepared(1, (db, userId: number) => db.selectFrom('users').select('vip_override').where('id', '=', userId));
export const findOverride = async (tx: Tx, userId: number) => (await overrideOf(tx, userId)).rows[0]?.vip_override ?? null;

/** The customer's row locked, with their override; undefined when there is no such customer. */
export const lockUser = (tx: Tx, id: number) =>
  tx.selectFrom('users').select(['id', 'email', 'vip_override']).where('id', '=', id).forUpdate().executeTakeFirst();

export async function setOverride(tx: Tx, userId: number, level: number | null): Promise<void> {
  await tx.updateTable('users').set({ vip_override: level }).where('id', '=', userId).execute();
}
