import { type Insertable, type Selectable, sql } from 'kysely';
import type { Tx } from '../../context.js';
import type { Dialect } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';

export type AuditRow = Selectable<AuditLogTable>;

/** Serializes appends so two writers can never link to the same predecessor (SQLite serializes transactions already). */
export async function lockChain(tx: Tx, dialect: Dialect) {
  if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(72010001)`.execute(tx);
}

export async function lastEntry(tx: Tx): Promise<AuditRow | undefined> {
  return tx.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertEntry(tx: Tx, row: Insertable<AuditLogTable>) {
  await tx.insertInto('audit_log').values(row).execute();
}

export async function page(tx: Tx, keyword: string | undefined, limit: number, offset: number) {
  let q = tx.selectFrom('audit_log');
  if (keyword) {
    const like = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or(
        (['action', 'target', 'operator_email', 'detail'] as const).map((c) =>
          eb(sql`lower(${sql.ref(c)})`, 'like', sql`${like} escape '\\'`),
        ),
      ),
    );
  }
  const rows = await q.selectAll().orderBy('id', 'desc').limit(limit).offset(offset).execute();
  const total = await q.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function batchAfter(tx: Tx, afterId: number, limit: number): Promise<AuditRow[]> {
  return tx.selectFrom('audit_log').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function firstByAction(tx: Tx, action: string): Promise<AuditRow | undefined> {
  return tx.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').limit(1).executeTakeFirst();
}
