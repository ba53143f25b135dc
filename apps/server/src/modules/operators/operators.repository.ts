import type { Selectable } from 'kysely';
import type { Tx } from '../../context.js';
import { countRows } from '../../db/queries.js';
import type { OperatorsTable } from '../../db/schema.js';

export type OperatorRow = Selectable<OperatorsTable>;

export const findOperatorByEmail = (tx: Tx, email: string) =>
  tx.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst();

export const findOperatorById = (tx: Tx, id: number) =>
  tx.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();

export const countOperators = (tx: Tx) => countRows(tx, 'operators');

export async function insertOperator(
  tx: Tx,
  o: Pick<OperatorRow, 'email' | 'name' | 'role' | 'password_hash' | 'totp_secret' | 'created_at'>,
) {
  const r = await tx.insertInto('operators').values(o).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

/** Takes a TOTP time step once: a code already used (or an older one) is refused even within its 30 s. */
export async function claimTotpStep(tx: Tx, id: number, step: number, now: string): Promise<boolean> {
  const r = await tx
    .updateTable('operators')
    .set({ totp_last_step: step, last_login_at: now })
    .where('id', '=', id)
    .where('totp_last_step', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function pageOperators(tx: Tx, limit: number, offset: number) {
  const rows = (await tx
    .selectFrom('operators')
    .selectAll()
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()) as OperatorRow[];
  return { rows, total: await countOperators(tx) };
}

export const findEmails = async (tx: Tx, ids: number[]) =>
  ids.length ? tx.selectFrom('operators').select(['id', 'email']).where('id', 'in', ids).execute() : [];

/** The active owners, locked until the transaction ends: two owners disabling each other cannot both succeed. */
export const lockActiveOwners = (tx: Tx) =>
  tx.selectFrom('operators').select('id').where('role', '=', 'owner').where('status', '=', 'active').forUpdate().execute();

/** Changes an operator's status from `from` to `to`; false when it was not `from` (any more). */
export async function switchStatus(tx: Tx, id: number, from: string, to: string): Promise<boolean> {
  const r = await tx
    .updateTable('operators')
    .set({ status: to })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function setTotpSecret(tx: Tx, id: number, secret: string) {
  await tx.updateTable('operators').set({ totp_secret: secret, totp_last_step: 0 }).where('id', '=', id).execute();
}

export async function setPasswordHash(tx: Tx, id: number, hash: string) {
  await tx.updateTable('operators').set({ password_hash: hash }).where('id', '=', id).execute();
}

export const findPasswordHash = async (tx: Tx, id: number) =>
  (await tx.selectFrom('operators').select('password_hash').where('id', '=', id).executeTakeFirst())?.password_hash;
