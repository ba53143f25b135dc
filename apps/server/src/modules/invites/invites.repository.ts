import type { Tx } from '../../context.js';
import { countRows } from '../../db/queries.js';

export async function findHouseCode(tx: Tx, code: string) {
  return tx.selectFrom('house_invite_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertHouseCode(tx: Tx, code: string, now: string) {
  await tx.insertInto('house_invite_codes').values({ code, active: true, created_at: now }).execute();
}

export async function setHouseCodeActive(tx: Tx, code: string, active: boolean) {
  const res = await tx.updateTable('house_invite_codes').set({ active }).where('code', '=', code).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function listHouseCodes(tx: Tx, limit: number, offset: number) {
  const rows = await tx
    .selectFrom('house_invite_codes as h')
    .leftJoin('users as u', 'u.house_code', 'h.code')
    .select(['h.code', 'h.active', 'h.created_at', (eb) => eb.fn.count<number | string>('u.id').as('uses')])
    .groupBy(['h.code', 'h.active', 'h.created_at'])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.code')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: await countHouseCodes(tx) };
}

export const countHouseCodes = (tx: Tx) => countRows(tx, 'house_invite_codes');

export async function userCodeTaken(tx: Tx, code: string): Promise<boolean> {
  return !!(await tx.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst());
}
