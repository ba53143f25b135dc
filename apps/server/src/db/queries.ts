import type { Tx } from '../context.js';
import type { DB } from './schema.js';

/** Number of rows in a table (PostgreSQL answers COUNT as a string, SQLite as a number). */
export async function countRows(tx: Tx, table: keyof DB): Promise<number> {
  const r = await tx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
