import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import type { MerchantSalesTable, MerchantsTable } from '../../db/schema.js';
import { randomCode } from '../../lib/crypto.js';

export async function insertMerchant(tx: Tx, m: Insertable<MerchantsTable>): Promise<number> {
  return (await tx.insertInto('merchants').values(m).returning('id').executeTakeFirstOrThrow()).id;
}

export const findMerchant = (tx: Tx, id: number) =>
  tx.selectFrom('merchants').selectAll().where('id', '=', id).executeTakeFirst();

/** The offer row locked until the transaction ends (an operator's change): sales reserve after it. */
const lockedMerchant = prepared(1, (db, id: number) => db.selectFrom('merchants').selectAll().where('id', '=', id).forUpdate());
export const lockMerchant = async (tx: Tx, id: number) => (await lockedMerchant(tx, id)).rows[0];

export async function updateMerchant(tx: Tx, id: number, set: Updateable<MerchantsTable>): Promise<void> {
  await tx.updateTable('merchants').set(set).where('id', '=', id).execute();
}

type MerchantRow = Selectable<MerchantsTable>;

const offerOf = prepared(1, (db, id: number) => db.selectFrom('merchants').selectAll().where('id', '=', id));
/** The offer as it is now, without a lock (a sale reserves its quantity last: `reserve`). */
export const readOffer = async (tx: Tx, id: number) => (await offerOf(tx, id)).rows[0];

/**
 * Takes `n` off what an active offer still buys, only if `n` is within its per-order limits, that much is left and
 * the offer still has the price, currency and payout kinds the sale was made at (`readOffer` tells why not): the
 * condition makes overselling impossible even without a lock. False when it took nothing.
 */
const reserveFrom = prepared(5, (db, id: number, n: bigint, price: bigint, currency: string, methods: string) =>
  db
    .updateTable('merchants')
    .set((eb) => ({ quantity: eb('quantity', '-', n) }))
    .where('id', '=', id)
    .where('active', '=', true)
    .where('min_amount', '<=', n)
    .where('max_amount', '>=', n)
    .where('quantity', '>=', n)
    .where('price', '=', price)
    .where('currency', '=', currency)
    .where('methods', '=', methods),
);
export async function reserve(tx: Tx, offer: MerchantRow, n: bigint): Promise<boolean> {
  const r = await reserveFrom(tx, offer.id, n, offer.price, offer.currency, offer.methods);
  return r.numAffectedRows === 1n;
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

/** A sale to record: its order number is written with it (`insertSale`). */
export type NewSale = Omit<Insertable<MerchantSalesTable>, 'id' | 'order_no'> & { request_id: string | null };

/** A sale's order number: S, the UTC day of `createdAt` and the id padded to six digits (S20261122000042). */
const orderNumber = (createdAt: string, id: number) => `S${dayOf(createdAt)}${String(id).padStart(6, '0')}`;
const dayOf = (createdAt: string) => createdAt.slice(0, 10).replace(/-/g, '');

const saleInsert = prepared(
  11,
  (
    db,
    orderNo: string,
    userId: number,
    merchantId: number,
    quantity: bigint,
    price: bigint,
    currency: string,
    fiat: bigint,
    accountId: number,
    status: string,
    requestId: string | null,
    createdAt: string,
  ) =>
    db
      .insertInto('merchant_sales')
      .values({
        order_no: orderNo,
        user_id: userId,
        merchant_id: merchantId,
        quantity,
        price,
        currency,
        fiat_amount: fiat,
        payout_account_id: accountId,
        status,
        request_id: requestId,
        created_at: createdAt,
      })
      .returning('id'),
);
const numbered = prepared(2, (db, id: number, orderNo: string) =>
  db.updateTable('merchant_sales').set({ order_no: orderNo }).where('id', '=', id),
);

/**
 * Records a sale and answers its id and order number, which is made from the id: the row is inserted under a unique
 * placeholder and numbered once its id is known.
 */
export async function insertSale(tx: Tx, s: NewSale): Promise<{ id: number; order_no: string }> {
  const placeholder = `pending-${randomCode(20)}`;
  const { rows } = await saleInsert(
    tx,
    placeholder,
    s.user_id,
    s.merchant_id,
    s.quantity,
    s.price,
    s.currency,
    s.fiat_amount,
    s.payout_account_id,
    s.status,
    s.request_id,
    s.created_at,
  );
  const id = rows[0]!.id;
  const order_no = orderNumber(s.created_at, id);
  await numbered(tx, id, order_no);
  return { id, order_no };
}

const saleByRequest = prepared(2, (db, userId: number, requestId: string) =>
  db
    .selectFrom('merchant_sales')
    .select(['id', 'order_no', 'status'])
    .where('user_id', '=', userId)
    .where('request_id', '=', requestId),
);
export const findSaleByRequest = async (tx: Tx, userId: number, requestId: string) =>
  (await saleByRequest(tx, userId, requestId)).rows[0];
