import {
  fiatAmount,
  formatAmount,
  type LiveTopic,
  type Page,
  smallestTake,
  type TRADE_ACTIONS,
  type Trade,
  type TradeDetail,
  type TradeOutcome,
  type TradeStatus,
} from '@c2c/shared';
import type { Selectable, Updateable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import type { TradesTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { randomCode } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import { post } from '../ledger/ledger.service.js';
import { closeIfSoldOut, findListing, giveBack, lockListing, takeOrder } from '../listings/listings.service.js';
import { type MoneyMail, notifyUser } from '../notify/notify.service.js';
import { accountsById, payeeOf } from '../payouts/payouts.service.js';
import { guardValueOut } from '../two-factor/two-factor.service.js';
import { useUpload } from '../uploads/uploads.service.js';
import { type CurrentUser, lockCustomer, publicNames } from '../users/users.service.js';
import * as repo from './trades.repository.js';

export type TradeRow = Selectable<TradesTable>;
export type Role = 'buyer' | 'seller';
type Action = (typeof TRADE_ACTIONS)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A paid trade the seller neither releases nor disputes within this goes to dispute by itself. */
const RELEASE_HOURS = 24;
/** The cancel limit: this many trades cancelled by the buyer or expired within `CANCEL_WINDOW_HOURS`... */
const CANCEL_LIMIT = 3;
/** ...stop the buyer from taking new trades until the oldest of them is this old. */
const CANCEL_WINDOW_HOURS = 24;
/**
 * How many trades one buyer may have awaiting payment at once: each reserves part of a listing and shows the buyer
 * the seller's payout details, so one account cannot hold the Hall nor collect every seller's details.
 */
const UNPAID_LIMIT = 2;

/** How journals, uploads and live events name a trade. */
const tradeRef = (id: number) => `trade:${id}`;

/** A human-readable order number: T, the UTC day and the trade's id (T20261122000042). */
const orderNumber = (id: number, now: Date) => `T${iso(now).slice(0, 10).replace(/-/g, '')}${String(id).padStart(6, '0')}`;
/** The text the buyer puts on the transfer: short, without look-alike characters. */
const paymentReference = () => `C2C-${randomCode(6)}`;

const roleOf = (r: TradeRow, userId: number): Role | undefined =>
  r.buyer_id === userId ? 'buyer' : r.seller_id === userId ? 'seller' : undefined;

/** One of the caller's trades; another's answers exactly like a missing one. */
async function ownTrade(tx: Tx, userId: number, id: number): Promise<{ row: TradeRow; role: Role }> {
  const row = await repo.findTrade(tx, id);
  const role = row && roleOf(row, userId);
  if (!row || !role) throw new DomainError('record_not_found');
  return { row, role };
}

/** What the caller may do with the trade now. */
function actionsOf(r: TradeRow, role: Role, now: Date): Action[] {
  switch (r.status as TradeStatus) {
    case 'awaiting_payment':
      if (role === 'seller') return ['message'];
      return now.toISOString() < r.pay_deadline ? ['paid', 'cancel', 'message'] : ['cancel', 'message'];
    case 'paid':
      return role === 'seller' ? ['release', 'appeal', 'message'] : ['appeal', 'message'];
    case 'disputed':
      return role === 'seller' ? ['release', 'message'] : ['message'];
    default:
      return [];
  }
}

function toTrade(r: TradeRow, role: Role, counterparty: string, unread: number): Trade {
  return {
    id: r.id,
    order_no: r.order_no,
    listing_id: r.listing_id,
    role,
    counterparty,
    quantity: formatAmount(r.quantity),
    price: formatAmount(r.price),
    currency: r.currency,
    fiat_amount: formatAmount(r.fiat_amount),
    status: r.status as TradeStatus,
    reference: r.reference,
    window_minutes: r.window_minutes,
    pay_deadline: r.pay_deadline,
    paid_at: r.paid_at,
    release_deadline: r.release_deadline,
    ended_at: r.ended_at,
    appeal:
      r.appeal_by && r.disputed_at
        ? { by: r.appeal_by as 'buyer' | 'seller' | 'system', reason: r.appeal_reason ?? '', at: r.disputed_at }
        : null,
    resolution:
      r.outcome && r.resolved_at
        ? { outcome: r.outcome as TradeOutcome, note: r.resolution_note ?? '', at: r.resolved_at }
        : null,
    unread,
    created_at: r.created_at,
  };
}

/** Where the buyer pays: the seller's payout account; a trade that ended unpaid is paid to no more, its buyer sees only the kind. */
async function tradePayee(tx: Tx, r: TradeRow, role: Role) {
  const a = (await accountsById(tx, [r.payout_account_id])).get(r.payout_account_id);
  return payeeOf(a, { hidden: role === 'buyer' && (r.status === 'cancelled' || r.status === 'expired') && r.outcome === null });
}

/** A trade's timeline, oldest first. */
export async function timelineOf(tx: Tx, tradeId: number) {
  return (await repo.eventsOf(tx, tradeId)).map((e) => ({
    event: e.event as TradeDetail['timeline'][number]['event'],
    by: e.actor as TradeDetail['timeline'][number]['by'],
    at: e.created_at,
  }));
}

async function detailOf(tx: Tx, ctx: AppContext, r: TradeRow, role: Role, userId: number): Promise<TradeDetail> {
  const other = role === 'buyer' ? r.seller_id : r.buyer_id;
  const [names, unread, payee, timeline] = await Promise.all([
    publicNames(tx, [other]),
    repo.unreadCounts(tx, userId, [r.id]),
    tradePayee(tx, r, role),
    timelineOf(tx, r.id),
  ]);
  return {
    ...toTrade(r, role, names.get(other) ?? '', unread.get(r.id) ?? 0),
    payee,
    proof: r.proof,
    timeline,
    actions: actionsOf(r, role, ctx.clock.now()),
  };
}

const event = (tx: Tx, tradeId: number, name: string, actor: string, now: Date) =>
  repo.insertEvent(tx, { trade_id: tradeId, event: name, actor, created_at: iso(now) });

type Mail = { kind: MoneyMail; params: Record<string, string> };
/** Tells both sides that the trade changed (live), with a mail to either where the step matters to them. */
async function tellBoth(
  tx: Tx,
  ctx: AppContext,
  r: Pick<TradeRow, 'id' | 'buyer_id' | 'seller_id'>,
  opts: { money?: Role[]; buyerMail?: Mail; sellerMail?: Mail; listing?: boolean } = {},
) {
  const topics = (role: Role): LiveTopic[] => [
    'trade',
    ...(opts.money?.includes(role) ? (['money'] as const) : []),
    ...(role === 'seller' && opts.listing ? (['listing'] as const) : []),
  ];
  await notifyUser(tx, ctx, r.buyer_id, topics('buyer'), opts.buyerMail, tradeRef(r.id));
  await notifyUser(tx, ctx, r.seller_id, topics('seller'), opts.sellerMail, tradeRef(r.id));
}

const mailParams = (r: TradeRow, extra: Record<string, string> = {}) => ({
  order: r.order_no,
  amount: formatAmount(r.quantity),
  fiat: formatAmount(r.fiat_amount),
  currency: r.currency,
  reference: r.reference,
  ...extra,
});

/** Where the cancel limit's window begins at `now`. */
const cancelWindowStart = (now: Date) => iso(new Date(now.getTime() - CANCEL_WINDOW_HOURS * HOUR));

/**
 * Whether the buyer may take another trade now (`takeRoom`: fewer than `UNPAID_LIMIT` awaiting payment, and those with
 * the ones ended unpaid in the window under `CANCEL_LIMIT`), told as the rule that binds: at the cancel limit, until
 * the one that keeps the count there has left the window; else the unpaid trades. Run after the buyer's row was locked.
 */
async function checkTakeRoom(tx: Tx, buyerId: number, now: Date): Promise<void> {
  const room = await repo.takeRoom(tx, buyerId, cancelWindowStart(now));
  // fewer than the limit unpaid, and unpaid and ended together under the cancel limit: even if every unpaid trade
  // ends unpaid, the cancels stay within it
  if (room.open < UNPAID_LIMIT && room.open + room.ended < CANCEL_LIMIT) return;
  if (room.ended >= CANCEL_LIMIT) {
    const ended = await repo.endedUnpaidSince(tx, buyerId, cancelWindowStart(now));
    // the count drops below the limit once all but the newest CANCEL_LIMIT - 1 have left the window
    const keeping = ended[Math.max(0, ended.length - CANCEL_LIMIT)]!;
    throw new DomainError('trade_cancel_limit', { until: new Date(new Date(keeping).getTime() + CANCEL_WINDOW_HOURS * HOUR) });
  }
  if (room.open >= UNPAID_LIMIT) throw new DomainError('trade_unpaid_limit', { count: room.open });
  throw new DomainError('trade_cancel_limit_near', { count: room.ended });
}

/**
 * Buys from a listing. In one transaction: the buyer's row is locked (the trades that bound a new one are counted,
 * `checkTakeRoom`, then a trade added, one request after the other); the order is checked against the listing as read
 * (open, its seller active, not the buyer's own, limits, remainder), the trade written, and last the quantity taken
 * off the listing's remainder by a guarded change that checks all that again (`takeOrder`), so it is never oversold
 * and the listing's row is locked only from that change to the COMMIT. Refused there, the trade is undone and why is
 * read afresh. No money moves: the quantity stays in the seller's escrow, bound to the trade now.
 */
export async function createTrade(
  tx: Tx,
  ctx: AppContext,
  who: CurrentUser,
  input: { selling_id: number; number: bigint; request_id?: string },
) {
  const userId = who.user.id;
  const requestId = input.request_id ?? null;
  const find = async (id: string) => {
    const row = await repo.findTradeByRequest(tx, userId, id);
    return row && { id: row.id };
  };
  return oncePerRequest(requestId, find, async () => {
    const now = ctx.clock.now();
    const n = input.number;
    await lockCustomer(tx, userId);
    // the buyer's room and the listing as it is now (no lock: the take's last change checks it again), read together
    const [, listing] = await Promise.all([checkTakeRoom(tx, userId, now), findListing(tx, input.selling_id)]);
    const refused = takeRefusal(listing, userId, n);
    if (refused || !listing) throw refused;
    const trade = newTrade(userId, listing, n, requestId, now);
    // unique placeholder until the id is known
    const id = await repo.insertTrade(tx, { ...trade, order_no: `pending-${randomCode(20)}` });
    const row = await repo.transition(tx, id, ['awaiting_payment'], { order_no: orderNumber(id, now) });
    await event(tx, id, 'created', 'buyer', now);
    if (!(await takeOrder(tx, listing.id, n))) throw await whyNotTaken(tx, listing.id, n);
    await tellBoth(tx, ctx, row!, { listing: true });
    return { id };
  });
}

type ListingRow = NonNullable<Awaited<ReturnType<typeof findListing>>>;

/** A take of `n` from the listing as it was read, at its price, paid to its account, awaiting the buyer's payment. */
const newTrade = (buyerId: number, listing: ListingRow, n: bigint, requestId: string | null, now: Date) => ({
  listing_id: listing.id,
  seller_id: listing.user_id,
  buyer_id: buyerId,
  quantity: n,
  price: listing.price,
  currency: listing.currency,
  fiat_amount: fiatAmount(n, listing.price, listing.currency),
  payout_account_id: listing.payout_account_id,
  reference: paymentReference(),
  window_minutes: listing.window_minutes,
  status: 'awaiting_payment',
  pay_deadline: iso(new Date(now.getTime() + listing.window_minutes * MINUTE)),
  request_id: requestId,
  created_at: iso(now),
});

/**
 * Why the listing as read takes no trade of `n` by `buyerId`, in the order a customer is told; undefined when it takes
 * it (what `takeOrder` checks again as it takes the quantity).
 */
function takeRefusal(listing: ListingRow | undefined, buyerId: number, n: bigint): DomainError | undefined {
  if (!listing) return new DomainError('record_not_found');
  if (listing.user_id === buyerId) return new DomainError('listing_own');
  // a frozen seller could not release: their listings take no trades until they are unfrozen; the listing's
  // seller_active follows the seller's status (a trigger)
  if (listing.status !== 'open' || !listing.seller_active) return new DomainError('listing_not_open');
  // the last of a listing, less than its minimum, is bought whole (the take's last change checks it again: `takeOrder`)
  const min = smallestTake(listing.min_amount, listing.remaining);
  if (n < min) return new DomainError('amount_too_small', { min: formatAmount(min) });
  if (n > listing.max_amount) return new DomainError('amount_too_large', { max: formatAmount(listing.max_amount) });
  if (n > listing.remaining) return new DomainError('listing_quantity_short', { max: formatAmount(listing.remaining) });
  return undefined;
}

/**
 * Why the take's guarded change was refused, read afresh (another take got the rest, the seller closed the listing or
 * was frozen); a plain read, which waits for no row lock.
 */
async function whyNotTaken(tx: Tx, listingId: number, n: bigint): Promise<DomainError> {
  const current = await findListing(tx, listingId);
  if (current?.status !== 'open' || !current.seller_active) return new DomainError('listing_not_open');
  if (current.remaining < n) return new DomainError('listing_quantity_short', { max: formatAmount(current.remaining) });
  const min = smallestTake(current.min_amount, current.remaining);
  if (n < min) return new DomainError('amount_too_small', { min: formatAmount(min) });
  // it would take the order now: what refused it changed back meanwhile (a trade ended and gave its quantity back)
  return new DomainError('listing_changed');
}

/** The buyer says the fiat was sent, before the deadline, optionally with a proof image (an upload used once). */
export async function markPaid(tx: Tx, ctx: AppContext, userId: number, input: { id: number; image?: string }) {
  const { row, role } = await ownTrade(tx, userId, input.id);
  if (role !== 'buyer') throw new DomainError('trade_buyer_only');
  if (row.status !== 'awaiting_payment') throw new DomainError('trade_state_changed');
  const now = ctx.clock.now();
  if (iso(now) >= row.pay_deadline) throw new DomainError('trade_pay_expired');
  if (input.image) await useUpload(tx, userId, input.image, tradeRef(row.id));
  const paid = await repo.transition(
    tx,
    row.id,
    ['awaiting_payment'],
    {
      status: 'paid',
      paid_at: iso(now),
      release_deadline: iso(new Date(now.getTime() + RELEASE_HOURS * HOUR)),
      proof: input.image ?? null,
    },
    { payBefore: iso(now) },
  );
  if (!paid) throw new DomainError('trade_state_changed');
  await event(tx, row.id, 'paid', 'buyer', now);
  const account = (await accountsById(tx, [paid.payout_account_id])).get(paid.payout_account_id);
  await tellBoth(tx, ctx, paid, {
    sellerMail: { kind: 'trade_paid', params: mailParams(paid, { account: account?.label ?? '' }) },
  });
  return detailOf(tx, ctx, paid, 'buyer', userId);
}

/**
 * A trade ended unpaid (`cancelled` by the buyer or `expired`): its quantity goes back to the listing, or to the
 * seller's available when the listing is closed.
 */
async function endUnpaid(tx: Tx, ctx: AppContext, r: TradeRow, actor: 'buyer' | 'system', now: Date) {
  await giveBack(tx, ctx, r.listing_id, r.quantity, actor === 'buyer' ? `user:${r.buyer_id}` : 'system');
  await event(tx, r.id, actor === 'buyer' ? 'cancelled' : 'expired', actor, now);
}

/** The buyer cancels a trade not paid yet. The seller never can. */
export async function cancelTrade(tx: Tx, ctx: AppContext, userId: number, id: number) {
  const { row, role } = await ownTrade(tx, userId, id);
  if (role !== 'buyer') throw new DomainError('trade_buyer_only');
  const now = ctx.clock.now();
  const done = await repo.transition(tx, row.id, ['awaiting_payment'], { status: 'cancelled', ended_at: iso(now) });
  if (!done) throw new DomainError('trade_state_changed');
  await endUnpaid(tx, ctx, done, 'buyer', now);
  await tellBoth(tx, ctx, done, { money: ['seller'], listing: true });
  return detailOf(tx, ctx, done, 'buyer', userId);
}

/** Either side disputes a paid trade with a reason; an operator decides it. */
export async function appealTrade(tx: Tx, ctx: AppContext, userId: number, input: { id: number; reason: string }) {
  const { row, role } = await ownTrade(tx, userId, input.id);
  const now = ctx.clock.now();
  const done = await repo.transition(tx, row.id, ['paid'], {
    status: 'disputed',
    appeal_by: role,
    appeal_reason: input.reason,
    disputed_at: iso(now),
  });
  if (!done) throw new DomainError('trade_state_changed');
  await event(tx, row.id, 'disputed', role, now);
  const mail: Mail = { kind: 'trade_disputed', params: mailParams(done, { reason: input.reason }) };
  await tellBoth(tx, ctx, done, { buyerMail: mail, sellerMail: mail });
  return detailOf(tx, ctx, done, role, userId);
}

/** The seller confirms the fiat arrived: the USDT go to the buyer. */
export async function releaseTrade(tx: Tx, ctx: AppContext, who: CurrentUser, input: { id: number; totp?: string }) {
  const userId = who.user.id;
  const { role } = await ownTrade(tx, userId, input.id);
  if (role !== 'seller') throw new DomainError('trade_seller_only');
  await guardValueOut(tx, ctx, who.user, input.totp);
  const done = await settleTrade(tx, ctx, input.id, 'release', { by: 'seller' });
  return detailOf(tx, ctx, done, 'seller', userId);
}

/**
 * Ends a trade whose fiat was (said to be) paid, exactly once: `release` moves the quantity escrow(seller) ->
 * available(buyer) and completes the trade; `refund` (an operator's decision only) moves it escrow(seller) ->
 * available(seller) and cancels the trade with outcome `refund`. The seller releases a `paid` or `disputed` trade; an
 * operator decides only `disputed` ones (with a note). Writes the timeline, closes a listing sold out, tells both sides
 * (live and mail) and answers the trade row. Throws `record_not_found` or `trade_state_changed` (rolls back).
 */
export async function settleTrade(
  tx: Tx,
  ctx: AppContext,
  tradeId: number,
  outcome: TradeOutcome,
  actor: { by: 'seller' | 'operator'; operatorId?: number },
  note?: string,
): Promise<TradeRow> {
  const now = ctx.clock.now();
  const byOperator = actor.by === 'operator';
  if (!byOperator && outcome !== 'release') throw new Error('only an operator refunds a trade');
  const from: TradeStatus[] = byOperator ? ['disputed'] : ['paid', 'disputed'];
  const release = outcome === 'release';
  const done = await repo.transition(tx, tradeId, from, {
    status: release ? 'completed' : 'cancelled',
    ended_at: iso(now),
    ...(byOperator ? { outcome, resolution_note: note ?? '', resolved_by: actor.operatorId ?? null, resolved_at: iso(now) } : {}),
  });
  if (!done) {
    if (!(await repo.findTrade(tx, tradeId))) throw new DomainError('record_not_found');
    throw new DomainError('trade_state_changed');
  }
  // the listing before the ledger's accounts: the same lock order as a listing's cancel
  await lockListing(tx, done.listing_id);
  await post(tx, {
    kind: release ? 'trade_release' : 'trade_refund',
    ref: tradeRef(done.id),
    actor: byOperator ? `operator:${actor.operatorId ?? 0}` : `user:${done.seller_id}`,
    now,
    legs: [
      { account: { user: done.seller_id, kind: 'escrow' }, amount: -done.quantity },
      { account: { user: release ? done.buyer_id : done.seller_id, kind: 'available' }, amount: done.quantity },
    ],
  });
  const closed = await closeIfSoldOut(tx, ctx, done.listing_id);
  await event(tx, done.id, byOperator ? 'resolved' : 'released', byOperator ? 'operator' : 'seller', now);
  const params = mailParams(done, { note: note ?? '' });
  await tellBoth(tx, ctx, done, {
    money: release ? ['buyer', 'seller'] : ['seller'],
    listing: closed,
    buyerMail: release ? { kind: 'trade_released', params } : { kind: 'trade_refund_buyer', params },
    sellerMail: byOperator ? { kind: release ? 'trade_resolved_release' : 'trade_refunded', params } : undefined,
  });
  return done;
}

export async function tradeDetail(tx: Tx, ctx: AppContext, userId: number, id: number) {
  const { row, role } = await ownTrade(tx, userId, id);
  return detailOf(tx, ctx, row, role, userId);
}

/** The caller's trades on both sides, newest first. */
export async function listTrades(
  tx: Tx,
  userId: number,
  q: { page: number; page_size: number; status?: TradeStatus },
): Promise<Page<Trade>> {
  const { rows, total } = await repo.pageTrades(tx, userId, q.status, q.page_size, (q.page - 1) * q.page_size);
  const [names, unread] = await Promise.all([
    publicNames(
      tx,
      rows.map((r) => (r.buyer_id === userId ? r.seller_id : r.buyer_id)),
    ),
    repo.unreadCounts(
      tx,
      userId,
      rows.map((r) => r.id),
    ),
  ]);
  const list = rows.map((r) => {
    const role = roleOf(r, userId)!;
    return toTrade(r, role, names.get(role === 'buyer' ? r.seller_id : r.buyer_id) ?? '', unread.get(r.id) ?? 0);
  });
  return { list, total, page: q.page, page_size: q.page_size };
}

// ---- jobs ----

/**
 * Trades of `status` past their `column` deadline: those a job's run claims (locked for it), and when the
 * longest-overdue one passed it (the job's lag).
 */
const pastDeadline = (status: 'awaiting_payment' | 'paid', column: 'pay_deadline' | 'release_deadline') => ({
  due: (tx: Tx, now: Date, limit: number) => repo.dueTrades(tx, status, column, iso(now), limit),
  oldestDue: async (tx: Tx, now: Date) => {
    const at = await repo.oldestDueTrade(tx, status, column, iso(now));
    return at === undefined ? undefined : new Date(at);
  },
  /** changes one such trade by `set`, only while it is still of `status` and past the deadline: working it again does nothing */
  settle: (tx: Tx, id: number, now: Date, set: Updateable<TradesTable>) =>
    repo.transition(tx, id, [status], set, { dueBy: { column, at: iso(now) } }),
});

/** Unpaid trades past their payment deadline (the expiry job). */
export const unpaidPastDeadline = pastDeadline('awaiting_payment', 'pay_deadline');

/** Expires one unpaid trade past its deadline, once: the quantity goes back to the listing; both sides are told. */
export async function expireTrade(tx: Tx, ctx: AppContext, id: number, now: Date): Promise<boolean> {
  const done = await unpaidPastDeadline.settle(tx, id, now, { status: 'expired', ended_at: iso(now) });
  if (!done) return false;
  await endUnpaid(tx, ctx, done, 'system', now);
  const mail: Mail = { kind: 'trade_expired', params: mailParams(done) };
  await tellBoth(tx, ctx, done, { money: ['seller'], listing: true, buyerMail: mail, sellerMail: mail });
  return true;
}

/** Paid trades the seller neither released nor disputed within `RELEASE_HOURS` (the silent-seller job). */
export const paidPastRelease = pastDeadline('paid', 'release_deadline');

/** Puts one paid trade past its release deadline into dispute (`system`), once; both sides are told. */
export async function disputeSilentSeller(tx: Tx, ctx: AppContext, id: number, now: Date): Promise<boolean> {
  const done = await paidPastRelease.settle(tx, id, now, {
    status: 'disputed',
    appeal_by: 'system',
    appeal_reason: '',
    disputed_at: iso(now),
  });
  if (!done) return false;
  await event(tx, id, 'disputed', 'system', now);
  const mail: Mail = { kind: 'trade_overdue', params: mailParams(done) };
  await tellBoth(tx, ctx, done, { buyerMail: mail, sellerMail: mail });
  return true;
}
