import { type Compilable, type Kysely, type OperationNodeSource, sql } from 'kysely';
import type { Tx } from '../context.js';
import { onPostgres, prepared } from './prepared.js';
import type { DB } from './schema.js';

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

/**
 * A change to run with `lastly`: on PostgreSQL `change` wrapped so that it fails (division_by_zero) when it changes no
 * row — the COMMIT sent behind it then rolls back; on SQLite `change` itself, whose returned rows tell.
 */
export function refusedWhenNone<R>(db: Kysely<DB>, change: Compilable<R> & OperationNodeSource): Compilable<unknown> {
  if (!onPostgres(db)) return change;
  const wrapped = sql`with "changed" as (${change}) select 1 / (select count(*) from "changed") as "changed"`;
  return { compile: () => wrapped.compile(db) };
}

/** the tables whose next id a create call takes before its insert (`reserveId`) */
type Reserving = 'withdrawals' | 'merchant_sales' | 'interest_orders' | 'trades';
const nextId = prepared(1, (db, table: Reserving) => ({
  compile: () => sql<{ id: number | string }>`select nextval(pg_get_serial_sequence(${table}, 'id')) as id`.compile(db),
}));

/**
 * The next id of `table`, taken ahead of its insert, so that the statements that need it (the insert, a journal whose
 * ref names it) can go out together: on PostgreSQL from the id's sequence (taken whether or not the insert follows: a
 * gap, as a rollback leaves one); on SQLite undefined, without a statement — its statements answer at once, and the
 * insert takes the next rowid itself.
 */
export async function reserveId(tx: Tx, table: Reserving): Promise<number | undefined> {
  if (!onPostgres(tx)) return undefined;
  const row = (await nextId(tx, table)).rows[0];
  if (!row) throw new Error(`no next id of ${table}`);
  return Number(row.id);
}
