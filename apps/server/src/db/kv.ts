import { prepared } from './prepared.js';
import type { Tx } from './transaction.js';

/**
 * Internal key-value state that modules keep beside the operator settings (for example the audit chain's
 * head). Kept out of the settings module so that module can audit its own changes without a cycle.
 */
const settingValue = prepared(1, (db, key: string) => db.selectFrom('settings').select('value').where('key', '=', key));
export async function readValue(tx: Tx, key: string): Promise<string | undefined> {
  return (await settingValue(tx, key)).rows[0]?.value;
}

export async function writeValue(tx: Tx, key: string, value: string): Promise<void> {
  await tx
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
