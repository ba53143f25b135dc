import { formatAmount, kindsCountedAs, type VipInfo, type VipLevels } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { readValue, writeValue } from '../../db/kv.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { availableTotals, completedSales } from '../ledger/ledger.service.js';
import * as repo from './vip.repository.js';

/** One VIP level: reached at `volume` micro-USDT of completed trades and sales; withdrawals up to `dailyWithdraw` a UTC day. */
export interface VipLevel {
  volume: bigint;
  dailyWithdraw: bigint;
}

const USDT = 1_000_000n;
/** The levels until an owner sets their own: VIP 1 at 1,000 USDT of volume, VIP 2 at 10,000, VIP 3 at 100,000. */
const DEFAULT_VIP_LEVELS: readonly VipLevel[] = [
  { volume: 0n, dailyWithdraw: 5_000n * USDT },
  { volume: 1_000n * USDT, dailyWithdraw: 20_000n * USDT },
  { volume: 10_000n * USDT, dailyWithdraw: 100_000n * USDT },
  { volume: 100_000n * USDT, dailyWithdraw: 500_000n * USDT },
];
const LEVELS_KEY = 'vip.levels';

/** The levels as stored (a settings row of micro-USDT strings), or the defaults; a corrupt row throws. */
async function vipLevels(tx: Tx): Promise<VipLevel[]> {
  return levelsOf(await readValue(tx, LEVELS_KEY));
}

/** The levels in settings rows already read (`settings.storedSettings`), as `vipLevels` answers them. */
export const vipLevelsIn = (stored: ReadonlyMap<string, string>): VipLevel[] => levelsOf(stored.get(LEVELS_KEY));

function levelsOf(raw: string | undefined): VipLevel[] {
  if (raw === undefined) return [...DEFAULT_VIP_LEVELS];
  const parsed = JSON.parse(raw) as { volume: string; daily_withdraw: string }[];
  return parsed.map((l) => ({ volume: BigInt(l.volume), dailyWithdraw: BigInt(l.daily_withdraw) }));
}

const toWire = (levels: readonly VipLevel[]): VipLevels => ({
  levels: levels.map((l, level) => ({ level, volume: formatAmount(l.volume), daily_withdraw: formatAmount(l.dailyWithdraw) })),
});

export const getLevels = async (tx: Tx) => toWire(await vipLevels(tx));

/** Replaces the levels (checked by the request schema: VIP 0 at 0, rising volumes) and audits old and new. */
export async function saveLevels(
  tx: Tx,
  ctx: AppContext,
  actor: Actor,
  levels: { volume: bigint; daily_withdraw: bigint }[],
): Promise<VipLevels> {
  const before = toWire(await vipLevels(tx));
  const next = levels.map((l) => ({ volume: l.volume, dailyWithdraw: l.daily_withdraw }));
  await writeValue(
    tx,
    LEVELS_KEY,
    JSON.stringify(next.map((l) => ({ volume: l.volume.toString(), daily_withdraw: l.dailyWithdraw.toString() }))),
  );
  const after = toWire(next);
  await record(tx, ctx, {
    actor,
    action: 'vip.levels',
    target: 'settings',
    detail: { from: before.levels, to: after.levels },
    now: ctx.clock.now(),
  });
  return after;
}

/**
 * A customer's volume, read from the ledger on every call (so it can never be stale or miss an event): USDT they
 * bought in trades that were released to them, plus their completed sales (trades released from their escrow, sales
 * a merchant paid). Pending, cancelled and refunded deals count nothing. Both sums use the postings' per-account index.
 */
async function volumeOf(tx: Tx, userId: number): Promise<bigint> {
  // both at once: their queries go together (a customer's app reads the level at every start)
  const [available, sold] = await Promise.all([availableTotals(tx, userId), completedSales(tx, userId)]);
  return available.flows(kindsCountedAs('acquisition')).income + sold;
}

/** The highest level whose volume `volume` reaches. */
const levelFor = (levels: readonly VipLevel[], volume: bigint): number =>
  levels.reduce((found, l, i) => (volume >= l.volume ? i : found), 0);

export interface VipStanding {
  level: number;
  earned: number;
  override: number | null;
  volume: bigint;
  levels: VipLevel[];
}

/**
 * The level in effect: the owner's override if set, else the level the volume earns. An override above the levels
 * that exist now (the owner removed levels after setting it) counts as the top level.
 */
