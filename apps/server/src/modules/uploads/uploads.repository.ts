import type { Tx } from '../../context.js';

export async function insertUpload(tx: Tx, u: { userId: number; name: string; mime: string; size: number; now: string }) {
  const row = await tx
    .insertInto('uploads')
    .values({ user_id: u.userId, name: u.name, mime: u.mime, size: u.size, created_at: u.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findUpload = (tx: Tx, name: string) =>
  tx
    .selectFrom('uploads')
    .select(['id', 'user_id', 'name', 'mime', 'size', 'used_for'])
    .where('name', '=', name)
    .executeTakeFirst();

/** Marks an upload used by one record; false when another record has it already. */
export async function markUsed(tx: Tx, id: number, usedFor: string): Promise<boolean> {
  const res = await tx
    .updateTable('uploads')
    .set({ used_for: usedFor })
    .where('id', '=', id)
    .where('used_for', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export const deleteUploadsOf = (tx: Tx, userId: number) =>
  tx.deleteFrom('uploads').where('user_id', '=', userId).returning('name').execute();

/** True when the customer is the buyer or the seller of the trade. */
export async function isTradeParty(tx: Tx, tradeId: number, userId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('trades')
    .select('id')
    .where('id', '=', tradeId)
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .executeTakeFirst();
  return row !== undefined;
}
