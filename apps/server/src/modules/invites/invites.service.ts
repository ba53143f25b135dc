import {
  type HouseInviteCode,
  type InviteDetail,
  type Page,
  ROUTES,
  type TeamLevel,
  type TeamMember,
  type TeamTongji,
} from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { iso } from '../../lib/clock.js';
import { randomCode } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import { publicName } from '../../lib/public-name.js';
import { type Actor, record } from '../audit/audit.service.js';
import { getSettings } from '../settings/settings.service.js';
import * as repo from './invites.repository.js';

/** A code is free when neither a house code nor any customer's own code uses it. */
async function codeTaken(tx: Tx, code: string): Promise<boolean> {
  return !!(await repo.findHouseCode(tx, code)) || (await repo.userCodeTaken(tx, code));
}

export const hasHouseCodes = async (tx: Tx) => (await repo.countHouseCodes(tx)) > 0;

export async function isActiveHouseCode(tx: Tx, code: string): Promise<boolean> {
  const row = await repo.findHouseCode(tx, code);
  return !!row?.active;
}

/** A new house code (operators, or the first start when `actor` is null), audited. */
export async function createHouseCode(tx: Tx, ctx: AppContext, actor: Actor | null, code: string): Promise<HouseInviteCode> {
  const now = ctx.clock.now();
  if (await codeTaken(tx, code)) throw new DomainError('invite_code_taken');
  await repo.insertHouseCode(tx, code, iso(now));
  await record(tx, ctx, { actor, action: 'invite_code.create', target: `invite_code:${code}`, now });
  return { code, active: true, uses: 0, created_at: iso(now) };
}

export async function setHouseCodeActive(tx: Tx, ctx: AppContext, actor: Actor, code: string, active: boolean) {
  if ((await repo.setHouseCodeActive(tx, code, active)) === 0) throw new DomainError('invite_unknown');
  await record(tx, ctx, {
    actor,
    action: active ? 'invite_code.activate' : 'invite_code.deactivate',
    target: `invite_code:${code}`,
    now: ctx.clock.now(),
  });
  return { code, active };
}

export async function listHouseCodes(tx: Tx, page: number, pageSize: number): Promise<Page<HouseInviteCode>> {
  const { rows, total } = await repo.listHouseCodes(tx, pageSize, (page - 1) * pageSize);
  return {
    list: rows.map((r) => ({ code: r.code, active: r.active, uses: Number(r.uses), created_at: r.created_at })),
    total,
    page,
    page_size: pageSize,
  };
}

/** A fresh 8-character code for a new customer, unique across customers and house codes. */
export async function newUserInviteCode(tx: Tx): Promise<string> {
  for (;;) {
    const code = randomCode(8);
    if (!(await codeTaken(tx, code))) return code;
  }
}

// ---- the team and the invitation ----

/**
 * Puts a new customer into the teams above them (the inviter's, and the two leaders' above): linked for the team
 * list and counted per level, in the sign-up's transaction. Leaders are counted nearest first, so concurrent sign-ups
 * take the counter rows in one order (towards the root) and cannot deadlock.
 */
export async function joinTeams(tx: Tx, memberId: number, inviterId: number, joinedAt: Date): Promise<void> {
  const leaders = await repo.leadersAbove(tx, inviterId);
  if (!leaders.length) return;
  await repo.insertTeamLinks(tx, memberId, leaders, iso(joinedAt));
  for (const [i, leader] of leaders.entries()) await repo.countMember(tx, leader, (i + 1) as 1 | 2 | 3);
}

export async function teamTongji(tx: Tx, userId: number): Promise<TeamTongji> {
  const [level1, level2, level3] = await repo.teamCounts(tx, userId);
  return { team_size: level1 + level2 + level3, level1, level2, level3 };
}

export async function teamList(
  tx: Tx,
  userId: number,
  level: TeamLevel | undefined,
  page: number,
  pageSize: number,
): Promise<Page<TeamMember>> {
  const { rows, total } = await repo.teamPage(tx, userId, level, pageSize, (page - 1) * pageSize);
  return {
    list: rows.map((r) => ({
      name: publicName(r),
      level: Number(r.level) as TeamLevel,
      joined_at: r.created_at,
    })),
    total,
    page,
    page_size: pageSize,
  };
}

/**
 * The sign-up address that fills the code in: the operator's app address (settings `app_url`, else PUBLIC_URL),
 * the hash route of the register page, the code as `?code=` (the app reads it there).
 */
export async function inviteDetail(tx: Tx, ctx: AppContext, inviteCode: string): Promise<InviteDetail> {
  const { app_url } = await getSettings(tx, ctx.config.publicUrl);
  const base = app_url.replace(/\/+$/, '');
  return { invite_code: inviteCode, invite_url: `${base}/#${ROUTES.register}?code=${encodeURIComponent(inviteCode)}` };
}
