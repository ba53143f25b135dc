import type { HouseInviteCode, Page } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { iso } from '../../lib/clock.js';
import { randomCode } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
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
