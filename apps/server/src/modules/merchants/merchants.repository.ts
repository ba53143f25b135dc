import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import type { Tx } from '../../context.js';
import type { Dialect } from '../../db/database.js';
import { prepared, preparedStatement } from '../../db/prepared.js';
import { refusedWhenNone } from '../../db/queries.js';
import type { MerchantSalesTable, MerchantsTable } from '../../db/schema.js';
import { sendChecked } from '../../db/transaction.js';
import { usableAccount } from '../payouts/payouts.service.js';

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
/** The offer as it is now, without a lock (a sale reserves its quantity last: `reserveOrder`). */
export const readOffer = async (tx: Tx, id: number) => (await offerOf(tx, id)).rows[0];

/**
 * Takes `n` off what an active offer still buys, only if `n` is within its per-order limits, that much is left and
 * the offer still has the price, currency and payout kinds the sale was made at (`readOffer` tells why not). The
 * sale's last change, run by `lastly`: on PostgreSQL sent with the COMMIT, so sales to one offer queue on its row for
 * the COMMIT alone; the condition makes overselling impossible even without the lock.
 */
const takeOrder = preparedStatement(5, (db, id: number, n: bigint, price: bigint, currency: string, methods: string) =>
  refusedWhenNone(
    db,
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
      .where('methods', '=', methods)
      .returning('id'),
  ),
);
export const reservation = (tx: Tx, offer: MerchantRow, n: bigint) =>
  takeOrder(tx, offer.id, n, offer.price, offer.currency, offer.methods);

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
export const orderNumber = (createdAt: string, id: number) => `S${dayOf(createdAt)}${String(id).padStart(6, '0')}`;
const dayOf = (createdAt: string) => createdAt.slice(0, 10).replace(/-/g, '');

/** A sale's values as its inserts bind them, in order: its id (SQLite: null, the next rowid) and its order number first. */
type SaleValues = readonly [
  id: number | null,
  number: string,
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
];
/** `s` as its inserts bind it, under `id` (SQLite: none, and `number` is then the day its order number is made with). */
const saleValues = (s: NewSale, id: number | undefined): SaleValues => [
  id ?? null,
  id === undefined ? dayOf(s.created_at) : orderNumber(s.created_at, id),
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
];

/**
 * The insert of a sale with its order number (`orderNumber`), in one statement: on PostgreSQL under the id taken from
 * its sequence before (`reserveId`), the number made from it here; on SQLite (`id` null) under the next rowid, as SQLite
 * assigns it, taken in the statement under the transaction's write lock, and the number made from it there. Compiled
 * once per dialect.
 */
const saleInsert = (dialect: Dialect) =>
  prepared(
    12,
    (
      db,
      ...[
        reserved,
        number,
        userId,
        merchantId,
        quantity,
        price,
        currency,
        fiat,
        accountId,
        status,
        requestId,
        createdAt,
      ]: SaleValues
    ) => {
      const pg = dialect === 'postgres';
      const id = pg
        ? sql<number>`${reserved}`
        : sql<number>`coalesce(${reserved}, (select coalesce(max(id), 0) + 1 from merchant_sales))`;
      return db
        .insertInto('merchant_sales')
        .values({
          id,
          order_no: pg ? number : sql<string>`'S' || ${number} || printf('%06d', ${id})`,
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
        .returning(['id', 'order_no']);
    },
  );
const saleInserts = { sqlite: saleInsert('sqlite'), postgres: saleInsert('postgres') };

/** Records a sale and answers its id and order number: on PostgreSQL under `id`, reserved before (`reserveId`). */
export async function insertSale(
  tx: Tx,
  dialect: Dialect,
  s: NewSale,
  id: number | undefined,
): Promise<{ id: number; order_no: string }> {
  if (dialect === 'postgres' && id === undefined) throw new Error('a sale on PostgreSQL is inserted under an id reserved before');
  const row = (await saleInserts[dialect](tx, ...saleValues(s, id))).rows[0];
  if (!row) throw new Error('the sale insert returned no row');
  return row;
}

/**
 * PostgreSQL, sent at once (`sendChecked`): a sale's insert from the payout account it pays to, only when a payout may
 * go there and the offer pays to its kind (`usableAccount`, `types` as the offer lists them), failing otherwise.
 */
const saleInsertChecked = preparedStatement(
  13,
  (
    db,
    ...[id, number, userId, merchantId, quantity, price, currency, fiat, accountId, status, requestId, createdAt, types]: [
      ...SaleValues,
      types: string,
    ]
  ) =>
    refusedWhenNone(
      db,
      db
        .insertInto('merchant_sales')
        .columns([
          'id',
          'order_no',
          'user_id',
          'merchant_id',
          'quantity',
          'price',
          'currency',
          'fiat_amount',
          'payout_account_id',
          'status',
          'request_id',
          'created_at',
        ])
        .expression(
          usableAccount(db, accountId, userId, createdAt, types).select((eb) => [
            eb.val(id).as('id'),
            eb.val(number).as('order_no'),
            eb.val(userId).as('user_id'),
            eb.val(merchantId).as('merchant_id'),
            eb.val(quantity).as('quantity'),
            eb.val(price).as('price'),
            eb.val(currency).as('currency'),
            eb.val(fiat).as('fiat_amount'),
            'id as payout_account_id',
            eb.val(status).as('status'),
            eb.val(requestId).as('request_id'),
            eb.val(createdAt).as('created_at'),
          ]),
        )
        .returning('id'),
    ),
);
/**
 * Sends a sale's insert at once under the id reserved for it (`reserveId`), refused unless its payout account is usable
 * and of a kind in `types`; answers its order number.
 */
export async function insertSaleChecked(tx: Tx, s: NewSale, id: number, types: string): Promise<string> {
  const values = saleValues(s, id);
  await sendChecked(tx, saleInsertChecked(tx, ...values, types));
  return values[1];
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
