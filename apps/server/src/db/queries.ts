import type { DB } from './schema.js';
import type { Tx } from './tx.js';

/**
 * Computed values (aggregates, EXISTS) have no declared column type, so each database answers them its own way:
 * PostgreSQL a SUM as a decimal string and EXISTS as a boolean, SQLite integers. Repositories read them through
 * these, so services see bigint and boolean as they do for columns.
 */
export const sumOf = (v: unknown): bigint => (v === null || v === undefined ? 0n : BigInt(v as string | number | bigint));
export const flagOf = (v: unknown): boolean => v === true || v === 1 || v === 1n;

/** Number of rows in a table. */
export async function countRows(tx: Tx, table: keyof DB): Promise<number> {
  const r = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
