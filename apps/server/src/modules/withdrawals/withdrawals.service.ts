import { formatAmount, type Page, type PayoutAccount, type Withdrawal } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import type { WithdrawalsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { post } from '../ledger/ledger.service.js';
import { notifyUser } from '../notify/notify.service.js';
import { reviewPeople } from '../operators/operators.service.js';
import { accountsById, ownAccount } from '../payouts/payouts.service.js';
import { checkAmount } from '../settings/settings.service.js';
import { type CurrentUser, userIdsMatching } from '../users/users.service.js';
import * as repo from './withdrawals.repository.js';

type Row = Selectable<WithdrawalsTable>;
/** After a password change nobody may withdraw for this long: a stolen password alone cannot drain an account. */
export const PASSWORD_LOCK_HOURS = 24;

function toWithdrawal(r: Row, account: PayoutAccount | undefined): Withdrawal {
  return {
    id: r.id,
    amount: formatAmount(BigInt(r.amount)),
    status: r.status as Withdrawal['status'],
    reason: r.reason,
    reference: r.reference,
    account: { id: r.payout_account_id, type: account?.type ?? 'bank', label: account?.label ?? '' },
    created_at: r.created_at,
    reviewed_at: r.reviewed_at,
  };
}

/** Requests a withdrawal: the amount moves available -> frozen in the same transaction that records it. */
export async function createWithdrawal(
  ctx: AppContext,
  who: CurrentUser,
  input: { bk_id: number; amount: string; request_id?: string },
) {
  const userId = who.user.id;
  const requestId = input.request_id ?? null;
  const find = async (id: string) => {
    const row = await repo.findByRequest(ctx.db, userId, id);
    return row && { id: row.id, status: row.status };
  };
  return oncePerRequest(requestId, find, async () => {
    const now = ctx.clock.now();
    if (who.user.password_changed_at) {
      const until = new Date(who.user.password_changed_at).getTime() + PASSWORD_LOCK_HOURS * 3_600_000;
      if (until > now.getTime())
        throw new DomainError('withdraw_locked', { hours: Math.ceil((until - now.getTime()) / 3_600_000) });
    }
    const account = await ownAccount(ctx, userId, input.bk_id);
    if (!account) throw new DomainError('no_payout_account');
    const amount = await checkAmount(ctx.db, ctx.config.publicUrl, input.amount, 'withdraw');
    const id = await ctx.db.transaction().execute(async (tx) => {
      const id = await repo.insertWithdrawal(tx, { userId, accountId: account.id, amount, requestId, now: iso(now) });
      await post(tx, {
        kind: 'withdraw',
        ref: `withdrawal:${id}`,
        actor: `user:${userId}`,
        now,
        legs: [
          { account: { user: userId, kind: 'available' }, amount: -amount },
          { account: { user: userId, kind: 'frozen' }, amount },
        ],
      });
      return id;
    });
    await notifyUser(ctx, userId, ['money', 'withdraw']);
    return { id, status: 'auditing' };
  });
}

export async function listOwn(ctx: AppContext, userId: number, page: number, pageSize: number): Promise<Page<Withdrawal>> {
  const { rows, total } = await repo.pageWithdrawals(ctx.db, { userId }, pageSize, (page - 1) * pageSize);
  const accounts = await accountsById(
    ctx,
    rows.map((r) => r.payout_account_id),
  );
  return { list: rows.map((r) => toWithdrawal(r, accounts.get(r.payout_account_id))), total, page, page_size: pageSize };
}

export async function listForOperators(
  ctx: AppContext,
  f: { status?: string; keyword?: string },
  page: number,
  pageSize: number,
) {
  const userIds = f.keyword ? await userIdsMatching(ctx, f.keyword) : undefined;
  const { rows, total } = await repo.pageWithdrawals(ctx.db, { status: f.status, userIds }, pageSize, (page - 1) * pageSize);
  const [accounts, people] = await Promise.all([
    accountsById(
      ctx,
      rows.map((r) => r.payout_account_id),
    ),
    reviewPeople(ctx, rows),
  ]);
  return {
    list: rows.map((r) => ({
      ...toWithdrawal(r, accounts.get(r.payout_account_id)),
      ...people(r),
      payout: accounts.get(r.payout_account_id)!,
    })),
    total,
    page,
    page_size: pageSize,
  };
}

async function decideWithdrawal(ctx: AppContext, actor: Actor, id: number, outcome: { paid: string } | { rejected: string }) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const w = await repo.findWithdrawal(tx, id);
    if (!w) throw new DomainError('record_not_found');
    const paid = 'paid' in outcome;
    const decided = paid
      ? await repo.decide(tx, id, 'completed', actor.id, iso(now), { reference: outcome.paid })
      : await repo.decide(tx, id, 'rejected', actor.id, iso(now), { reason: outcome.rejected });
    if (!decided) throw new DomainError('state_conflict');
    const amount = BigInt(w.amount);
    await post(tx, {
      kind: paid ? 'withdraw_paid' : 'withdraw_refund',
      ref: `withdrawal:${id}`,
      actor: `operator:${actor.id}`,
      now,
      legs: [
        { account: { user: w.user_id, kind: 'frozen' }, amount: -amount },
        paid ? { account: { platform: 'world' }, amount } : { account: { user: w.user_id, kind: 'available' }, amount },
      ],
    });
    await record(tx, ctx.database.dialect, {
      actor,
      action: paid ? 'withdraw.approve' : 'withdraw.reject',
      target: `withdrawal:${id}`,
      detail: {
        amount: formatAmount(amount),
        user_id: w.user_id,
        ...(paid ? { reference: outcome.paid } : { reason: outcome.rejected }),
      },
      now,
    });
    return (await repo.findWithdrawal(tx, id))!;
  });
  const account = (await accountsById(ctx, [row.payout_account_id])).get(row.payout_account_id);
  const amount = formatAmount(BigInt(row.amount));
  await notifyUser(
    ctx,
    row.user_id,
    ['money', 'withdraw'],
    'paid' in outcome
      ? { kind: 'withdraw_paid', params: { amount, account: account?.label ?? '', reference: outcome.paid } }
      : { kind: 'withdraw_rejected', params: { amount, reason: outcome.rejected } },
  );
  return toWithdrawal(row, account);
}

/** Paid out: frozen -> world, with the payout reference. */
export const approve = (ctx: AppContext, actor: Actor, id: number, reference: string) =>
  decideWithdrawal(ctx, actor, id, { paid: reference });
/** Not paid: frozen -> available, with the reason. */
export const reject = (ctx: AppContext, actor: Actor, id: number, reason: string) =>
  decideWithdrawal(ctx, actor, id, { rejected: reason });
