import { sql } from 'kysely';
import type { Tx } from '../../context.js';
import { sumOf } from '../../db/queries.js';

/** Balances of every customer account, summed by account kind. */
export async function customerBalancesByKind(tx: Tx): Promise<Map<string, bigint>> {
  const rows = await tx
    .selectFrom('accounts')
    .select(['kind', sql<string>`coalesce(sum(balance), 0)`.as('total')])
    .where('user_id', 'is not', null)
    .groupBy('kind')
    .execute();
  return new Map(rows.map((r) => [r.kind, sumOf(r.total)]));
}

/** The platform's own accounts. */
export const platformBalances = (tx: Tx) =>
  tx.selectFrom('accounts').select(['kind', 'balance']).where('owner', '=', 'platform').orderBy('kind').execute();

/** How many rows of a review queue wait, and when the oldest arrived. */
export async function queue(
  tx: Tx,
  table: 'recharges' | 'withdrawals' | 'merchant_sales',
): Promise<{ count: number; oldest: string | null }> {
  const row = await tx
    .selectFrom(table)
    .select([
      (eb) => eb.fn.countAll<number | string | bigint>().as('n'),
      (eb) => eb.fn.min<string | null>('created_at').as('oldest'),
    ])
    .where('status', '=', 'auditing')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ?? null };
}

/** Disputed trades waiting for an operator, and when the oldest dispute was raised. */
export async function disputeQueue(tx: Tx): Promise<{ count: number; oldest: string | null }> {
  const row = await tx
    .selectFrom('trades')
    .select([
      (eb) => eb.fn.countAll<number | string | bigint>().as('n'),
      (eb) => eb.fn.min<string | null>(eb.fn.coalesce('disputed_at', 'created_at')).as('oldest'),
    ])
    .where('status', '=', 'disputed')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldest: row.oldest ?? null };
}

/**
 * Per UTC day and journal kind since `since` (ISO time): how many journals and the money they moved (the sum of their
 * credit legs, which is each journal's amount). Times are ISO-8601 UTC text, so the day is their first 10 characters.
 */
export async function journalsByDay(tx: Tx, kinds: readonly string[], since: string) {
  const day = sql<string>`substr(j.created_at, 1, 10)`;
  const rows = await tx
    .selectFrom('journals as j')
    .innerJoin('postings as p', 'p.journal_id', 'j.id')
    .select([
      day.as('day'),
      'j.kind',
      sql<number | string | bigint>`count(distinct j.id)`.as('n'),
      sql<string>`coalesce(sum(p.amount), 0)`.as('total'),
    ])
    .where('j.kind', 'in', [...kinds])
    .where('j.created_at', '>=', since)
    .where('p.amount', '>', 0n)
    .groupBy([day, 'j.kind'])
    .execute();
  return rows.map((r) => ({ day: r.day, kind: r.kind, count: Number(r.n), amount: sumOf(r.total) }));
}

/** Customers who signed up per UTC day since `since`. */
export async function newUsersByDay(tx: Tx, since: string) {
  const day = sql<string>`substr(created_at, 1, 10)`;
  const rows = await tx
    .selectFrom('users')
    .select([day.as('day'), (eb) => eb.fn.countAll<number | string | bigint>().as('n')])
    .where('created_at', '>=', since)
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
}
