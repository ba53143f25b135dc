import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';

const allRows = prepared(0, (db) => db.selectFrom('settings').select(['key', 'value']));
export async function readAll(tx: Tx): Promise<Map<string, string>> {
  const { rows } = await allRows(tx);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Settings rows are key-value rows like the internal state beside them: one upsert for both. */
export { writeValue as upsert } from '../../db/kv.js';
