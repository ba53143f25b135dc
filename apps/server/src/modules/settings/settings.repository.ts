import type { Tx } from '../../context.js';

export async function readAll(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function upsert(tx: Tx, key: string, value: string): Promise<void> {
  await tx
    .insertInto('settings')
    .values({ key, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
}
