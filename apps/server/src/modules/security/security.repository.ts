import type { Tx } from '../../context.js';

export const findKnownDevice = (tx: Tx, userId: number, key: string) =>
  tx
    .selectFrom('known_devices')
    .select('device_key')
    .where('user_id', '=', userId)
    .where('device_key', '=', key)
    .executeTakeFirst();

export async function hasKnownDevices(tx: Tx, userId: number): Promise<boolean> {
  return !!(await tx.selectFrom('known_devices').select('device_key').where('user_id', '=', userId).limit(1).executeTakeFirst());
}

/** Adds a known device; false when a concurrent sign-in added it first. */
export async function insertKnownDevice(tx: Tx, userId: number, key: string, now: string): Promise<boolean> {
  const res = await tx
    .insertInto('known_devices')
    .values({ user_id: userId, device_key: key, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'device_key']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function touchKnownDevice(tx: Tx, userId: number, key: string, now: string) {
  await tx
    .updateTable('known_devices')
    .set({ last_seen_at: now })
    .where('user_id', '=', userId)
    .where('device_key', '=', key)
    .execute();
}

export async function insertEndLink(
  tx: Tx,
  row: { tokenHash: string; userId: number; sessionId: number; now: string; expiresAt: string },
) {
  await tx
    .insertInto('session_end_links')
    .values({
      token_hash: row.tokenHash,
      user_id: row.userId,
      session_id: row.sessionId,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** A customer's links that can no longer be used: kept no longer than until their next new-device sign-in. */
export async function deleteExpiredEndLinks(tx: Tx, userId: number, now: string) {
  await tx.deleteFrom('session_end_links').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

/** Spends a link: only an unused, unexpired one, once (a second use, even a concurrent one, finds nothing). */
export async function spendEndLink(tx: Tx, tokenHash: string, now: string) {
  return tx
    .updateTable('session_end_links')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'session_id', 'created_at'])
    .executeTakeFirst();
}

export async function deleteCustomerRows(tx: Tx, userId: number) {
  await tx.deleteFrom('session_end_links').where('user_id', '=', userId).execute();
  await tx.deleteFrom('known_devices').where('user_id', '=', userId).execute();
}
