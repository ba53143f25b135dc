import { type AdminUser, type AdminUserDetail, formatAmount, type Page } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import { afterCommit } from '../../db/transaction.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { teamTongji } from '../invites/invites.service.js';
import { balances, moneyInfo, post } from '../ledger/ledger.service.js';
import { notifyUser } from '../notify/notify.service.js';
import { accountsById, maskPayout } from '../payouts/payouts.service.js';
import { endSessionsOf } from '../sessions/sessions.service.js';
import { lockCustomer } from '../users/users.service.js';
import { effectiveLevel, standing } from '../vip/vip.service.js';
import * as repo from './customers.repository.js';

/** How many of each kind of order the detail shows, and how many ledger postings. */
const RECENT = 10;
const LEDGER_LINES = 50;

/** `vipLevel`: the level in effect (an owner's override, else what the volume earns; vip.service). */
function toAdminUser(r: repo.CustomerRow, vipLevel: number): AdminUser {
  return {
    id: r.id,
    email: r.email,
    nickname: r.nickname,
    invite_code: r.invite_code,
    inviter_id: r.inviter_id,
    inviter_email: r.inviter_email ?? null,
    inviter_code: r.inviter_code ?? null,
    house_code: r.house_code,
    vip_level: vipLevel,
    status: r.status as AdminUser['status'],
    balance_total: formatAmount(r.balance_total),
    created_at: r.created_at,
  };
}

export async function listCustomers(
  tx: Tx,
  input: { page: number; page_size: number; keyword?: string; status?: string },
): Promise<Page<AdminUser>> {
  const { rows, total } = await repo.pageCustomers(
    tx,
    { keyword: input.keyword || undefined, status: input.status },
    input.page_size,
    (input.page - 1) * input.page_size,
  );
  const list: AdminUser[] = [];
  // the level in effect (an owner's override, else what the volume earns), read as the customer's own calls read it
  for (const r of rows) list.push(toAdminUser(r, await effectiveLevel(tx, r.id)));
  return { list, total, page: input.page, page_size: input.page_size };
}

async function found(tx: Tx, id: number): Promise<repo.CustomerRow> {
  const row = await repo.findCustomer(tx, id);
  if (!row) throw new DomainError('record_not_found');
  return row;
}

/** Everything the console shows of one customer; payout accounts masked for every role, tokens never. */
export async function customerDetail(tx: Tx, ctx: AppContext, id: number): Promise<AdminUserDetail> {
  const u = await found(tx, id);
  const [ledger, team, recharges, withdrawals, sales, trades, listings, adjustments, sessions] = [
    await repo.recentPostings(tx, id, LEDGER_LINES),
    // the team's sizes as sign-ups keep them, not a walk of three levels of invitations
    await teamTongji(tx, id),
    await repo.recentRecharges(tx, id, RECENT),
    await repo.recentWithdrawals(tx, id, RECENT),
    await repo.recentMerchantSales(tx, id, RECENT),
    await repo.recentTrades(tx, id, RECENT),
    await repo.recentListings(tx, id, RECENT),
    await repo.recentAdjustments(tx, id, RECENT),
    await repo.openSessions(tx, id, iso(ctx.clock.now())),
  ];
  const payouts = await accountsById(
    tx,
    withdrawals.map((w) => w.payout_account_id),
  );
  const masked = (accountId: number) => {
    const a = payouts.get(accountId);
    return a ? maskPayout(a).label : '';
  };
  const vip = await standing(tx, id);
  return {
    user: {
      ...toAdminUser(u, vip.level),
      lang: u.lang,
      frozen_reason: u.frozen_reason,
      frozen_at: u.frozen_at,
    },
    balances: await moneyInfo(tx, id),
    vip: { earned: vip.earned, override: vip.override, volume: formatAmount(vip.volume) },
    ledger: ledger.map((l) => ({
      id: l.id,
      journal_id: l.journal_id,
      kind: l.kind,
      account: l.account,
      amount: formatAmount(l.amount),
      balance_after: formatAmount(l.balance_after),
      ref: l.ref,
      memo: l.memo,
      created_at: l.created_at,
    })),
    team: { level1: team.level1, level2: team.level2, level3: team.level3 },
    recharges: recharges.map((r) => ({ ...r, amount: formatAmount(r.amount) })),
    withdrawals: withdrawals.map((w) => ({
      id: w.id,
      amount: formatAmount(w.amount),
      status: w.status,
      account: masked(w.payout_account_id),
      created_at: w.created_at,
    })),
    merchant_sales: sales.map((m) => ({ ...m, quantity: formatAmount(m.quantity) })),
    trades: trades.map((t) => ({
      id: t.id,
      order_no: t.order_no,
      role: t.seller_id === id ? 'seller' : 'buyer',
      quantity: formatAmount(t.quantity),
      fiat_amount: formatAmount(t.fiat_amount),
      currency: t.currency,
      status: t.status,
      created_at: t.created_at,
    })),
    listings: listings.map((l) => ({
      ...l,
      quantity: formatAmount(l.quantity),
      remaining: formatAmount(l.remaining),
      price: formatAmount(l.price),
    })),
    adjustments: adjustments.map((a) => ({ ...a, amount: formatAmount(a.amount) })),
    sessions: sessions.map((s) => ({ id: s.id, created_at: s.created_at, last_seen_at: s.touched_at, expires_at: s.expires_at })),
  };
}