export async function standing(tx: Tx, userId: number): Promise<VipStanding> {
  const levels = await vipLevels(tx);
  const volume = await volumeOf(tx, userId);
  const earned = levelFor(levels, volume);
  const override = await repo.findOverride(tx, userId);
  const level = override === null ? earned : Math.min(override, levels.length - 1);
  return { level, earned, override, volume, levels };
}

/**
 * The level in effect and the levels, as `standing` finds them, but the volume (sums over the customer's postings,
 * which grow with their history) is read only when no override decides the level.
 */
async function levelInEffect(tx: Tx, userId: number, known?: VipLevel[]): Promise<{ level: number; levels: VipLevel[] }> {
  const [levels, override] = await Promise.all([known ?? vipLevels(tx), repo.findOverride(tx, userId)]);
  if (override !== null) return { level: Math.min(override, levels.length - 1), levels };
  return { level: levelFor(levels, await volumeOf(tx, userId)), levels };
}

export const effectiveLevel = async (tx: Tx, userId: number) => (await levelInEffect(tx, userId)).level;

/** The UTC day of `now` (`YYYY-MM-DD`), as stored times begin. */
const dayOf = (now: Date) => now.toISOString().slice(0, 10);

export async function vipInfo(tx: Tx, ctx: AppContext, userId: number): Promise<VipInfo> {
  const s = await standing(tx, userId);
  const limit = s.levels[s.level]!.dailyWithdraw;
  const used = await repo.withdrawnOn(tx, userId, dayOf(ctx.clock.now()));
  const next = s.levels[s.earned + 1];
  return {
    level: s.level,
    earned_level: s.earned,
    overridden: s.override !== null,
    volume: formatAmount(s.volume),
    next_volume: next ? formatAmount(next.volume) : null,
    daily_withdraw_limit: formatAmount(limit),
    withdrawn_today: formatAmount(used),
    withdraw_left_today: formatAmount(used >= limit ? 0n : limit - used),
  };
}

/**
 * The perk enforced: a customer's withdrawals of one UTC day (pending ones included, rejected ones not) may total at
 * most their level's daily limit. Called by `withdraw/create` after the new withdrawal is recorded and its money moved:
 * adds its amount to the customer's total of the day (`withdrawal_days`, one row, locked until the transaction ends,
 * so two withdrawals at once are counted one after the other) and refuses a total over the limit, so an over-limit
 * one rolls back with everything it wrote. `levels` are the levels when the caller read them already (`vipLevelsIn`).
 * A total within every level's limit passes whatever the customer's level: their override and volume (sums over their
 * whole history) are read only when the level decides.
 */
export async function checkDailyWithdrawal(
  tx: Tx,
  userId: number,
  amount: bigint,
  now: Date,
  levels?: VipLevel[],
): Promise<void> {
  const known = levels ?? (await vipLevels(tx));
  const total = await repo.addToDay(tx, userId, dayOf(now), amount);
  if (known.every((l) => total <= l.dailyWithdraw)) return;
  const s = await levelInEffect(tx, userId, known);
  const limit = s.levels[s.level]!.dailyWithdraw;
  if (total > limit) {
    const before = total - amount;
    throw new DomainError('vip_daily_limit', {
      level: s.level,
      limit: formatAmount(limit),
      left: formatAmount(before >= limit ? 0n : limit - before),
    });
  }
}

/** A rejected withdrawal no longer counts toward its day's limit (`createdAt`: when it was requested). */
export async function uncountWithdrawal(tx: Tx, userId: number, createdAt: string, amount: bigint): Promise<void> {
  await repo.takeFromDay(tx, userId, createdAt.slice(0, 10), amount);
}

/**
 * An owner sets a customer's level by hand, or clears it (`level` null) so the earned level applies again. The reason
 * is required and kept in the audit entry with the old and new override.
 */
export async function setOverride(
  tx: Tx,
  ctx: AppContext,
  actor: Actor,
  input: { id: number; level: number | null; reason: string },
) {
  const user = await repo.lockUser(tx, input.id);
  if (!user) throw new DomainError('record_not_found');
  const levels = await vipLevels(tx);
  if (input.level !== null && input.level >= levels.length)
    throw new DomainError('vip_level_unknown', { level: input.level, max: levels.length - 1 });
  await repo.setOverride(tx, user.id, input.level);
  await record(tx, ctx, {
    actor,
    action: input.level === null ? 'user.vip.clear' : 'user.vip.set',
    target: `user:${user.id}`,
    detail: { email: user.email, from: user.vip_override, to: input.level, reason: input.reason },
    now: ctx.clock.now(),
  });
  const s = await standing(tx, user.id);
  return { id: user.id, vip_level: s.level, earned_level: s.earned, override: s.override };
}
