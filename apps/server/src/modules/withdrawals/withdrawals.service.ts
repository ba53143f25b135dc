import { ADMIN_API, formatAmount, type Page, type PayoutAccount, type Withdrawal, withdrawApproveRequest } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import type { WithdrawalsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { type NewJournal, post } from '../ledger/ledger.service.js';
import { notifyUser } from '../notify/notify.service.js';
import { accountsById, checkUsable, lockOwnAccount, maskPayout } from '../payouts/payouts.service.js';
import { pageOwn, type ReviewQueue } from '../review/review.service.js';
import { checkAmountIn, storedSettings } from '../settings/settings.service.js';
import { guardValueOut } from '../two-factor/two-factor.service.js';
import type { CurrentUser } from '../users/users.service.js';
import { checkDailyWithdrawal, uncountWithdrawal, vipLevelsIn } from '../vip/vip.service.js';
import * as repo from './withdrawals.repository.js';

type Row = Selectable<WithdrawalsTable>;

function toWithdrawal(r: Row, account: PayoutAccount | undefined): Withdrawal {
  return {
    id: r.id,
    amount: formatAmount(r.amount),
    status: r.status as Withdrawal['status'],
    reason: r.reason,
    reference: r.reference,
    account: { id: r.payout_account_id, type: account?.type ?? 'bank', label: account?.label ?? '' },
    created_at: r.created_at,
    reviewed_at: r.reviewed_at,
  };
}

/** A withdrawal's journal: its amount from the customer's available balance to frozen until it is paid or rejected. */
const withdrawalJournal = (userId: number, id: number, amount: bigint, now: Date): NewJournal => ({
  kind: 'withdraw',
  ref: `withdrawal:${id}`,
  actor: `user:${userId}`,
  now,
  legs: [
    { account: { user: userId, kind: 'available' }, amount: -amount },
    { account: { user: userId, kind: 'frozen' }, amount },
  ],
});

/** Requests a withdrawal: the amount moves available -> frozen in the same transaction that records it. */
export async function createWithdrawal(
  tx: Tx,
  ctx: AppContext,
  who: CurrentUser,
  input: { bk_id: number; amount: bigint; request_id?: string; totp?: string },
) {
  const userId = who.user.id;
  const requestId = input.request_id ?? null;
  const find = async (id: string) => {
    const row = await repo.findByRequest(tx, userId, id);
    return row && { id: row.id, status: row.status as Withdrawal['status'] };
  };
  return oncePerRequest(requestId, find, async () => {
    // inside: a repeated request_id answers the first withdrawal without spending another code
    await guardValueOut(tx, ctx, who.user, input.totp);
    const now = ctx.clock.now();
    // locked: the account cannot be changed or removed while this payout to it is being recorded
    const account = await lockOwnAccount(tx, userId, input.bk_id);
    if (!account) throw new DomainError('no_payout_account');
    checkUsable(account, now);
    const stored = await storedSettings(tx, ctx.settingsCache);
    const amount = checkAmountIn(stored, input.amount, 'withdraw');
    const id = await repo.insertWithdrawal(tx, { userId, accountId: account.id, amount, requestId, now: iso(now) });
    // the journal and today's total at once, in that order (the available account locked before the day's row): the
    // ledger refuses (insufficient_balance) when available is short, and that refusal is the answer even when the
    // day's limit is passed too; today's sum includes this one and any committed before
    const [posted, counted] = await Promise.allSettled([
      post(tx, withdrawalJournal(userId, id, amount, now)),
      checkDailyWithdrawal(tx, userId, amount, now, vipLevelsIn(stored)),
    ]);
    if (posted.status === 'rejected') throw posted.reason;
    if (counted.status === 'rejected') throw counted.reason;
    await notifyUser(tx, ctx, userId, ['money', 'withdraw']);
    return { id, status: 'auditing' as const };
  });
}

export async function listOwn(tx: Tx, userId: number, page: number, pageSize: number): Promise<Page<Withdrawal>> {
  const { rows, total } = await pageOwn(tx, withdrawalQueue, userId, page, pageSize);
  const accounts = await accountsById(
    tx,
    rows.map((r) => r.payout_account_id),
  );
  return { list: rows.map((r) => toWithdrawal(r, accounts.get(r.payout_account_id))), total, page, page_size: pageSize };
}

/** Leaves frozen: to the world when paid out, back to available when rejected; the customer is told either way. */
async function settle(tx: Tx, ctx: AppContext, w: Row, actorId: number, outcome: { paid: string } | { rejected: string }) {
  const paid = 'paid' in outcome;
  await post(tx, {
    kind: paid ? 'withdraw_paid' : 'withdraw_refund',
    ref: `withdrawal:${w.id}`,
    actor: `operator:${actorId}`,
    now: ctx.clock.now(),
    legs: [
      { account: { user: w.user_id, kind: 'frozen' }, amount: -w.amount },
      paid
        ? { account: { platform: 'world' }, amount: w.amount }
        : { account: { user: w.user_id, kind: 'available' }, amount: w.amount },
    ],
  });
  if (!paid) await uncountWithdrawal(tx, w.user_id, w.created_at, w.amount);
  const account = (await accountsById(tx, [w.payout_account_id])).get(w.payout_account_id);
  const amount = formatAmount(w.amount);
  await notifyUser(
    tx,
    ctx,
    w.user_id,
    ['money', 'withdraw'],
    paid
      ? { kind: 'withdraw_paid', params: { amount, account: account?.label ?? '', reference: outcome.paid } }
      : { kind: 'withdraw_rejected', params: { amount, reason: outcome.rejected } },
  );
  return { amount, user_id: w.user_id, ...(paid ? { reference: outcome.paid } : { reason: outcome.rejected }) };
}

/** Withdrawal review: approving records the payout reference (frozen -> world); rejecting restores the balance. */
export const withdrawalQueue: ReviewQueue<Row, { id: number; reference: string }, Withdrawal> = {
  name: 'withdraw',
  table: 'withdrawals',
  ref: (id) => `withdrawal:${id}`,
  paths: { list: ADMIN_API.withdrawList, approve: ADMIN_API.withdrawApprove, reject: ADMIN_API.withdrawReject },
  approveBody: withdrawApproveRequest,
  approvalColumns: (a) => ({ reference: a.reference }),
  onApprove: (tx, ctx, w, actor, a) => settle(tx, ctx, w, actor.id, { paid: a.reference }),
  onReject: (tx, ctx, w, actor, reason) => settle(tx, ctx, w, actor.id, { rejected: reason }),
  async answer(tx, w) {
    const account = (await accountsById(tx, [w.payout_account_id])).get(w.payout_account_id);
    return toWithdrawal(w, account && maskPayout(account));
  },
  // operators see payout details masked; the one who pays out reveals them (`revealPayout`)
  async present(tx, rows) {
    const accounts = await accountsById(
      tx,
      rows.map((r) => r.payout_account_id),
    );
    return (r) => {
      const payout = maskPayout(accounts.get(r.payout_account_id)!);
      return { ...toWithdrawal(r, payout), payout };
    };
  },
};

/**
 * One withdrawal's payout account in full, for an operator who pays out (owner, finance). The reveal is written to the
 * audit log in the same transaction, so nobody reads a customer's bank details without a trace.
 */
export async function revealPayout(tx: Tx, ctx: AppContext, actor: Actor, id: number) {
  const w = await repo.findWithdrawal(tx, id);
  if (!w) throw new DomainError('record_not_found');
  const payout = (await accountsById(tx, [w.payout_account_id])).get(w.payout_account_id);
  if (!payout) throw new DomainError('record_not_found');
  await record(tx, ctx, {
    actor,
    action: 'withdraw.reveal',
    target: withdrawalQueue.ref(w.id),
    detail: { user_id: w.user_id, payout_account_id: w.payout_account_id, status: w.status },
    now: ctx.clock.now(),
  });
  return { id: w.id, payout };
}
