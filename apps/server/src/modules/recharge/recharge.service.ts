import { formatAmount, type Page, type Recharge } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import type { RechargesTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { post } from '../ledger/ledger.service.js';
import { notifyUser } from '../notify/notify.service.js';
import { reviewPeople } from '../operators/operators.service.js';
import { checkAmount } from '../settings/settings.service.js';
import { isOwnUpload } from '../uploads/uploads.service.js';
import { userIdsMatching } from '../users/users.service.js';
import * as repo from './recharge.repository.js';

type Row = Selectable<RechargesTable>;

export function toRecharge(r: Row): Recharge {
  return {
    id: r.id,
    type: r.type,
    address: r.address,
    amount: formatAmount(BigInt(r.amount)),
    image: r.image,
    tx_hash: r.tx_hash,
    status: r.status as Recharge['status'],
    reason: r.reason,
    created_at: r.created_at,
    reviewed_at: r.reviewed_at,
  };
}

/** The active networks and the receiving address of the one asked for (or the first). */
export async function receivingAddress(ctx: AppContext, type?: string) {
  const all = await repo.activeAddresses(ctx.db);
  const wanted = type?.toUpperCase();
  const chosen = (wanted ? all.find((a) => a.type === wanted) : all[0]) ?? null;
  return { types: all.map((a) => a.type), address: chosen };
}

export async function createRecharge(
  ctx: AppContext,
  userId: number,
  input: { type: string; amount: string; image: string; tx_hash?: string; request_id?: string },
) {
  const requestId = input.request_id ?? null;
  const find = async (id: string) => {
    const row = await repo.findRechargeByRequest(ctx.db, userId, id);
    return row && { id: row.id, status: row.status };
  };
  return oncePerRequest(requestId, find, async () => {
    const address = await repo.findAddressByType(ctx.db, input.type.toUpperCase());
    if (address?.active !== 1) throw new DomainError('network_unavailable');
    const amount = await checkAmount(ctx.db, ctx.config.publicUrl, input.amount, 'recharge');
    if (!(await isOwnUpload(ctx.db, userId, input.image))) throw new DomainError('credentials_required');
    const id = await repo.insertRecharge(ctx.db, {
      userId,
      type: address.type,
      address: address.address,
      amount,
      image: input.image,
      txHash: input.tx_hash ?? '',
      requestId,
      now: iso(ctx.clock.now()),
    });
    await notifyUser(ctx, userId, ['recharge']);
    return { id, status: 'auditing' };
  });
}

export async function listOwn(ctx: AppContext, userId: number, page: number, pageSize: number): Promise<Page<Recharge>> {
  const { rows, total } = await repo.pageRecharges(ctx.db, { userId }, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toRecharge), total, page, page_size: pageSize };
}

export async function listForOperators(
  ctx: AppContext,
  f: { status?: string; keyword?: string },
  page: number,
  pageSize: number,
) {
  const userIds = f.keyword ? await userIdsMatching(ctx, f.keyword) : undefined;
  const { rows, total } = await repo.pageRecharges(ctx.db, { status: f.status, userIds }, pageSize, (page - 1) * pageSize);
  const people = await reviewPeople(ctx, rows);
  return {
    list: rows.map((r) => ({ ...toRecharge(r), ...people(r) })),
    total,
    page,
    page_size: pageSize,
  };
}

/** Approves a recharge: the state change and the credit (world -> available) commit together, once. */
export async function approve(ctx: AppContext, actor: Actor, id: number) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const r = await repo.findRecharge(tx, id);
    if (!r) throw new DomainError('record_not_found');
    if (!(await repo.decide(tx, id, 'completed', actor.id, iso(now)))) throw new DomainError('state_conflict');
    const amount = BigInt(r.amount);
    await post(tx, {
      kind: 'recharge',
      ref: `recharge:${id}`,
      actor: `operator:${actor.id}`,
      now,
      legs: [
        { account: { platform: 'world' }, amount: -amount },
        { account: { user: r.user_id, kind: 'available' }, amount },
      ],
    });
    await record(tx, ctx.database.dialect, {
      actor,
      action: 'recharge.approve',
      target: `recharge:${id}`,
      detail: { amount: formatAmount(amount), user_id: r.user_id },
      now,
    });
    return (await repo.findRecharge(tx, id))!;
  });
  await notifyUser(ctx, row.user_id, ['money', 'recharge'], {
    kind: 'recharge_credited',
    params: { amount: formatAmount(BigInt(row.amount)), network: row.type },
  });
  return toRecharge(row);
}

export async function reject(ctx: AppContext, actor: Actor, id: number, reason: string) {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (tx) => {
    const r = await repo.findRecharge(tx, id);
    if (!r) throw new DomainError('record_not_found');
    if (!(await repo.decide(tx, id, 'rejected', actor.id, iso(now), reason))) throw new DomainError('state_conflict');
    await record(tx, ctx.database.dialect, {
      actor,
      action: 'recharge.reject',
      target: `recharge:${id}`,
      detail: { reason },
      now,
    });
    return (await repo.findRecharge(tx, id))!;
  });
  await notifyUser(ctx, row.user_id, ['recharge'], {
    kind: 'recharge_rejected',
    params: { amount: formatAmount(BigInt(row.amount)), network: row.type, reason },
  });
  return toRecharge(row);
}

// ---- receiving addresses (operators) ----

const toAddress = (a: { id: number; type: string; address: string; active: number; created_at: string }) => ({
  id: a.id,
  type: a.type,
  address: a.address,
  active: a.active === 1,
  created_at: a.created_at,
});

export async function listAddresses(ctx: AppContext, page: number, pageSize: number) {
  const { rows, total } = await repo.pageAddresses(ctx.db, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toAddress), total, page, page_size: pageSize };
}

export async function createAddress(ctx: AppContext, actor: Actor | null, input: { type: string; address: string }) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (tx) => {
    if (await repo.findAddressByType(tx, input.type)) throw new DomainError('address_type_taken');
    const id = await repo.insertAddress(tx, { ...input, now: iso(now) });
    await record(tx, ctx.database.dialect, { actor, action: 'address.create', target: `address:${id}`, detail: input, now });
    return toAddress((await repo.findAddressById(tx, id))!);
  });
}

export async function updateAddress(ctx: AppContext, actor: Actor, input: { id: number; address?: string; active?: boolean }) {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (tx) => {
    const before = await repo.findAddressById(tx, input.id);
    if (!before) throw new DomainError('record_not_found');
    await repo.updateAddress(tx, input.id, {
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
    });
    const after = (await repo.findAddressById(tx, input.id))!;
    await record(tx, ctx.database.dialect, {
      actor,
      action: 'address.update',
      target: `address:${input.id}`,
      detail: {
        from: { address: before.address, active: before.active === 1 },
        to: { address: after.address, active: after.active === 1 },
      },
      now,
    });
    return toAddress(after);
  });
}
