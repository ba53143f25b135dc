import type { TradeStatus } from '@c2c/shared';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Tx } from '../../context.js';
import { claimDue } from '../../db/queries.js';
import type { TradesTable } from '../../db/schema.js';

type Count = number | bigint | string;

export async function insertTrade(tx: Tx, t: Insertable<TradesTable>): Promise<number> {
  return (await tx.insertInto('trades').values(t).returning('id').executeTakeFirstOrThrow()).id;
}

export const findTrade = (tx: Tx, id: number) => tx.selectFrom('trades').selectAll().where('id', '=', id).executeTakeFirst();

export const findTradeByRequest = (tx: Tx, buyerId: number, requestId: string) =>
  tx.selectFrom('trades').selectAll().where('buyer_id', '=', buyerId).where('request_id', '=', requestId).executeTakeFirst();

/**
 * Moves a trade on exactly once: the update matches only while the trade is in one of `from` (and, with `dueBy`,
 * only while that deadline column is at or before it; with `before`, only while it is after). Answers the updated
 * row, or undefined when another call, process or job moved it first.
 */
export async function transition(
  tx: Tx,
  id: number,
  from: readonly TradeStatus[],
  set: Updateable<TradesTable>,
  cond: { dueBy?: { column: 'pay_deadline' | 'release_deadline'; at: string }; payBefore?: string } = {},
) {
  let q = tx
    .updateTable('trades')
    .set(set)
    .where('id', '=', id)
    .where('status', 'in', [...from]);
  if (cond.dueBy) q = q.where(cond.dueBy.column, '<=', cond.dueBy.at);
  if (cond.payBefore) q = q.where('pay_deadline', '>', cond.payBefore);
  return q.returningAll().executeTakeFirst();
}

export async function insertEvent(tx: Tx, e: { trade_id: number; event: string; actor: string; created_at: string }) {
  await tx.insertInto('trade_events').values(e).execute();
}

export const eventsOf = (tx: Tx, tradeId: number) =>
  tx.selectFrom('trade_events').selectAll().where('trade_id', '=', tradeId).orderBy('id', 'asc').execute();

/** A customer's trades on both sides, newest first, optionally of one status. */
export async function pageTrades(tx: Tx, userId: number, status: string | undefined, limit: number, offset: number) {
  let q = tx.selectFrom('trades').where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]));
  if (status) q = q.where('status', '=', status);
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await q.select((eb) => eb.fn.countAll<Count>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** The buyer's trades that ended unpaid (cancelled or expired, not refunded by an operator) since `since`: what the cancel limit counts. */
const endedUnpaid = (db: Tx, buyerId: number, since: string) =>
  db
    .selectFrom('trades')
    .where('buyer_id', '=', buyerId)
    .where('ended_at', '>=', since)
    .where('status', 'in', ['cancelled', 'expired'])
    .where('outcome', 'is', null);

export async function endedUnpaidSince(tx: Tx, buyerId: number, since: string): Promise<string[]> {
  const rows = await endedUnpaid(tx, buyerId, since).select('ended_at').orderBy('ended_at', 'asc').execute();
  return rows.map((r) => r.ended_at).filter((t): t is string => t !== null);
}

/**
 * The buyer's trades that bound a new take, counted by one statement (one snapshot: a trade cancelled meanwhile is
 * counted once, as open or as ended): `open` awaiting payment, `ended` ended unpaid since `since` (`endedUnpaid`).
 * Run after the buyer's row was locked.
 */
export async function takeRoom(tx: Tx, buyerId: number, since: string) {
  const open = tx
    .selectFrom('trades')
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'awaiting_payment')
    .select((eb) => eb.fn.countAll().as('n'));
  const ended = endedUnpaid(tx, buyerId, since).select((eb) => eb.fn.countAll().as('n'));
  const { rows } = await sql<{ open: Count; ended: Count }>`select (${open}) as open, (${ended}) as ended`.execute(tx);
  return { open: Number(rows[0]!.open), ended: Number(rows[0]!.ended) };
}

/** Per trade: chat messages from others that `userId` (buyer or seller of it) has not read. */
export async function unreadCounts(tx: Tx, userId: number, tradeIds: number[]): Promise<Map<number, number>> {
  if (!tradeIds.length) return new Map();
  const rows = await tx
    .selectFrom('trade_messages as m')
    .innerJoin('trades as t', 't.id', 'm.trade_id')
    .select('m.trade_id')
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where('m.trade_id', 'in', tradeIds)
    .where((eb) =>
      eb.or([
        eb.and([eb('t.buyer_id', '=', userId), eb('m.sender', '!=', 'buyer'), eb('m.id', '>', eb.ref('t.buyer_read_id'))]),
        eb.and([eb('t.seller_id', '=', userId), eb('m.sender', '!=', 'seller'), eb('m.id', '>', eb.ref('t.seller_read_id'))]),
      ]),
    )
    .groupBy('m.trade_id')
    .execute();
  return new Map(rows.map((r) => [r.trade_id, Number(r.n)]));
}

/** The earliest passed `column` deadline among trades of `status` (undefined when none passed), locking nothing. */
export async function oldestDueTrade(
  tx: Tx,
  status: 'awaiting_payment' | 'paid',
  column: 'pay_deadline' | 'release_deadline',
  now: string,
): Promise<string | undefined> {
  const row = await tx
    .selectFrom('trades')
    .select((eb) => eb.fn.min(column).as('at'))
    .where('status', '=', status)
    .where(column, '<=', now)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

/** Trades of `status` whose `column` deadline has passed, oldest first, locked (others' claims skip them). */
export const dueTrades = (
  tx: Tx,
  status: 'awaiting_payment' | 'paid',
  column: 'pay_deadline' | 'release_deadline',
  now: string,
  limit: number,
) => claimDue(tx, 'trades', column, now, limit, status);
