import type { Tx } from '../db/transaction.js';

/**
 * Takes or renews the lease of job `name` for `holder` until `until`: granted when nobody holds it, when the
 * holder's lease ran out by `now`, or when `holder` holds it already. True when `holder` holds it now.
 */
export async function takeLease(tx: Tx, name: string, holder: string, now: string, until: string): Promise<boolean> {
  const row = await tx
    .insertInto('job_leases')
    .values({ name, holder, expires_at: until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: until })
        .where((eb) => eb.or([eb('job_leases.expires_at', '<=', now), eb('job_leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the lease back, if `holder` still holds it, so the next process need not wait for it to run out. */
export async function releaseLease(tx: Tx, name: string, holder: string): Promise<void> {
  await tx.deleteFrom('job_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
