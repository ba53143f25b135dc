import type { Tx } from '../../context.js';

export const findTotp = (tx: Tx, userId: number) =>
  tx.selectFrom('user_totp').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** Stores a new secret to confirm; the confirmed one (if any) and the last step stay. */
export async function savePendingSecret(tx: Tx, userId: number, pending: string, now: string) {
  await tx
    .insertInto('user_totp')
    .values({ user_id: userId, secret: null, pending_secret: pending, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: pending, updated_at: now }))
    .execute();
}

/**
 * Takes a TOTP time step once: a code of a step already used (or older) is refused even within its 30 s, also when two
 * requests race (the conditional update lets one through).
 */
export async function claimStep(tx: Tx, userId: number, step: number, now: string): Promise<boolean> {
  const r = await tx
    .updateTable('user_totp')
    .set({ last_step: step, updated_at: now })
    .where('user_id', '=', userId)
    .where('last_step', '<', step)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The pending secret becomes the confirmed one, if it is still the one the code was checked against. */
export async function confirmPending(tx: Tx, userId: number, pending: string, now: string): Promise<boolean> {
  const r = await tx
    .updateTable('user_totp')
    .set((eb) => ({ secret: eb.ref('pending_secret'), pending_secret: null, updated_at: now }))
    .where('user_id', '=', userId)
    .where('pending_secret', '=', pending)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function deleteTotp(tx: Tx, userId: number) {
  await tx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await tx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(tx: Tx, userId: number, hashes: string[], now: string) {
  await tx.deleteFrom('user_recovery_codes').where('user_id', '=', userId).execute();
  await tx
    .insertInto('user_recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now, used_at: null })))
    .execute();
}

/** Spends an unused recovery code once; false when there is none such (wrong, or already used). */
export async function spendRecoveryCode(tx: Tx, userId: number, hash: string, now: string): Promise<boolean> {
  const r = await tx
    .updateTable('user_recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
