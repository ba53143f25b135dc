import type { Tx } from '../../context.js';

export type OperatorRow = {
  id: number;
  email: string;
  name: string;
  role: string;
  password_hash: string;
  totp_secret: string;
  totp_last_step: number;
  status: string;
  created_at: string;
  last_login_at: string | null;
};

export const findOperatorByEmail = (tx: Tx, email: string) =>
  tx.selectFrom('operators').selectAll().where('email', '=', email).executeTakeFirst() as Promise<OperatorRow | undefined>;

export const findOperatorById = (tx: Tx, id: number) =>
  tx.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst() as Promise<OperatorRow | undefined>;

export async function countOperators(tx: Tx): Promise<number> {
  const r = await tx
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

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
