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

// ---- the team: three levels of the invitation tree ----

/** The customers one, two and three levels above `inviterId`'s invitee: the inviter and the two above them. */
export async function leadersAbove(tx: Tx, inviterId: number): Promise<number[]> {
  const row = await tx
    .selectFrom('users as p1')
    .leftJoin('users as p2', 'p2.id', 'p1.inviter_id')
    .select(['p1.id as l1', 'p1.inviter_id as l2', 'p2.inviter_id as l3'])
    .where('p1.id', '=', inviterId)
    .executeTakeFirst();
  return row ? [row.l1, row.l2, row.l3].filter((id): id is number => id !== null) : [];
}

export async function insertTeamLinks(tx: Tx, memberId: number, leaders: number[], joinedAt: string) {
  await tx
    .insertInto('team_links')
    .values(leaders.map((leader, i) => ({ leader_id: leader, member_id: memberId, level: i + 1, joined_at: joinedAt })))
    .execute();
}

/**
 * One more member at `level` of the leader's team. A single upsert, so concurrent sign-ups under one leader each add
 * their one (the row lock, or SQLite's single writer, orders them).
 */
export async function countMember(tx: Tx, leaderId: number, level: 1 | 2 | 3) {
  const column = `level${level}` as const;
  await tx
    .insertInto('team_sizes')
    .values({ user_id: leaderId, [column]: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ [column]: eb(eb.ref(`team_sizes.${column}`), '+', 1) })))
    .execute();
}

/** How many members each level of the team has. */
export async function teamCounts(tx: Tx, userId: number): Promise<[number, number, number]> {
  const r = await tx
    .selectFrom('team_sizes')
    .select(['level1', 'level2', 'level3'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return r ? [r.level1, r.level2, r.level3] : [0, 0, 0];
}

/** One page of the team (one level or all three), newest first, read in the order of an index. */
export async function teamPage(tx: Tx, userId: number, level: 1 | 2 | 3 | undefined, limit: number, offset: number) {
  let q = tx.selectFrom('team_links as t').innerJoin('users as m', 'm.id', 't.member_id').where('t.leader_id', '=', userId);
  if (level) q = q.where('t.level', '=', level);
  const rows = await q
    .select(['m.id', 'm.nickname', 'm.email', 't.joined_at as created_at', 't.level'])
    .orderBy('t.joined_at', 'desc')
    .orderBy('t.member_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const sizes = await teamCounts(tx, userId);
  const total = level ? sizes[level - 1]! : sizes[0] + sizes[1] + sizes[2];
  return { rows, total };
}
