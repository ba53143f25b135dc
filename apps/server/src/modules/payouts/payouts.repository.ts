import type { Insertable, Kysely } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import type { DB, PayoutAccountsTable } from '../../db/schema.js';

export async function insertAccount(tx: Tx, row: Insertable<PayoutAccountsTable>) {
  return (await tx.insertInto('payout_accounts').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

/** The accounts a customer has now (not the removed or replaced versions), newest first. */
export function listAccounts(tx: Tx, userId: number, type?: string) {
  let q = tx.selectFrom('payout_accounts').selectAll().where('user_id', '=', userId).where('removed_at', 'is', null);
  if (type) q = q.where('type', '=', type);
  // an edit keeps the binding time, so an edited account keeps its place
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function countAccounts(tx: Tx, userId: number): Promise<number> {
  const row = await tx
    .selectFrom('payout_accounts')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A current account: not removed, nor replaced by an edit. */
const currentAccount = (db: Kysely<DB>, id: number) =>
  db.selectFrom('payout_accounts').selectAll().where('id', '=', id).where('removed_at', 'is', null);

/** A current account, or undefined once it was removed or replaced. */
export const findAccount = (tx: Tx, id: number) => currentAccount(tx, id).executeTakeFirst();

/**
 * A current account, locked until the transaction ends: an edit or removal and a payout to it are decided one
 * after the other. On PostgreSQL a waiting reader sees the row again once the other commits, so an account
 * removed meanwhile is not found.
 */
const lockedAccount = prepared(1, (db, id: number) => currentAccount(db, id).forUpdate());
export const lockAccount = async (tx: Tx, id: number) => (await lockedAccount(tx, id)).rows[0];

/**
 * A current account held until the transaction ends against an edit or a removal (which lock it for update), but not
 * against other payouts to it: those share the hold, and an edit or removal waits for all of them.
 */
const heldAccount = prepared(1, (db, id: number) => currentAccount(db, id).forShare());
export const holdAccount = async (tx: Tx, id: number) => (await heldAccount(tx, id)).rows[0];

/** Every version, removed ones too: withdrawals name the details they were paid to. */
export const findAccounts = async (tx: Tx, ids: number[]) =>
  ids.length ? tx.selectFrom('payout_accounts').selectAll().where('id', 'in', ids).execute() : [];

/** Removes a current version; false when it is already gone (another request removed or replaced it). */
export async function removeAccount(tx: Tx, id: number, now: string, replacedBy: number | null = null): Promise<boolean> {
  const res = await tx
    .updateTable('payout_accounts')
    .set({ removed_at: now, replaced_by: replacedBy })
    .where('id', '=', id)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function typesBound(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx
    .selectFrom('payout_accounts')
    .select('type')
    .distinct()
    .where('user_id', '=', userId)
    .where('removed_at', 'is', null)
    .execute();
  return rows.map((r) => r.type);
}

export async function deleteAccountsOf(tx: Tx, userId: number) {
  await tx.deleteFrom('payout_accounts').where('user_id', '=', userId).execute();
}
