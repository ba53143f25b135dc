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

// ---- the team: three levels of the invitation tree (issue 9) ----

/**
 * The members of `userId`'s team at one level: 1 = invited by them, 2 = by those, 3 = by those. Each level is
 * joins along `users.inviter_id` (indexed), so it reads only the branch under the user.
 */
function levelQuery(tx: Tx, userId: number, level: 1 | 2 | 3) {
  if (level === 1)
    return tx
      .selectFrom('users as m')
      .where('m.inviter_id', '=', userId)
      .select(['m.id', 'm.email', 'm.created_at', (eb) => eb.val(1).as('level')]);
  if (level === 2)
    return tx
      .selectFrom('users as m')
      .innerJoin('users as p1', 'p1.id', 'm.inviter_id')
      .where('p1.inviter_id', '=', userId)
      .select(['m.id', 'm.email', 'm.created_at', (eb) => eb.val(2).as('level')]);
  return tx
    .selectFrom('users as m')
    .innerJoin('users as p2', 'p2.id', 'm.inviter_id')
    .innerJoin('users as p1', 'p1.id', 'p2.inviter_id')
    .where('p1.inviter_id', '=', userId)
    .select(['m.id', 'm.email', 'm.created_at', (eb) => eb.val(3).as('level')]);
}

/** How many members each level of the team has. */
export async function teamCounts(tx: Tx, userId: number): Promise<[number, number, number]> {
  const count = async (level: 1 | 2 | 3) => {
    const r = await tx
      .selectFrom(levelQuery(tx, userId, level).as('t'))
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };
  return [await count(1), await count(2), await count(3)];
}

/** One page of the team (one level or all three), newest first. */
export async function teamPage(tx: Tx, userId: number, level: 1 | 2 | 3 | undefined, limit: number, offset: number) {
  const levels = level ? [level] : ([1, 2, 3] as const);
  const parts = levels.map((l) => levelQuery(tx, userId, l));
  const all = parts.slice(1).reduce((q, p) => q.unionAll(p), parts[0]!);
  const rows = await tx
    .selectFrom(all.as('t'))
    .select(['t.id', 't.email', 't.created_at', 't.level'])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await tx
    .selectFrom(all.as('t'))
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
