import type { TradeMessage } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import type { TradeMessagesTable } from '../../db/schema.js';
import { afterCommit } from '../../db/transaction.js';
import { iso } from '../../lib/clock.js';
import { DomainError, InvalidField } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { useUpload } from '../uploads/uploads.service.js';
import type { CurrentUser } from '../users/users.service.js';
import * as repo from './chat.repository.js';

/**
 * The chat of a trade. Its two sides write while the trade runs (`awaiting_payment`, `paid`, `disputed`);
 * once it has ended (`completed`, `cancelled`, `expired`) the chat stays readable but takes no new message, so
 * what was said before a decision is what stays on record. Operators read it from the moment the trade is disputed
 * (and afterwards, to look back on a decision) and write in it only while it is disputed.
 */

/** Statuses in which the sides may write. */
const OPEN_STATUSES: readonly string[] = ['awaiting_payment', 'paid', 'disputed'];
/** At most this many messages per call of `trade/message-list`; the app asks again with `after_id` for more. */
export const CHAT_PAGE = 100;
/** Sends per customer: enough for a lively chat, too few to flood the other side. */
export const CHAT_SENDS = { points: 20, seconds: 60 };

type MessageRow = Selectable<TradeMessagesTable>;

const toMessage = (m: MessageRow): TradeMessage => ({
  id: m.id,
  from: m.sender as TradeMessage['from'],
  text: m.text,
  image: m.image,
  created_at: m.created_at,
});

const sideOf = (t: { buyer_id: number }, userId: number): repo.Side => (t.buyer_id === userId ? 'buyer' : 'seller');

/** Tells both sides' open apps (every tab, the sender's own included) that the trade's chat changed. */
function tellBoth(tx: Tx, ctx: AppContext, t: { id: number; buyer_id: number; seller_id: number }) {
  afterCommit(tx, async () => {
    for (const userId of [t.buyer_id, t.seller_id]) await ctx.live.notify(userId, 'chat', `trade:${t.id}`);
  });
}

/** Stores a message; an image is one of the sending customer's uploads and backs this message only. */
async function write(
  tx: Tx,
  ctx: AppContext,
  t: { id: number },
  from: { sender: repo.Sender; id: number },
  input: { text?: string; image?: string },
): Promise<MessageRow> {
  const row = await repo.insertMessage(tx, {
    tradeId: t.id,
    sender: from.sender,
    senderId: from.id,
    text: input.text ?? '',
    image: input.image ?? null,
    now: iso(ctx.clock.now()),
  });
  if (input.image) {
    try {
      await useUpload(tx, from.id, input.image, `trade:${t.id}:message:${row.id}`);
    } catch (err) {
      // the shared text speaks of recharges; in a chat the picture was simply sent before
      if (err instanceof DomainError && err.key === 'upload_used') throw new DomainError('chat_image_used');
      throw err;
    }
  }
  return row;
}

/** A side of the trade writes to its chat: refused to anyone else (`record_not_found`) and once the trade ended. */
export async function sendAsCustomer(
  tx: Tx,
  ctx: AppContext,
  who: CurrentUser,
  input: { id: number; text?: string; image?: string },
): Promise<TradeMessage> {
  const userId = who.user.id;
  if ((await ctx.throttle.hit(`chat:user:${userId}`, CHAT_SENDS)) > 0) throw new DomainError('rate_limited');
  const t = await repo.lockTradeOf(tx, input.id, userId);
  if (!t) throw new DomainError('record_not_found');
  if (!OPEN_STATUSES.includes(t.status)) throw new DomainError('chat_closed');
  const row = await write(tx, ctx, t, { sender: sideOf(t, userId), id: userId }, input);
  tellBoth(tx, ctx, t);
  return toMessage(row);
}

/**
 * A page of the chat for one of its sides, oldest first, and the caller's read mark moved to the newest message
 * answered (so the unread count falls by what was shown, never by what was not).
 */
export async function listForCustomer(
  tx: Tx,
  who: CurrentUser,
  input: { id: number; after_id?: number },
): Promise<{ list: TradeMessage[] }> {
  const userId = who.user.id;
  const t = await repo.findTradeOf(tx, input.id, userId);
  if (!t) throw new DomainError('record_not_found');
  const rows = await repo.messagesAfter(tx, t.id, input.after_id ?? 0, CHAT_PAGE);
  const last = rows.at(-1);
  if (last) await repo.markRead(tx, t.id, sideOf(t, userId), last.id);
  return { list: rows.map(toMessage) };
}

/** The Orders tab's badge: unread messages from others, and trades waiting for the caller's step. */
export async function unread(tx: Tx, who: CurrentUser): Promise<{ messages: number; actions: number }> {
  const [messages, actions] = await Promise.all([repo.countUnread(tx, who.user.id), repo.countActions(tx, who.user.id)]);
  return { messages, actions };
}

/** True once operators may read the chat: the trade is or was disputed. */
const operatorMaySee = (t: { disputed_at: string | null; status: string }) => t.status === 'disputed' || t.disputed_at !== null;

/** The whole chat as an operator sees it: nothing before the trade is disputed, everything from then on. */
export async function listForOperator(
  tx: Tx,
  t: { id: number; disputed_at: string | null; status: string },
): Promise<TradeMessage[]> {
  if (!operatorMaySee(t)) return [];
  const out: TradeMessage[] = [];
  for (let after = 0; ; ) {
    const rows = await repo.messagesAfter(tx, t.id, after, 500);
    out.push(...rows.map(toMessage));
    if (rows.length < 500) return out;
    after = rows.at(-1)!.id;
  }
}

/** An operator writes to a disputed trade's chat; audited. Operators upload nothing (uploads are customers'), so text only. */
export async function sendAsOperator(
  tx: Tx,
  ctx: AppContext,
  actor: Actor,
  input: { id: number; text?: string; image?: string },
): Promise<TradeMessage> {
  const t = await repo.lockTrade(tx, input.id);
  if (!t) throw new DomainError('record_not_found');
  if (t.status !== 'disputed') throw new DomainError('trade_not_disputed');
  if (input.image) throw new InvalidField('invalid_value', 'image');
  const row = await write(tx, ctx, t, { sender: 'operator', id: actor.id }, { text: input.text });
  await record(tx, ctx, {
    actor,
    action: 'trade.message',
    target: `trade:${t.id}`,
    detail: { message_id: row.id, text: row.text },
    now: ctx.clock.now(),
  });
  tellBoth(tx, ctx, t);
  return toMessage(row);
}
