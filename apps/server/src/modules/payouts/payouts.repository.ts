import type { Insertable } from 'kysely';
import type { Tx } from '../../context.js';
import type { PayoutAccountsTable } from '../../db/schema.js';

export async function insertAccount(tx: Tx, row: Insertable<PayoutAccountsTable>) {
  return (await tx.insertInto('payout_accounts').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export function listAccounts(tx: Tx, userId: number, type?: string) {
  let q = tx.selectFrom('payout_accounts').selectAll().where('user_id', '=', userId);
  if (type) q = q.where('type', '=', type);
  return q.orderBy('id', 'desc').execute();
}

export const findAccount = (tx: Tx, id: number) =>
  tx.selectFrom('payout_accounts').selectAll().where('id', '=', id).executeTakeFirst();

export const findAccounts = async (tx: Tx, ids: number[]) =>
  ids.length ? tx.selectFrom('payout_accounts').selectAll().where('id', 'in', ids).execute() : [];

export async function typesBound(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx.selectFrom('payout_accounts').select('type').distinct().where('user_id', '=', userId).execute();
  return rows.map((r) => r.type);
}

export async function deleteAccountsOf(tx: Tx, userId: number) {
  await tx.deleteFrom('payout_accounts').where('user_id', '=', userId).execute();
}
