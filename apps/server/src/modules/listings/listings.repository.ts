import { UNFINISHED_TRADE_STATUSES } from '@c2c/shared';
import { type Insertable, type SelectQueryBuilder, sql } from 'kysely';
import type { Tx } from '../../context.js';
import type { ListingsTable } from '../../db/schema.js';

type Count = number | bigint | string;
type Sum = number | bigint | string | null;
const big = (v: Sum) => (v === null ? 0n : BigInt(v));

export async function insertListing(tx: Tx, l: Insertable<ListingsTable>): Promise<number> {
  return (await tx.insertInto('listings').values(l).returning('id').executeTakeFirstOrThrow()).id;
}

export const findListing = (tx: Tx, id: number) => tx.selectFrom('listings').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * The listing row locked until the transaction ends: its cancel, its closing and the ends of trades on it queue up.
 * FOR NO KEY UPDATE, not FOR UPDATE: it must not wait for the key-share locks that a trade being taken holds on it
 * (its foreign key, from the insert until the COMMIT): such a take, waiting at its last statement for another take's
 * change to the row, would wait behind this lock's queue while this waits for it — a deadlock. A take refuses a
 * listing that is no longer open by its own last statement (`takeOrder`), so it need not be kept out.
 */
export const lockListing = (tx: Tx, id: number) =>
  tx.selectFrom('listings').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();

export const findListingByRequest = (tx: Tx, userId: number, requestId: string) =>
  tx.selectFrom('listings').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();

/**
 * Takes `n` off what a listing still offers, only if it is open, its seller active (not frozen) and that much is
 * left: the condition makes overselling impossible even without a lock. False when it took nothing.
 */
export async function takeOrder(tx: Tx, id: number, n: bigint): Promise<boolean> {
  const r = await tx
    .updateTable('listings')
    .set((eb) => ({ remaining: eb('remaining', '-', n) }))
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('seller_active', '=', true)
    .where('remaining', '>=', n)
    // less than the minimum only as the whole rest (`smallestTake`)
    .where((eb) => eb.or([eb('min_amount', '<=', n), eb('remaining', '=', n)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Gives `n` back to an open listing (a trade cancelled or expired); false when the listing is closed. */
export async function giveBackRemaining(tx: Tx, id: number, n: bigint): Promise<boolean> {
  const r = await tx
    .updateTable('listings')
    .set((eb) => ({ remaining: eb('remaining', '+', n) }))
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Closes an open listing, setting its remaining to 0; answers what remained, or undefined when it was not open. */
export async function closeListing(tx: Tx, id: number, now: string): Promise<bigint | undefined> {
  const before = await tx
    .selectFrom('listings')
    .select('remaining')
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (!before) return undefined;
  const r = await tx
    .updateTable('listings')
    .set({ status: 'closed', remaining: 0n, closed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('remaining', '=', before.remaining)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1 ? before.remaining : undefined;
}

/** Closes an open listing with nothing left and no trade unfinished; true when it did. */
export async function closeIfSoldOut(tx: Tx, id: number, now: string): Promise<boolean> {
  const r = await tx
    .updateTable('listings')
    .set({ status: 'closed', closed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('remaining', '=', 0n)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('trades')
            .select('trades.id')
            .whereRef('trades.listing_id', '=', 'listings.id')
            .where('trades.status', 'in', [...UNFINISHED_TRADE_STATUSES]),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function hasUnfinishedTrades(tx: Tx, listingId: number): Promise<boolean> {
  const row = await tx
    .selectFrom('trades')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('status', 'in', [...UNFINISHED_TRADE_STATUSES])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Others' open listings with something left, best (lowest) price first; or one customer's own, newest first. */
export async function pageListings(tx: Tx, f: { mineOf?: number; othersOf?: number }, limit: number, offset: number) {
  let q = tx.selectFrom('listings');
  if (f.mineOf !== undefined) q = q.where('user_id', '=', f.mineOf);
  if (f.othersOf !== undefined)
    q = q
      .where('user_id', '!=', f.othersOf)
      .where('status', '=', 'open')
      // a frozen seller's listings leave the Hall until they are unfrozen (issue 9); the listing carries its seller's
      // state, kept by the database when the seller's status changes (migration 020)
      .where('seller_active', '=', true)
      .where('remaining', '>', 0n);
  const ordered = f.mineOf !== undefined ? q.orderBy('id', 'desc') : q.orderBy('price', 'asc').orderBy('id', 'asc');
  // the page and the count together: on PostgreSQL both leave in one write, one round trip instead of two
  const [rows, total] = await Promise.all([
    ordered.selectAll().limit(limit).offset(offset).execute(),
    q.select((eb) => eb.fn.countAll<Count>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Per listing: the quantity of its trades not finished yet. */
export async function inTrades(tx: Tx, listingIds: number[]): Promise<Map<number, bigint>> {
  if (!listingIds.length) return new Map();
  const rows = await tx
    .selectFrom('trades')
    .select('listing_id')
    .select((eb) => eb.fn.sum<Sum>('quantity').as('q'))
    .where('listing_id', 'in', listingIds)
    .where('status', 'in', [...UNFINISHED_TRADE_STATUSES])
    .groupBy('listing_id')
    .execute();
  return new Map(rows.map((r) => [r.listing_id, big(r.q)]));
}

/** Per seller: trades since `since` by status, operator's outcome and whether the seller let the release deadline pass. */
export async function sellerStats(tx: Tx, sellerIds: number[], since: string) {
  if (!sellerIds.length) return [];
  const rows = await tx
    .selectFrom('trades')
    .select(['seller_id', 'status', 'outcome', 'appeal_by'])
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where('seller_id', 'in', sellerIds)
    .where('created_at', '>=', since)
    .groupBy(['seller_id', 'status', 'outcome', 'appeal_by'])
    .execute();
  return rows.map((r) => ({
    seller_id: r.seller_id,
    status: r.status,
    outcome: r.outcome,
    overdue: r.appeal_by === 'system',
    n: Number(r.n),
  }));
}

/** The latest completed deals of everyone: trades between customers and paid sales to merchants. */
export async function latestDeals(tx: Tx, limit: number) {
  const [trades, sales] = await Promise.all([
    newestCompleted(
      tx.selectFrom('trades').select(['seller_id as user_id', 'quantity', 'price', 'currency', 'ended_at as at', 'id']),
      'ended_at',
      limit,
    ),
    newestCompleted(
      tx.selectFrom('merchant_sales').select(['user_id', 'quantity', 'price', 'currency', 'reviewed_at as at', 'id']),
      'reviewed_at',
      limit,
    ),
  ]);
  return { trades, sales };
}

/** The newest `limit` completed rows of a table whose completion time is `at` (the index each table has for it). */
function newestCompleted<D, T extends keyof D, O>(q: SelectQueryBuilder<D, T, O>, at: string, limit: number) {
  return q
    .where(sql.ref('status'), '=', 'completed')
    .orderBy(sql.ref(at), 'desc')
    .orderBy(sql.ref('id'), 'desc')
    .limit(limit)
    .execute();
}
