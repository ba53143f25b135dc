import type { Tx } from '../../context.js';

/** Trades of every customer, newest first, filtered by status and by the customers a search found (either side). */
export async function pageTrades(tx: Tx, f: { status?: string; userIds?: number[] }, limit: number, offset: number) {
  let q = tx.selectFrom('trades');
  if (f.status) q = q.where('status', '=', f.status);
  const ids = f.userIds;
  if (ids) {
    q = ids.length ? q.where((eb) => eb.or([eb('buyer_id', 'in', ids), eb('seller_id', 'in', ids)])) : q.where('id', '<', 0);
  }
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await q.select((eb) => eb.fn.countAll<number | bigint | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export const findTrade = (tx: Tx, id: number) => tx.selectFrom('trades').selectAll().where('id', '=', id).executeTakeFirst();

/** The trade locked until the transaction ends: of two operators deciding it at once, the second waits and sees the first's outcome. */
export const lockTrade = (tx: Tx, id: number) =>
  tx.selectFrom('trades').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
