import type { Page } from '@c2c/shared';
import type { z } from 'zod';
import type { AppContext, Tx } from '../../context.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { reviewPeople } from '../operators/operators.service.js';
import { userIdsMatching } from '../users/users.service.js';
import * as repo from './review.repository.js';

export type { ReviewColumns } from './review.repository.js';

/**
 * True while a withdrawal or a sale to a merchant paying to this payout account is under review, or while an open
 * sell listing or a trade not finished has buyers pay to it: the account then stays as it is, so the money goes to
 * the details the customer confirmed.
 */
export async function payoutPendingTo(tx: Tx, accountId: number): Promise<boolean> {
  for (const table of repo.PAYOUT_TABLES) if (await repo.hasAuditingTo(tx, table, accountId)) return true;
  return repo.hasTradingTo(tx, accountId);
}

/** Per payout account of `accountIds`: when a withdrawal or a sale to a merchant last went to it (absent: never). */
export async function lastPayoutTo(tx: Tx, accountIds: number[]): Promise<Map<number, string>> {
  const last = new Map<number, string>();
  for (const table of repo.PAYOUT_TABLES)
    for (const r of await repo.lastNamedIn(tx, table, accountIds))
      if (r.at && r.at > (last.get(r.payout_account_id) ?? '')) last.set(r.payout_account_id, r.at);
  return last;
}

/**
 * One operator review queue: rows wait `auditing` until an operator approves (`completed`) or rejects
 * (`rejected`, with a reason). The engine owns the state machine, the race (a row is decided once), who
 * reviewed it, the audit entry, the operator list with its search and the console calls; a queue only says
 * what its rows are and what approving or rejecting one does (move money, tell the customer).
 */
export interface ReviewQueue<Row extends repo.ReviewColumns, Approval extends { id: number }, Answer> {
  /** the audit action prefix (`recharge.approve`) */
  name: string;
  table: repo.ReviewTable;
  /** how audit entries and journals name a row (`recharge:12`) */
  ref(id: number): string;
  /** the console calls, bound by the review routes */
  paths: { list: string; approve: string; reject: string };
  /** the approve call's body: the id and whatever approving needs (a payout reference) */
  approveBody: z.ZodType<Approval>;
  /** columns written with the approval besides the status (the payout reference) */
  approvalColumns?(approval: Approval): { reference?: string };
  /** what approving does inside the same transaction; answers the audit detail */
  onApprove(tx: Tx, ctx: AppContext, row: Row, actor: Actor, approval: Approval): Promise<Record<string, unknown>>;
  /** what rejecting does inside the same transaction; answers the audit detail */
  onReject(tx: Tx, ctx: AppContext, row: Row, actor: Actor, reason: string): Promise<Record<string, unknown>>;
  /** what a decision answers (the row as its customer sees it) */
  answer(tx: Tx, row: Row): Promise<Answer>;
  /** how operators see a page of rows (the engine adds the customer's and the reviewer's e-mail) */
  present(tx: Tx, rows: Row[]): Promise<(row: Row) => object>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds queues of different row types
export type AnyReviewQueue = ReviewQueue<any, any, unknown>;

/** A page of one customer's rows, newest first. */
export async function pageOwn<Row extends repo.ReviewColumns>(
  tx: Tx,
  queue: ReviewQueue<Row, { id: number }, unknown>,
  userId: number,
  page: number,
  pageSize: number,
): Promise<{ rows: Row[]; total: number }> {
  const { rows, total } = await repo.pageRows(tx, queue.table, { userId }, pageSize, (page - 1) * pageSize);
  return { rows: rows as Row[], total };
}

/** The operators' list: filtered by status and by a search over customers' e-mails, newest first. */
export async function listForOperators<Row extends repo.ReviewColumns>(
  tx: Tx,
  queue: ReviewQueue<Row, { id: number }, unknown>,
  f: { status?: string; keyword?: string; page: number; page_size: number },
): Promise<Page<object>> {
  const userIds = f.keyword ? await userIdsMatching(tx, f.keyword) : undefined;
  const { rows, total } = await repo.pageRows(
    tx,
    queue.table,
    { status: f.status, userIds },
    f.page_size,
    (f.page - 1) * f.page_size,
  );
  const typed = rows as Row[];
  const [shown, people] = await Promise.all([queue.present(tx, typed), reviewPeople(tx, typed)]);
  return { list: typed.map((r) => ({ ...shown(r), ...people(r) })), total, page: f.page, page_size: f.page_size };
}

async function decide<Row extends repo.ReviewColumns>(
  tx: Tx,
  ctx: AppContext,
  queue: ReviewQueue<Row, { id: number }, unknown>,
  actor: Actor,
  id: number,
  set: { status: 'completed' | 'rejected'; reason?: string; reference?: string },
): Promise<Row> {
  const now = ctx.clock.now();
  const row = await repo.decideRow(tx, queue.table, id, { ...set, reviewed_by: actor.id, reviewed_at: iso(now) });
  if (!row) throw new DomainError((await repo.findRow(tx, queue.table, id)) ? 'state_conflict' : 'record_not_found');
  return row as Row;
}

/** Approves a row once: the state change, what approving does and the audit entry commit together. */
export async function approve<Row extends repo.ReviewColumns, Approval extends { id: number }, Answer>(
  tx: Tx,
  ctx: AppContext,
  queue: ReviewQueue<Row, Approval, Answer>,
  actor: Actor,
  approval: Approval,
): Promise<Answer> {
  const row = await decide(tx, ctx, queue as never, actor, approval.id, {
    status: 'completed',
    ...queue.approvalColumns?.(approval),
  });
  const detail = await queue.onApprove(tx, ctx, row as Row, actor, approval);
  await record(tx, ctx, {
    actor,
    action: `${queue.name}.approve`,
    target: queue.ref(row.id),
    detail,
    now: ctx.clock.now(),
  });
  return queue.answer(tx, row as Row);
}

/** Rejects a row once, with the reason: the state change, what rejecting does and the audit entry commit together. */
export async function reject<Row extends repo.ReviewColumns, Answer>(
  tx: Tx,
  ctx: AppContext,
  queue: ReviewQueue<Row, { id: number }, Answer>,
  actor: Actor,
  id: number,
  reason: string,
): Promise<Answer> {
  const row = await decide(tx, ctx, queue, actor, id, { status: 'rejected', reason });
  const detail = await queue.onReject(tx, ctx, row, actor, reason);
  await record(tx, ctx, {
    actor,
    action: `${queue.name}.reject`,
    target: queue.ref(row.id),
    detail,
    now: ctx.clock.now(),
  });
  return queue.answer(tx, row);
}
