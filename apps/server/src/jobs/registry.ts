import type { AppContext } from '../context.js';
import type { Tx } from '../db/transaction.js';
import { dueInterestOrders, oldestDueInterestOrder, settleOrder } from '../modules/interest/interest.service.js';
import { dueSnapshot, oldestDueSnapshot, pruneSnapshot, snapshotsToPrune } from '../modules/proof/proof.service.js';
import { runScheduledSnapshot } from '../modules/proof/proof.steps.js';
import { expiredSessions, purgeExpiredSession, type SessionTable } from '../modules/sessions/sessions.service.js';
import { disputeSilentSeller, expireTrade, paidPastRelease, unpaidPastDeadline } from '../modules/trades/trades.service.js';
import {
  oldestStaleCode,
  oldestStaleSend,
  purgeStaleCode,
  purgeStaleSend,
  staleCodes,
  staleSends,
} from '../modules/users/users.service.js';
import type { AnyJob, Job } from './runner.js';

const TEN_MINUTES = 10 * 60_000;

/** Removes sessions past their expiry: a customer's or operator's token stops working there already. */
const purgeSessions = (table: SessionTable): Job<{ id: number }> => ({
  name: `purge-${table}`,
  everyMs: TEN_MINUTES,
  due: (tx, now, limit) => expiredSessions(tx, table, now, limit),
  work: (tx, _ctx, row, now) => purgeExpiredSession(tx, table, row.id, now),
});

/**
 * A job over rows named by id: `due` finds (and locks) the rows due at `now`, `oldestDue` tells how long the oldest has
 * waited (its lag), `work` does one row once.
 */
const rowJob = (
  name: string,
  everyMs: number,
  due: (tx: Tx, now: Date, limit: number) => Promise<{ id: number }[]>,
  oldestDue: NonNullable<Job<{ id: number }>['oldestDue']>,
  work: (tx: Tx, ctx: AppContext, id: number, now: Date) => Promise<unknown>,
): Job<{ id: number }> => ({ name, everyMs, due, oldestDue, work: (tx, ctx, row, now) => work(tx, ctx, row.id, now) });

const MINUTE = 60_000;

/** Removes e-mail codes a day after they expired (used or not). */
const purgeCodes = rowJob('purge-email-codes', TEN_MINUTES, staleCodes, oldestStaleCode, (tx, _ctx, id, now) =>
  purgeStaleCode(tx, id, now),
);

/** Removes the records of code requests a day after they were made (they decide only the 60 s resend wait). */
const purgeSends = rowJob('purge-email-sends', TEN_MINUTES, staleSends, oldestStaleSend, (tx, _ctx, id, now) =>
  purgeStaleSend(tx, id, now),
);

/** Unpaid trades past their payment deadline expire; their quantity goes back to the listing. */
const expireTrades = rowJob('expire-trades', MINUTE, unpaidPastDeadline.due, unpaidPastDeadline.oldestDue, expireTrade);

/** Paid trades the seller neither released nor disputed within 24 hours go to dispute by themselves. */
const disputeSilentSellers = rowJob(
  'dispute-silent-sellers',
  MINUTE,
  paidPastRelease.due,
  paidPastRelease.oldestDue,
  disputeSilentSeller,
);

/** Interest orders past their expiry pay principal + interest back to available, once each. */
const settleInterest = rowJob('settle-interest', MINUTE, dueInterestOrders, oldestDueInterestOrder, settleOrder);

/**
 * Once a day a proof-of-liabilities snapshot: the job claims the schedule's one row for an hour, so a day's
 * snapshot is taken once across every process, and builds it after the claim commits (proof.steps.ts); a refused
 * snapshot (the tree does not match the ledger) gives the claim back and the next run tries again.
 */
const proofSnapshot: Job<{ id: number }> = {
  name: 'proof-snapshot',
  everyMs: TEN_MINUTES,
  batch: 1,
  due: dueSnapshot,
  oldestDue: oldestDueSnapshot,
  work: (tx, ctx, row, now) => runScheduledSnapshot(tx, ctx, row.id, now),
};

/**
 * The trees of snapshots past the newest `PROOF_TREES_KEPT` are deleted, some thousands of rows per transaction (a
 * tree stays due until it is gone); their roots stay published. Snapshots whose build stopped half-way go whole.
 */
const proofPrune: Job<{ id: number; published: boolean }> = {
  name: 'proof-prune',
  everyMs: TEN_MINUTES,
  batch: 1,
  due: snapshotsToPrune,
  work: (tx, ctx, row) => pruneSnapshot(tx, ctx, row),
};

/** Every job the server runs. */
export const JOBS: readonly AnyJob[] = [
  purgeSessions('sessions'),
  purgeSessions('operator_sessions'),
  purgeCodes,
  purgeSends,
  expireTrades,
  disputeSilentSellers,
  settleInterest,
  proofSnapshot,
  proofPrune,
];
