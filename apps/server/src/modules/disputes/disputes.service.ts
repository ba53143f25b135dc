import { formatAmount, type Page, type TradeOutcome, type TradeStatus } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import type { TradesTable } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { listForOperator } from '../chat/chat.service.js';
import { reviewPeople } from '../operators/operators.service.js';
import { accountsById, payeeOf } from '../payouts/payouts.service.js';
import { settleTrade, timelineOf } from '../trades/trades.service.js';
import { emailsOf, userIdsMatching } from '../users/users.service.js';
import * as repo from './disputes.repository.js';

/**
 * The operators' side of trades between customers: every trade with a status filter (`disputed` is the
 * disputes queue) and an e-mail search over both sides, one trade in full, and the decision of a dispute.
 *
 * Not a queue of the review engine (modules/review): that engine's rows belong to one customer (`user_id`), wait
 * `auditing` and end `completed` or `rejected` with a `reason` and `reviewed_by`; a trade has two customers, is listed
 * in all its statuses, waits `disputed`, ends by an outcome (release -> `completed`, refund -> `cancelled`) with a
 * note and `resolved_by`, and its settlement is the trades module's `settleTrade`. Fitting it in would mean bending the
 * engine's state machine, search and columns for one table; the list, the race and the audit entry follow the
 * engine's patterns instead (conditional change under a row lock, entry in the same transaction).
 */

type TradeRow = Selectable<TradesTable>;

const appealOf = (t: TradeRow) =>
  t.appeal_by
    ? {
        by: t.appeal_by as 'buyer' | 'seller' | 'system',
        reason: t.appeal_reason ?? '',
        at: t.disputed_at ?? t.created_at,
      }
    : null;

const resolutionOf = (t: TradeRow) =>
  t.outcome
    ? { outcome: t.outcome as TradeOutcome, note: t.resolution_note ?? '', at: t.resolved_at ?? t.ended_at ?? t.created_at }
    : null;

const toAdminTrade = (t: TradeRow, people: { buyer: string; seller: string; resolvedBy: string | null }) => ({
  id: t.id,
  order_no: t.order_no,
  listing_id: t.listing_id,
  quantity: formatAmount(t.quantity),
  price: formatAmount(t.price),
  currency: t.currency,
  fiat_amount: formatAmount(t.fiat_amount),
  status: t.status as TradeStatus,
  reference: t.reference,
  window_minutes: t.window_minutes,
  pay_deadline: t.pay_deadline,
  paid_at: t.paid_at,
  release_deadline: t.release_deadline,
  ended_at: t.ended_at,
  appeal: appealOf(t),
  resolution: resolutionOf(t),
  created_at: t.created_at,
  buyer_id: t.buyer_id,
  buyer_email: people.buyer,
  seller_id: t.seller_id,
  seller_email: people.seller,
  resolved_by: people.resolvedBy,
});

/** Both sides' e-mails and the deciding operator's, looked up once per page. */
async function peopleOf(tx: Tx, rows: TradeRow[]) {
  const [buyers, sellers] = await Promise.all([
    reviewPeople(
      tx,
      rows.map((t) => ({ user_id: t.buyer_id, reviewed_by: t.resolved_by })),
    ),
    emailsOf(
      tx,
      rows.map((t) => t.seller_id),
    ),
  ]);
  return (t: TradeRow) => {
    const b = buyers({ user_id: t.buyer_id, reviewed_by: t.resolved_by });
    return { buyer: b.user_email, seller: sellers.get(t.seller_id) ?? '', resolvedBy: b.reviewed_by };
  };
}

export async function listTrades(
  tx: Tx,
  f: { status?: TradeStatus; keyword?: string; page: number; page_size: number },
): Promise<Page<ReturnType<typeof toAdminTrade>>> {
  const userIds = f.keyword ? await userIdsMatching(tx, f.keyword) : undefined;
  const { rows, total } = await repo.pageTrades(tx, { status: f.status, userIds }, f.page_size, (f.page - 1) * f.page_size);
  const people = await peopleOf(tx, rows);
  return { list: rows.map((t) => toAdminTrade(t, people(t))), total, page: f.page, page_size: f.page_size };
}

async function detailOf(tx: Tx, t: TradeRow) {
  const [people, accounts, events, messages] = await Promise.all([
    peopleOf(tx, [t]),
    accountsById(tx, [t.payout_account_id]),
    timelineOf(tx, t.id),
    listForOperator(tx, t),
  ]);
  return {
    ...toAdminTrade(t, people(t)),
    // masked as every payout account in the console, which still lets the operator match the proof against it
    payee: payeeOf(accounts.get(t.payout_account_id), { mask: true }),
    proof: t.proof,
    timeline: events,
    messages,
  };
}

/** One trade in full; its chat only once it is (or was) disputed. */
export async function tradeDetail(tx: Tx, id: number) {
  const t = await repo.findTrade(tx, id);
  if (!t) throw new DomainError('record_not_found');
  return detailOf(tx, t);
}

/**
 * Decides a disputed trade once: under the trade's row lock the status is checked, `settleTrade` moves the escrow
 * (release: to the buyer, refund: back to the seller) and ends the trade, and the audit entry commits with it. A second
 * operator deciding at the same time waits for the lock and is refused (`trade_not_disputed`). `settleTrade` also tells
 * both sides, live and by mail in their language (the "dispute decided" mails of notify.mails.ts).
 */
export async function resolve(tx: Tx, ctx: AppContext, actor: Actor, input: { id: number; outcome: TradeOutcome; note: string }) {
  const before = await repo.lockTrade(tx, input.id);
  if (!before) throw new DomainError('record_not_found');
  if (before.status !== 'disputed') throw new DomainError('trade_not_disputed');
  const after = await settleTrade(tx, ctx, before.id, input.outcome, { by: 'operator', operatorId: actor.id }, input.note);
  const amount = formatAmount(after.quantity);
  await record(tx, ctx, {
    actor,
    action: 'trade.resolve',
    target: `trade:${after.id}`,
    detail: {
      order_no: after.order_no,
      outcome: input.outcome,
      note: input.note,
      amount,
      buyer_id: after.buyer_id,
      seller_id: after.seller_id,
      status: after.status,
    },
    now: ctx.clock.now(),
  });
  return detailOf(tx, after);
}