/**
 * Freezes an active customer: their sessions end in this transaction (every token answers -1 from the commit on),
 * their open sockets are told -1 and closed in every process once it commits, and sign-in answers `account_frozen`.
 * Their trades, listings and reviews stay where they are: operators and the jobs finish them.
 */
export async function freezeCustomer(tx: Tx, ctx: AppContext, actor: Actor, input: { id: number; reason: string }) {
  const u = await found(tx, input.id);
  const now = ctx.clock.now();
  if (!(await repo.freeze(tx, u.id, input.reason, iso(now)))) {
    throw new DomainError(
      u.status === 'frozen' ? 'customer_frozen_already' : u.status === 'closed' ? 'customer_closed' : 'state_conflict',
    );
  }
  await endSessionsOf(tx, 'sessions', u.id);
  afterCommit(tx, () => ctx.live.disconnectUser(u.id));
  await record(tx, ctx, {
    actor,
    action: 'user.freeze',
    target: `user:${u.id}`,
    detail: { email: u.email, reason: input.reason },
    now,
  });
  return toAdminUser(await found(tx, u.id), await effectiveLevel(tx, u.id));
}

/** Unfreezes a frozen customer: they may sign in again (their old sessions stay ended). */
export async function unfreezeCustomer(tx: Tx, ctx: AppContext, actor: Actor, id: number) {
  const u = await found(tx, id);
  if (!(await repo.unfreeze(tx, u.id))) throw new DomainError('customer_not_frozen');
  await record(tx, ctx, {
    actor,
    action: 'user.unfreeze',
    target: `user:${u.id}`,
    detail: { email: u.email, frozen_reason: u.frozen_reason ?? '' },
    now: ctx.clock.now(),
  });
  return toAdminUser(await found(tx, u.id), await effectiveLevel(tx, u.id));
}

/**
 * An operator's correction of a customer's available balance: a journal `adjust` between it and the platform's
 * `adjustments` account, with the reason as its memo, kept with the operator in `user_adjustments`. A deduction that
 * would take available below zero is refused with the balance named (and the ledger's guarded write refuses it again
 * should a concurrent spend get there first). Once per operator and `request_id`.
 */
export async function adjustCustomer(
  tx: Tx,
  ctx: AppContext,
  actor: Actor,
  input: { id: number; amount: bigint; reason: string; request_id?: string },
) {
  const requestId = input.request_id ?? null;
  const answer = async (adjustmentId: number, userId: number, amount: bigint) => ({
    id: adjustmentId,
    amount: formatAmount(amount),
    available: formatAmount((await balances(tx, userId)).available),
  });
  const find = async (rid: string) => {
    const row = await repo.findAdjustmentByRequest(tx, actor.id, rid);
    return row && answer(row.id, row.user_id, row.amount);
  };
  return oncePerRequest(requestId, find, async () => {
    const u = await found(tx, input.id);
    await lockCustomer(tx, u.id);
    const now = ctx.clock.now();
    const { available } = await balances(tx, u.id);
    if (available + input.amount < 0n) throw new DomainError('adjust_below_zero', { available: formatAmount(available) });
    const id = await repo.insertAdjustment(tx, {
      userId: u.id,
      operatorId: actor.id,
      amount: input.amount,
      reason: input.reason,
      requestId,
      now: iso(now),
    });
    const journalId = await post(tx, {
      kind: 'adjust',
      ref: `adjustment:${id}`,
      actor: `operator:${actor.id}`,
      memo: input.reason,
      now,
      legs: [
        { account: { user: u.id, kind: 'available' }, amount: input.amount },
        { account: { platform: 'adjustments' }, amount: -input.amount },
      ],
    });
    await repo.setAdjustmentJournal(tx, id, journalId);
    await record(tx, ctx, {
      actor,
      action: 'user.adjust',
      target: `user:${u.id}`,
      detail: { email: u.email, amount: formatAmount(input.amount), reason: input.reason, adjustment_id: id },
      now,
    });
    await notifyUser(tx, ctx, u.id, ['money']);
    return answer(id, u.id, input.amount);
  });
}
