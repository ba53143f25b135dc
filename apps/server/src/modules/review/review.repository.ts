import { UNFINISHED_TRADE_STATUSES } from '@c2c/shared';
import type { Tx } from '../../context.js';

/** Tables whose rows go through operator review; a new queue adds its table here. */
export type ReviewTable = 'recharges' | 'withdrawals' | 'merchant_sales';
/** The columns every reviewed table has. */
export interface ReviewColumns {
  id: number;
  user_id: number;
  status: string;
  reason: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
}

export const findRow = (tx: Tx, table: ReviewTable, id: number) =>
  tx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst() as Promise<ReviewColumns | undefined>;

/**
 * Leaves review exactly once: the update only matches a row still `auditing`, so a second operator, a second
 * process or a retried request finds it already decided (undefined). Answers the decided row.
 */
export async function decideRow(
  tx: Tx,
  table: ReviewTable,
  id: number,
  set: { status: 'completed' | 'rejected'; reviewed_by: number; reviewed_at: string; reason?: string; reference?: string },
): Promise<ReviewColumns | undefined> {
  return (await tx
    .updateTable(table)
    .set(set as never)
    .where('id', '=', id)
    .where('status', '=', 'auditing')
    .returningAll()
    .executeTakeFirst()) as ReviewColumns | undefined;
}

/** Newest first, for one customer or for operators (filtered by status and by the customers a search found). */
export async function pageRows(
  tx: Tx,
  table: ReviewTable,
  f: { userId?: number; userIds?: number[]; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: ReviewColumns[]; total: number }> {
  let q = tx.selectFrom(table);
  if (f.userId !== undefined) q = q.where('user_id', '=', f.userId);
  if (f.userIds) q = f.userIds.length ? q.where('user_id', 'in', f.userIds) : q.where('id', '<', 0);
  if (f.status) q = q.where('status', '=', f.status);
  const rows = (await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute()) as ReviewColumns[];
  const total = await q.select((eb) => eb.fn.countAll<number | bigint | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

/** The reviewed tables whose rows pay money out to a customer's payout account (`payout_account_id`). */
export const PAYOUT_TABLES = ['withdrawals', 'merchant_sales'] as const satisfies readonly ReviewTable[];

/** True when a row of `table` still under review pays out to this payout account. */
export async function hasAuditingTo(tx: Tx, table: (typeof PAYOUT_TABLES)[number], accountId: number): Promise<boolean> {
  const row = await tx
    .selectFrom(table)
    .select('id')
    .where('payout_account_id', '=', accountId)
    .where('status', '=', 'auditing')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Per payout account of `accountIds`: when a row of `table` last named it (the customer chose it for a payout). */
export async function lastNamedIn(tx: Tx, table: (typeof PAYOUT_TABLES)[number], accountIds: number[]) {
  if (!accountIds.length) return [];
  return tx
    .selectFrom(table)
    .select('payout_account_id')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('payout_account_id', 'in', accountIds)
    .groupBy('payout_account_id')
    .execute();
}

/** True when an open sell listing, or a trade on one not finished yet, has buyers pay to this payout account. */
export async function hasTradingTo(tx: Tx, accountId: number): Promise<boolean> {
  const listing = await tx
    .selectFrom('listings')
    .select('id')
    .where('payout_account_id', '=', accountId)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  if (listing) return true;
  const trade = await tx
    .selectFrom('trades')
    .select('id')
    .where('payout_account_id', '=', accountId)
    .where('status', 'in', [...UNFINISHED_TRADE_STATUSES])
    .limit(1)
    .executeTakeFirst();
  return trade !== undefined;
}
