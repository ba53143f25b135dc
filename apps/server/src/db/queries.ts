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
