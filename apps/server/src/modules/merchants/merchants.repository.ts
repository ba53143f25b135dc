import type { Insertable, Updateable } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import type { MerchantSalesTable, MerchantsTable } from '../../db/schema.js';

export async function insertMerchant(tx: Tx, m: Insertable<MerchantsTable>): Promise<number> {
  return (await tx.insertInto('merchants').values(m).returning('id').executeTakeFirstOrThrow()).id;
}

export const findMerchant = (tx: Tx, id: number) =>
  tx.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();

/** The offer row locked until the transaction ends: sales to it queue behind each other. */
const lockedMerchant = prepared(1, (db, id: number) => db.selectFrom('merchants').selectAll().where('id', '=', id).forUpdate());
export const lockMerchant = async (tx: Tx, id: number) => (await lockedMerchant(tx, id)).rows[0];

export async function updateMerchant(tx: Tx, id: number, set: Updateable<MerchantsTable>): Promise<void> {
  await tx.updateTable('merchants').set(set).where('id', '=', id).execute();
}

/**
 * Takes `n` off what the offer still buys, only if that much is left: true when it did. The condition makes
 * overselling impossible even without the row lock.
 */
const takeQuantity = prepared(2, (db, id: number, n: bigint) =>
  db
    .updateTable('merchants')
    .set((eb) => ({ quantity: eb('quantity', '-', n) }))
    .where('id', '=', id)
    .where('quantity', '>=', n),
);
export async function reserveQuantity(tx: Tx, id: number, n: bigint): Promise<boolean> {
  return Number((await takeQuantity(tx, id, n)).numAffectedRows) === 1;
}

export async function restoreQuantity(tx: Tx, id: number, n: bigint): Promise<void> {
  await tx
    .updateTable('merchants')
    .set((eb) => ({ quantity: eb('quantity', '+', n) }))
    .where('id', '=', id)
    .execute();
}

export async function pageMerchants(tx: Tx, f: { activeOnly: boolean }, limit: number, offset: number) {
  let q = tx.selectFrom('merchants');
  if (f.activeOnly) q = q.where('active', '=', true).where('quantity', '>', 0n);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await q.select((eb) => eb.fn.countAll<number | bigint | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export const merchantsByIds = (tx: Tx, ids: number[]) =>
  ids.length ? tx.selectFrom('merchants').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

/** Per merchant: sales since `since`, and how many of them completed and were rejected. */
export async function salesStats(tx: Tx, ids: number[], since: string) {
  if (!ids.length) return [];
  const rows = await tx
    .selectFrom('merchant_sales')
    .select(['merchant_id', 'status'])
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .where('merchant_id', 'in', ids)
    .where('created_at', '>=', since)
    .groupBy(['merchant_id', 'status'])
    .execute();
  return rows.map((r) => ({ merchant_id: r.merchant_id, status: r.status, n: Number(r.n) }));
}

export async function insertSale(tx: Tx, s: Insertable<MerchantSalesTable>): Promise<number> {
  return (await tx.insertInto('merchant_sales').values(s).returning('id').executeTakeFirstOrThrow()).id;
}

const orderNoUpdate = prepared(2, (db, id: number, orderNo: string) =>
  db.updateTable('merchant_sales').set({ order_no: orderNo }).where('id', '=', id),
);
export async function setOrderNo(tx: Tx, id: number, orderNo: string): Promise<void> {
  await orderNoUpdate(tx, id, orderNo);
}

const saleByRequest = prepared(2, (db, userId: number, requestId: string) =>
  db.selectFrom('merchant_sales').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId),
);
export const findSaleByRequest = async (tx: Tx, userId: number, requestId: string) =>
  (await saleByRequest(tx, userId, requestId)).rows[0];
