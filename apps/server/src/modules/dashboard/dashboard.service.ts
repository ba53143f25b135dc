import { type DashboardSummary, formatAmount } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { iso } from '../../lib/clock.js';
import { USER_ACCOUNT_KINDS } from '../ledger/ledger.service.js';
import * as repo from './dashboard.repository.js';

/** How many UTC days the series cover, today included. */
const DASHBOARD_DAYS = 30;

/** The journals each daily series counts: the moment money actually moved (a recharge credited, a payout paid...). */
const SERIES = {
  recharge: 'recharge',
  withdraw: 'withdraw_paid',
  sale: 'merchant_sale_paid',
  trade: 'trade_release',
} as const;

const DAY_MS = 86_400_000;

export type Queue = 'recharges' | 'withdrawals' | 'merchant_sales' | 'disputes';
export type QueueState = { count: number; oldest: string | null };

/** How many items wait for an operator in each review queue, and when the oldest arrived (the dashboard and /metrics). */
export async function pendingQueues(tx: Tx): Promise<Record<Queue, QueueState>> {
  return {
    recharges: await repo.queue(tx, 'recharges'),
    withdrawals: await repo.queue(tx, 'withdrawals'),
    merchant_sales: await repo.queue(tx, 'merchant_sales'),
    disputes: await repo.disputeQueue(tx),
  };
}

/** What every customer account holds, summed by account kind, from the ledger (the dashboard and /metrics). */
export const customerLiabilities = (tx: Tx) => repo.customerBalancesByKind(tx);

/**
 * The console's landing page. Liabilities are what every customer account holds (from the ledger, so they equal it),
 * the queues what waits for an operator, and the series the last 30 UTC days, oldest first, each day present (zero
 * when nothing happened).
 */
export async function summary(tx: Tx, ctx: AppContext): Promise<DashboardSummary> {
  const now = ctx.clock.now();
  const byKind = await customerLiabilities(tx);
  const queues = await pendingQueues(tx);
  const liabilities = Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, formatAmount(byKind.get(k) ?? 0n)])) as Record<
    (typeof USER_ACCOUNT_KINDS)[number],
    string
  >;
  const total = USER_ACCOUNT_KINDS.reduce((s, k) => s + (byKind.get(k) ?? 0n), 0n);

  const age = (q: { count: number; oldest: string | null }) => ({
    count: q.count,
    oldest_at: q.oldest,
    oldest_seconds: q.oldest ? Math.max(0, Math.floor((now.getTime() - new Date(q.oldest).getTime()) / 1000)) : null,
  });

  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = new Date(today - (DASHBOARD_DAYS - 1) * DAY_MS);
  const since = iso(first);
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) =>
    new Date(first.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  const flows = new Map<string, { count: number; amount: bigint }>();
  for (const r of await repo.journalsByDay(tx, Object.values(SERIES), since)) flows.set(`${r.day}|${r.kind}`, r);
  const joined = new Map((await repo.newUsersByDay(tx, since)).map((r) => [r.day, r.count]));
  const point = (day: string, kind: string) => flows.get(`${day}|${kind}`) ?? { count: 0, amount: 0n };

  return {
    generated_at: iso(now),
    liabilities: { ...liabilities, total: formatAmount(total) },
    platform: (await repo.platformBalances(tx)).map((a) => ({ kind: a.kind, balance: formatAmount(a.balance) })),
    queues: {
      recharge: age(queues.recharges),
      withdraw: age(queues.withdrawals),
      saleu: age(queues.merchant_sales),
      dispute: age(queues.disputes),
    },
    days: days.map((day) => {
      const [r, w, s, t] = [
        point(day, SERIES.recharge),
        point(day, SERIES.withdraw),
        point(day, SERIES.sale),
        point(day, SERIES.trade),
      ];
      return {
        day,
        recharge_amount: formatAmount(r.amount),
        recharge_count: r.count,
        withdraw_amount: formatAmount(w.amount),
        withdraw_count: w.count,
        sale_amount: formatAmount(s.amount),
        sale_count: s.count,
        trade_amount: formatAmount(t.amount),
        trade_count: t.count,
        new_users: joined.get(day) ?? 0,
      };
    }),
  };
}
