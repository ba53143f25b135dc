import { sql } from 'kysely';
import type { Tx } from '../../context.js';
import { sumOf } from '../../db/queries.js';

export type Queue = 'recharges' | 'withdrawals' | 'merchant_sales' | 'disputes';

/** How many rows wait for an operator in each review queue, and when the oldest of them arrived (null: none). */
export async function pendingQueues(tx: Tx): Promise<Map<Queue, { count: number; oldest: string | null }>> {
  const out = new Map<Queue, { count: number; oldest: string | null }>();
  for (const table of ['recharges', 'withdrawals', 'merchant_sales'] as const) {
    const row = await tx
      .selectFrom(table)
      .select([
        (eb) => eb.fn.countAll<number | string | bigint>().as('n'),
        (eb) => eb.fn.min<string | null>('created_at').as('oldest'),
      ])
      .where('status', '=', 'auditing')
      .executeTakeFirstOrThrow();
    out.set(table, { count: Number(row.n), oldest: row.oldest ?? null });
  }
  const disputes = await tx
    .selectFrom('trades')
    .select([
      (eb) => eb.fn.countAll<number | string | bigint>().as('n'),
      (eb) => eb.fn.min<string | null>(eb.fn.coalesce('disputed_at', 'created_at')).as('oldest'),
    ])
    .where('status', '=', 'disputed')
    .executeTakeFirstOrThrow();
  out.set('disputes', { count: Number(disputes.n), oldest: disputes.oldest ?? null });
  return out;
}

/** What the platform owes its customers, in micro-USDT, summed from the ledger's customer accounts by kind. */
export async function customerLiabilities(tx: Tx): Promise<Map<string, bigint>> {
  const rows = await tx
    .selectFrom('accounts')
    .select(['kind', sql<string>`coalesce(sum(balance), 0)`.as('total')])
    .where('user_id', 'is not', null)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, sumOf(r.total)]));
}
