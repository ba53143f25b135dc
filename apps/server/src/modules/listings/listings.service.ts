import { formatAmount, type Listing, type ListingStatus, type Page, type PayoutType } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import type { ListingsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { balances, post, totalHeld } from '../ledger/ledger.service.js';
import { notifyUser } from '../notify/notify.service.js';
import { accountsById, lockOwnAccount } from '../payouts/payouts.service.js';
import { guardValueOut } from '../two-factor/two-factor.service.js';
import { type CurrentUser, publicNames } from '../users/users.service.js';
import * as repo from './listings.repository.js';

type ListingRow = Selectable<ListingsTable>;

const STATS_DAYS = 30;
const HISTORY_SIZE = 20;

/** How journals and live events name a listing. */
const listingRef = (id: number) => `listing:${id}`;

interface Stats {
  trades: number;
  rate: number | null;
}

/**
 * Per seller: trades as seller in the last 30 days and their completion rate (one decimal), null before any counts.
 * The rate counts what the seller controls: trades they released against trades they let pass the release deadline
 * or an operator had to release for them; a buyer's cancel or expiry counts for neither.
 */
async function sellerStats(tx: Tx, ctx: AppContext, ids: number[]): Promise<Map<number, Stats>> {
  const since = iso(new Date(ctx.clock.now().getTime() - STATS_DAYS * 86_400_000));
  const sums = new Map<number, { trades: number; completed: number; failed: number }>();
  for (const r of await repo.sellerStats(tx, [...new Set(ids)], since)) {
    const s = sums.get(r.seller_id) ?? { trades: 0, completed: 0, failed: 0 };
    s.trades += r.n;
    if (r.overdue || r.outcome === 'release') s.failed += r.n;
    else if (r.status === 'completed') s.completed += r.n;
    sums.set(r.seller_id, s);
  }
  const out = new Map<number, Stats>();
  for (const [id, s] of sums) {
    const decided = s.completed + s.failed;
    // one decimal, computed in integers: the per mille rounded half up
    const rate = decided ? Math.floor((s.completed * 2000 + decided) / (2 * decided)) / 10 : null;
    out.set(id, { trades: s.trades, rate });
  }
  return out;
}

/** Everything the answers of some listings need, read once for all of them. */
async function present(tx: Tx, ctx: AppContext, rows: ListingRow[], viewerId: number) {
  const [stats, held, names, accounts] = await Promise.all([
    sellerStats(
      tx,
      ctx,
      rows.map((r) => r.user_id),
    ),
    repo.inTrades(
      tx,
      rows.map((r) => r.id),
    ),
    publicNames(
      tx,
      rows.map((r) => r.user_id),
    ),
    accountsById(
      tx,
      rows.map((r) => r.payout_account_id),
    ),
  ]);
  return (r: ListingRow): Listing => {
    const inTrades = held.get(r.id) ?? 0n;
    const s = stats.get(r.user_id);
    return {
      id: r.id,
      seller: names.get(r.user_id) ?? '',
      seller_trades_30d: s?.trades ?? 0,
      seller_completion_rate: s?.rate ?? null,
      mine: r.user_id === viewerId,
      price: formatAmount(r.price),
      currency: r.currency,
      quantity: formatAmount(r.quantity),
      remaining: formatAmount(r.remaining),
      in_trades: formatAmount(inTrades),
      uncompleted: formatAmount(r.remaining + inTrades),
      min: formatAmount(r.min_amount),
      max: formatAmount(r.max_amount),
      method: (accounts.get(r.payout_account_id)?.type ?? 'bank') as PayoutType,
      window_minutes: r.window_minutes,
      status: r.status as ListingStatus,
      created_at: r.created_at,
    };
  };
}

export interface ListingInput {
  number: bigint;
  price: bigint;
  currency: string;
  min: bigint;
  max: bigint;
  bk_id: number;
  window_minutes: number;
  request_id?: string;
  totp?: string;
}

/**
 * Posts a sell listing. In one transaction: the payout account (the seller's own, locked so it cannot change under
 * the listing) is checked, the listing written and its quantity moved available -> escrow. A repeated `request_id`
 * answers the first listing; anything refused changes nothing.
 */
export async function createListing(tx: Tx, ctx: AppContext, who: CurrentUser, input: ListingInput) {
  const userId = who.user.id;
  const requestId = input.request_id ?? null;
  const find = async (id: string) => {
    const row = await repo.findListingByRequest(tx, userId, id);
    return row && { id: row.id };
  };
  return oncePerRequest(requestId, find, async () => {
    // buyers pay fiat to the bound account: a stolen session could otherwise bind the thief's account and sell the balance
    await guardValueOut(tx, ctx, who.user, input.totp);
    const now = ctx.clock.now();
    if (input.max > input.number) throw new DomainError('listing_max_over_quantity', { max: formatAmount(input.number) });
    const account = await lockOwnAccount(tx, userId, input.bk_id);
    if (!account) throw new DomainError('no_payout_account');
    const id = await repo.insertListing(tx, {
      user_id: userId,
      quantity: input.number,
      remaining: input.number,
      price: input.price,
      currency: input.currency,
      min_amount: input.min,
      max_amount: input.max,
      payout_account_id: account.id,
      window_minutes: input.window_minutes,
      status: 'open',
      request_id: requestId,
      created_at: iso(now),
      closed_at: null,
    });
    // the ledger refuses (insufficient_balance) when available is short; the savepoint or transaction undoes the rest
    await post(tx, {
      kind: 'listing_escrow',
      ref: listingRef(id),
      actor: `user:${userId}`,
      now,
      legs: [
        { account: { user: userId, kind: 'available' }, amount: -input.number },
        { account: { user: userId, kind: 'escrow' }, amount: input.number },
      ],
    });
    await notifyUser(tx, ctx, userId, ['money', 'listing'], undefined, listingRef(id));
    return { id };
  });
}

/** Returns what a listing still holds escrow -> available (a cancel, or a trade ending on a closed listing). */
async function returnToSeller(tx: Tx, ctx: AppContext, row: ListingRow, amount: bigint, actor: string) {
  if (amount <= 0n) return;
  await post(tx, {
    kind: 'listing_return',
    ref: listingRef(row.id),
    actor,
    now: ctx.clock.now(),
    legs: [
      { account: { user: row.user_id, kind: 'escrow' }, amount: -amount },
      { account: { user: row.user_id, kind: 'available' }, amount },
    ],
  });
}

/**
 * The seller closes their listing: refused while a trade on it is not finished (that trade's quantity is still bound
 * to it); otherwise the untraded remainder goes escrow -> available and the listing is `closed`.
 */
export async function cancelListing(tx: Tx, ctx: AppContext, userId: number, id: number): Promise<Listing> {
  const row = await repo.lockListing(tx, id);
  if (!row || row.user_id !== userId) throw new DomainError('record_not_found');
  if (row.status !== 'open') throw new DomainError('listing_not_open');
  if (await repo.hasUnfinishedTrades(tx, id)) throw new DomainError('listing_has_trades');
  const remaining = await repo.closeListing(tx, id, iso(ctx.clock.now()));
  if (remaining === undefined) throw new DomainError('listing_not_open');
  await returnToSeller(tx, ctx, row, remaining, `user:${userId}`);
  await notifyUser(tx, ctx, userId, ['money', 'listing'], undefined, listingRef(id));
  const after = (await repo.findListing(tx, id))!;
  return (await present(tx, ctx, [after], userId))(after);
}

/** Others' open listings, best price first; with `mine`, the caller's own listings, newest first. */
export async function listListings(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  q: { page: number; page_size: number; mine?: boolean },
): Promise<Page<Listing>> {
  const filter = q.mine ? { mineOf: userId } : { othersOf: userId };
  const { rows, total } = await repo.pageListings(tx, filter, q.page_size, (q.page - 1) * q.page_size);
  const show = await present(tx, ctx, rows, userId);
  return { list: rows.map(show), total, page: q.page, page_size: q.page_size };
}

// ---- what the trades module uses ----

/** A listing locked until the transaction ends (its cancel and the ends of trades on it queue behind each other). */
export const lockListing = (tx: Tx, id: number) => repo.lockListing(tx, id);
export const findListing = (tx: Tx, id: number) => repo.findListing(tx, id);
/** Takes `n` off an open listing of an active seller, by a guarded change; false when refused. Never oversells. */
export const takeOrder = (tx: Tx, id: number, n: bigint) => repo.takeOrder(tx, id, n);

/**
 * A trade on the listing ended without a sale (cancelled, expired): its quantity goes back to the listing's remaining,
 * or, when the listing is closed already, escrow -> the seller's available.
 */
export async function giveBack(tx: Tx, ctx: AppContext, listingId: number, n: bigint, actor: string): Promise<void> {
  const row = await repo.lockListing(tx, listingId);
  if (!row) throw new Error(`listing ${listingId} missing`);
  if (!(await repo.giveBackRemaining(tx, listingId, n))) await returnToSeller(tx, ctx, row, n, actor);
}

/** A trade on the listing finished with its quantity gone: closes the listing when nothing is left and no trade runs. */
export async function closeIfSoldOut(tx: Tx, ctx: AppContext, listingId: number): Promise<boolean> {
  return repo.closeIfSoldOut(tx, listingId, iso(ctx.clock.now()));
}

// ---- the Hall's summary and history ----

/** Available, escrow (listings) and frozen (withdrawals and sales under review), and the total held, from the ledger. */
export async function tongji(tx: Tx, userId: number) {
  const b = await balances(tx, userId);
  return {
    available: formatAmount(b.available),
    escrow: formatAmount(b.escrow),
    frozen: formatAmount(b.frozen),
    total: formatAmount(totalHeld(b)),
    on_order: formatAmount(b.escrow + b.frozen),
  };
}

/** The latest 20 completed deals of everyone, trades and sales to merchants, newest first, sellers masked. */
export async function history(tx: Tx) {
  const { trades, sales } = await repo.latestDeals(tx, HISTORY_SIZE);
  const deals = [
    ...trades.map((d) => ({ ...d, kind: 'trade' as const })),
    ...sales.map((d) => ({ ...d, kind: 'merchant' as const })),
  ]
    .filter((d): d is typeof d & { at: string } => d.at !== null)
    .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
    .slice(0, HISTORY_SIZE);
  const names = await publicNames(
    tx,
    deals.map((d) => d.user_id),
  );
  return {
    list: deals.map((d) => ({
      kind: d.kind,
      seller: names.get(d.user_id) ?? '***',
      quantity: formatAmount(d.quantity),
      price: formatAmount(d.price),
      currency: d.currency,
      completed_at: d.at,
    })),
  };
}
