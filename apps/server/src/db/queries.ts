import type { DB } from './schema.js';
import type { Tx } from './tx.js';

/**
 * Computed values (aggregates) have no declared column type, so each database answers them its own way: PostgreSQL
 * a SUM as a decimal string, SQLite an integer. Repositories read them through this, so services see bigint as they
 * do for columns.
 */
export const sumOf = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(v as string | number | bigint));

/** Number of rows in a table. */
export async function countRows(tx: Tx, table: keyof DB): Promise<number> {
  const r = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The tables whose rows come due by a time column, and those columns. */
interface DueColumns {
  interest_orders: 'expires_at';
  sessions: 'expires_at';
  operator_sessions: 'expires_at';
  email_codes: 'expires_at';
  email_sends: 'created_at';
  trades: 'pay_deadline' | 'release_deadline';
}

/**
 * The ids of `table`'s rows whose `column` is at or before `at` (and whose status is `status`, when given), oldest
 * first, at most `limit`, locked for the caller: rows another transaction holds are skipped, so nodes share the due
 * rows and none is worked twice.
 */
export function claimDue<T extends keyof DueColumns>(
  tx: Tx,
  table: T,
  column: DueColumns[T],
  at: string,
  limit: number,
  status?: string,
): Promise<{ id: number }[]> {
  // one shape for every table: Kysely cannot type a query over a union of tables, so it is written for one of them
  const t = table as 'trades';
  const c = column as 'pay_deadline';
  let q = tx.selectFrom(t).select('id').where(c, '<=', at);
  if (status !== undefined) q = q.where('status', '=', status);
  return q.orderBy(c).orderBy('id').limit(limit).forUpdate().skipLocked().execute();
}
