import { ADMIN_API, approveRequest, formatAmount, type Page, type Recharge } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import type { RechargesTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { post } from '../ledger/ledger.service.js';
import { notifyUser } from '../notify/notify.service.js';
import { pageOwn, type ReviewQueue } from '../review/review.service.js';
import { checkAmount } from '../settings/settings.service.js';
import { isOwnUpload, useUpload } from '../uploads/uploads.service.js';
import * as repo from './recharge.repository.js';

type Row = Selectable<RechargesTable>;

function toRecharge(r: Row): Recharge {
  return {
    id: r.id,
    type: r.type,
    address: r.address,
    amount: formatAmount(r.amount),
    image: r.image,
    tx_hash: r.tx_hash,
    status: r.status as Recharge['status'],
    reason: r.reason,
    created_at: r.created_at,
    reviewed_at: r.reviewed_at,
  };
}

/** The active networks and the receiving address of the one asked for (or the first). */
export async function receivingAddress(tx: Tx, type?: string) {
  const all = await repo.activeAddresses(tx);
  const wanted = type?.toUpperCase();
  const chosen = (wanted ? all.find((a) => a.type === wanted) : all[0]) ?? null;
  // `demo`: seeded demo data, nobody's wallet — the app warns not to send funds there
  return { types: all.map((a) => a.type), address: chosen && { type: chosen.type, address: chosen.address, demo: chosen.demo } };
}

export async function createRecharge(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  input: { type: string; amount: bigint; image: string; tx_hash?: string; request_id?: string },
) {
  const requestId = input.request_id ?? null;
  const find = async (id: string) => {
    const row = await repo.findRechargeByRequest(tx, userId, id);
    return row && { id: row.id, status: row.status as Recharge['status'] };
  };
  return oncePerRequest(requestId, find, async () => {
    const address = await repo.findAddressByType(tx, input.type.toUpperCase());
    if (!address?.active) throw new DomainError('network_unavailable');
    const amount = await checkAmount(tx, input.amount, 'recharge', ctx.settingsCache);
    if (!(await isOwnUpload(tx, userId, input.image))) throw new DomainError('credentials_required');
    const id = await repo.insertRecharge(tx, {
      userId,
      type: address.type,
      address: address.address,
      amount,
      image: input.image,
      txHash: input.tx_hash ?? '',
      requestId,
      now: iso(ctx.clock.now()),
    });
    // one screenshot backs one recharge: a second use (or a concurrent one that lost) is refused
    await useUpload(tx, userId, input.image, `recharge:${id}`);
    await notifyUser(tx, ctx, userId, ['recharge']);
    return { id, status: 'auditing' as const };
  });
}

export async function listOwn(tx: Tx, userId: number, page: number, pageSize: number): Promise<Page<Recharge>> {
  const { rows, total } = await pageOwn(tx, rechargeQueue, userId, page, pageSize);
  return { list: rows.map(toRecharge), total, page, page_size: pageSize };
}

/** Recharge review: approving credits the customer (world -> available); rejecting only records the reason. */
export const rechargeQueue: ReviewQueue<Row, { id: number }, Recharge> = {
  name: 'recharge',
  table: 'recharges',
  ref: (id) => `recharge:${id}`,
  paths: { list: ADMIN_API.rechargeList, approve: ADMIN_API.rechargeApprove, reject: ADMIN_API.rechargeReject },
  approveBody: approveRequest,
  async onApprove(tx, ctx, r, actor) {
    await post(tx, {
      kind: 'recharge',
      ref: `recharge:${r.id}`,
      actor: `operator:${actor.id}`,
      now: ctx.clock.now(),
      legs: [
        { account: { platform: 'world' }, amount: -r.amount },
        { account: { user: r.user_id, kind: 'available' }, amount: r.amount },
      ],
    });
    await notifyUser(tx, ctx, r.user_id, ['money', 'recharge'], {
      kind: 'recharge_credited',
      params: { amount: formatAmount(r.amount), network: r.type },
    });
    return { amount: formatAmount(r.amount), user_id: r.user_id };
  },
  async onReject(tx, ctx, r, _actor, reason) {
    await notifyUser(tx, ctx, r.user_id, ['recharge'], {
      kind: 'recharge_rejected',
      params: { amount: formatAmount(r.amount), network: r.type, reason },
    });
    return { reason };
  },
  answer: async (_tx, r) => toRecharge(r),
  present: async () => toRecharge,
};

// ---- receiving addresses (operators) ----

const toAddress = (a: { id: number; type: string; address: string; active: boolean; demo: boolean; created_at: string }) => ({
  id: a.id,
  type: a.type,
  address: a.address,
  active: a.active,
  demo: a.demo,
  created_at: a.created_at,
});

export async function listAddresses(tx: Tx, page: number, pageSize: number) {
  const { rows, total } = await repo.pageAddresses(tx, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toAddress), total, page, page_size: pageSize };
}

export async function createAddress(
  tx: Tx,
  ctx: AppContext,
  actor: Actor | null,
  input: { type: string; address: string },
  opts: { demo?: boolean } = {},
) {
  const now = ctx.clock.now();
  if (await repo.findAddressByType(tx, input.type)) throw new DomainError('address_type_taken');
  const demo = opts.demo ?? false;
  const id = await repo.insertAddress(tx, { ...input, demo, now: iso(now) });
  await record(tx, ctx, {
    actor,
    action: 'address.create',
    target: `address:${id}`,
    detail: demo ? { ...input, demo } : input,
    now,
  });
  return toAddress((await repo.findAddressById(tx, id))!);
}

export async function updateAddress(
  tx: Tx,
  ctx: AppContext,
  actor: Actor,
  input: { id: number; address?: string; active?: boolean },
) {
  const before = await repo.findAddressById(tx, input.id);
  if (!before) throw new DomainError('record_not_found');
  await repo.updateAddress(tx, input.id, {
    // an operator's own address replaces the demo one: it is no longer demo data
    ...(input.address !== undefined && input.address !== before.address ? { address: input.address, demo: false } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
  });
  const after = (await repo.findAddressById(tx, input.id))!;
  await record(tx, ctx, {
    actor,
    action: 'address.update',
    target: `address:${input.id}`,
    detail: {
      from: { address: before.address, active: before.active },
      to: { address: after.address, active: after.active },
    },
    now: ctx.clock.now(),
  });
  return toAddress(after);
}

/** The seeded demo receiving addresses still in place (the console's demo banner). */
export const demoAddresses = async (tx: Tx) => (await repo.demoAddresses(tx)).map((a) => ({ type: a.type, address: a.address }));

/** Removes the demo receiving addresses (recharges keep the address they were sent to); answers the networks removed. */
export async function removeDemoAddresses(tx: Tx): Promise<string[]> {
  return (await repo.deleteDemoAddresses(tx)).map((a) => a.type).sort();
}
