import type { Tx } from '../../context.js';

export async function readAll(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx.selectFrom('settings').select(['key', 'value']).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Settings rows are key-value rows like the internal state beside them: one upsert for both. */
export { writeValue as upsert } from '../../db/kv.js';
