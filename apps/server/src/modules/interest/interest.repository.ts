import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import { claimDue } from '../../db/queries.js';
import type { InterestOrdersTable, InterestProductsTable } from '../../db/schema.js';

type Count = number | bigint | string;

export async function insertProduct(tx: Tx, p: Insertable<InterestProductsTable>): Promise<number> {
  return (await tx.insertInto('interest_products').values(p).returning('id').executeTakeFirstOrThrow()).id;
}

const productOf = prepared(1, (db, id: number) => db.selectFrom('interest_products').selectAll().where('id', '=', id));
/** The product as it is now, without a lock (a subscription takes its quota last: `quotaTaken`). */
export const findProduct = async (tx: Tx, id: number) => (await productOf(tx, id)).rows[0];

/** The product row locked until the transaction ends: two edits queue behind each other (a subscription's take waits too). */
export const lockProduct = (tx: Tx, id: number) =>
  tx.selectFrom('interest_products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function updateProduct(tx: Tx, id: number, set: Updateable<InterestProductsTable>): Promise<void> {
  await tx.updateTable('interest_products').set(set).where('id', '=', id).execute();
}

/**
 * Adds `n` to what the product sold, only if it is active, `n` is within its per-order limits, the quota takes it and
 * the product still has the rate and days the order was written with (`findProduct` tells why not): the condition
 * makes overselling the quota impossible even without a lock. False when it took nothing.
 */
export async function takeQuota(tx: Tx, product: Selectable<InterestProductsTable>, n: bigint): Promise<boolean> {
  const r = await tx
    .updateTable('interest_products')
    .set((eb) => ({ sold: eb('sold', '+', n) }))
    .where('id', '=', product.id)
    .where('active', '=', true)
    .where('min_amount', '<=', n)
    .where('max_amount', '>=', n)
    .where((eb) => eb(eb('sold', '+', n), '<=', eb.ref('quota')))
    .where('rate', '=', product.rate)
    .where('days', '=', product.days)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function pageProducts(tx: Tx, f: { activeOnly: boolean }, limit: number, offset: number) {
  let q = tx.selectFrom('interest_products');
  if (f.activeOnly) q = q.where('active', '=', true).where((eb) => eb('sold', '<', eb.ref('quota')));
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await q.select((eb) => eb.fn.countAll<Count>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export const productsByIds = (tx: Tx, ids: number[]) =>
  ids.length ? tx.selectFrom('interest_products').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);

export async function insertOrder(tx: Tx, o: Insertable<InterestOrdersTable>): Promise<number> {
  return (await tx.insertInto('interest_orders').values(o).returning('id').executeTakeFirstOrThrow()).id;
}

export const findOrderByRequest = (tx: Tx, userId: number, requestId: string) =>
  tx
    .selectFrom('interest_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();

export async function pageOwnOrders(tx: Tx, userId: number, limit: number, offset: number) {
  const q = tx.selectFrom('interest_orders').where('user_id', '=', userId);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await q.select((eb) => eb.fn.countAll<Count>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** Active orders past their expiry, oldest first, locked (others' claims skip them). */
export const dueOrders = (tx: Tx, now: string, limit: number) =>
  claimDue(tx, 'interest_orders', 'expires_at', now, limit, 'active');

/** The earliest expiry among active orders past it (undefined when none is), locking nothing. */
export async function oldestDueOrder(tx: Tx, now: string): Promise<string | undefined> {
  const row = await tx
    .selectFrom('interest_orders')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** `active` -> `settled` once the order is due, only if it still is: the settled row, or undefined when it was not. */
export const markSettled = (tx: Tx, id: number, now: string) =>
  tx
    .updateTable('interest_orders')
    .set({ status: 'settled', settled_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('expires_at', '<=', now)
    .returningAll()
    .executeTakeFirst();
