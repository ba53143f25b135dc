import type { Tx } from '../../context.js';

export type Side = 'buyer' | 'seller';
export type Sender = Side | 'operator';

/** What the chat needs of a trade: who its sides are and whether it is still running. */
const TRADE_COLUMNS = ['id', 'buyer_id', 'seller_id', 'status', 'disputed_at', 'buyer_read_id', 'seller_read_id'] as const;

/** A trade of which `userId` is a side; undefined for anyone else (a third customer learns nothing). */
export const findTradeOf = (tx: Tx, tradeId: number, userId: number) =>
  tx
    .selectFrom('trades')
    .select(TRADE_COLUMNS)
    .where('id', '=', tradeId)
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .executeTakeFirst();

/** The same, locked until the transaction ends: a message is written only while the trade is still open. */
export const lockTradeOf = (tx: Tx, tradeId: number, userId: number) =>
  tx
    .selectFrom('trades')
    .select(TRADE_COLUMNS)
    .where('id', '=', tradeId)
    .where((eb) => eb.or([eb('buyer_id', '=', userId), eb('seller_id', '=', userId)]))
    .forUpdate()
    .executeTakeFirst();

/** Any trade, locked, for operators. */
export const lockTrade = (tx: Tx, tradeId: number) =>
  tx.selectFrom('trades').select(TRADE_COLUMNS).where('id', '=', tradeId).forUpdate().executeTakeFirst();

export async function insertMessage(
  tx: Tx,
  m: { tradeId: number; sender: Sender; senderId: number; text: string; image: string | null; now: string },
) {
  return tx
    .insertInto('trade_messages')
    .values({
      trade_id: m.tradeId,
      sender: m.sender,
      sender_id: m.senderId,
      text: m.text,
      image: m.image,
      created_at: m.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A trade's messages after `afterId`, oldest first, at most `limit`. */
export const messagesAfter = (tx: Tx, tradeId: number, afterId: number, limit: number) =>
  tx
    .selectFrom('trade_messages')
    .selectAll()
    .where('trade_id', '=', tradeId)
    .where('id', '>', afterId)
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();

/** Moves a side's read mark forward to `id` (never back: an older page read later changes nothing). */
export async function markRead(tx: Tx, tradeId: number, side: Side, id: number): Promise<void> {
  const column = side === 'buyer' ? 'buyer_read_id' : 'seller_read_id';
  await tx
    .updateTable('trades')
    .set({ [column]: id })
    .where('id', '=', tradeId)
    .where(column, '<', id)
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: the expression builder of the joined query above and below
const unreadFor = (eb: any, userId: number) =>
  eb.or([
    eb.and([eb('t.buyer_id', '=', userId), eb('m.sender', '!=', 'buyer'), eb('m.id', '>', eb.ref('t.buyer_read_id'))]),
    eb.and([eb('t.seller_id', '=', userId), eb('m.sender', '!=', 'seller'), eb('m.id', '>', eb.ref('t.seller_read_id'))]),
  ]);

/** Messages from others the user has not read, over all their trades. */
export async function countUnread(tx: Tx, userId: number): Promise<number> {
  const row = await tx
    .selectFrom('trade_messages as m')
    .innerJoin('trades as t', 't.id', 'm.trade_id')
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .where((eb) => eb.or([eb('t.buyer_id', '=', userId), eb('t.seller_id', '=', userId)]))
    .where((eb) => unreadFor(eb, userId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Trades waiting for the user's step: as buyer to pay (`awaiting_payment`), as seller to release (`paid`). */
export async function countActions(tx: Tx, userId: number): Promise<number> {
  const row = await tx
    .selectFrom('trades')
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .where((eb) =>
      eb.or([
        eb.and([eb('buyer_id', '=', userId), eb('status', '=', 'awaiting_payment')]),
        eb.and([eb('seller_id', '=', userId), eb('status', '=', 'paid')]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
