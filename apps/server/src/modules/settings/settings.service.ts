import {
  type AmountRange,
  DEFAULT_LANG,
  formatAmount,
  LANGS,
  limitIssue,
  type PublicConfig,
  parseLimit,
  type Settings,
} from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import type { AuthCache } from '../../db/auth-cache.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import * as repo from './settings.repository.js';

const KEYS = [
  'app_name',
  'logo',
  'kf_url',
  'app_url',
  'recharge_min',
  'recharge_max',
  'withdraw_min',
  'withdraw_max',
] as const satisfies readonly (keyof Settings)[];

/** Limits until an operator sets their own (USDT, at most 2 decimals). */
const DEFAULT_LIMITS = { recharge_min: '10.00', recharge_max: '1000000.00', withdraw_min: '10.00', withdraw_max: '50000.00' };

/** The operator-editable settings; app_url falls back to PUBLIC_URL until an operator sets one. */
export async function getSettings(tx: Tx, publicUrl: string, cache?: AuthCache<object>): Promise<Settings> {
  const all = await storedSettings(tx, cache);
  return {
    app_name: all.get('app_name') ?? 'C2C',
    logo: all.get('logo') ?? '',
    kf_url: all.get('kf_url') ?? '',
    app_url: all.get('app_url') || publicUrl,
    ...wireLimits(all),
  };
}

const LIMIT_KEYS = Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[];
const storedLimit = (all: ReadonlyMap<string, string>, key: keyof typeof DEFAULT_LIMITS) =>
  parseLimit(key, all.get(key) ?? DEFAULT_LIMITS[key]);
/** The limits as the wire carries money (2 to 6 decimals), whatever form an operator typed them in. */
const wireLimits = (all: ReadonlyMap<string, string>) =>
  Object.fromEntries(LIMIT_KEYS.map((k) => [k, formatAmount(storedLimit(all, k))])) as typeof DEFAULT_LIMITS;

/** the one entry of the settings cache */
const SETTINGS_KEY = 'settings';

/**
 * The settings rows as stored, read once for a call that needs several of them (a withdrawal: limits, VIP levels). With
 * `cache` (the node's settings cache, `AuthCache`), rows read before are answered from it, without a query: the cache
 * is emptied by any change to the settings, this process's (before its caller is answered) or another's (PostgreSQL:
 * when its NOTIFY arrives, migration 024; SQLite: at the next call). What it answers is shared: nobody changes it.
 */
export async function storedSettings(tx: Tx, cache?: AuthCache<object>): Promise<ReadonlyMap<string, string>> {
  const kept = cache?.get(SETTINGS_KEY) as ReadonlyMap<string, string> | undefined;
  if (kept) return kept;
  const ticket = cache?.ticket() ?? 0;
  const all: ReadonlyMap<string, string> = await repo.readAll(tx);
  // no customer's: dropped when the cache is emptied (a change to the settings)
  cache?.put(ticket, SETTINGS_KEY, 0, all);
  return all;
}

/** The recharge and withdrawal ranges of the stored settings; a corrupt stored limit throws. */
function moneyLimitsIn(all: ReadonlyMap<string, string>): Record<'recharge' | 'withdraw', AmountRange> {
  const limit = (key: keyof typeof DEFAULT_LIMITS) => storedLimit(all, key);
  return {
    recharge: { min: limit('recharge_min'), max: limit('recharge_max') },
    withdraw: { min: limit('withdraw_min'), max: limit('withdraw_max') },
  };
}

/** The recharge and withdrawal ranges, parsed once from the stored settings; a corrupt stored limit throws. */
export async function moneyLimits(tx: Tx): Promise<Record<'recharge' | 'withdraw', AmountRange>> {
  return moneyLimitsIn(await repo.readAll(tx));
}

/** Checks an amount (micro-units, parsed at the wire) against the range of a recharge or a withdrawal in `all`. */
export function checkAmountIn(all: ReadonlyMap<string, string>, amount: bigint, kind: 'recharge' | 'withdraw'): bigint {
  const issue = limitIssue(amount, moneyLimitsIn(all)[kind]);
  if (issue?.key === 'amount_too_small') throw new DomainError('amount_too_small', { min: formatAmount(issue.limit!) });
  if (issue?.key === 'amount_too_large') throw new DomainError('amount_too_large', { max: formatAmount(issue.limit!) });
  return amount;
}

/** Checks an amount (micro-units, parsed at the wire) against the operator-set range of a recharge or a withdrawal. */
export async function checkAmount(
  tx: Tx,
  amount: bigint,
  kind: 'recharge' | 'withdraw',
  cache?: AuthCache<object>,
): Promise<bigint> {
  return checkAmountIn(await storedSettings(tx, cache), amount, kind);
}

/** Saves the operator-editable settings and audits what changed (each key's old and new value). */
export async function saveSettings(tx: Tx, ctx: AppContext, actor: Actor, next: Settings): Promise<Settings> {
  const before = await getSettings(tx, ctx.config.publicUrl);
  // limits are kept in the wire's form ("15" is stored as "15.00"), so they read back as they are answered
  const normalized = { ...next, ...wireLimits(new Map(LIMIT_KEYS.map((k) => [k, next[k]]))) };
  for (const key of KEYS) await repo.upsert(tx, key, normalized[key]);
  const changed = Object.fromEntries(KEYS.filter((k) => before[k] !== next[k]).map((k) => [k, { from: before[k], to: next[k] }]));
  await record(tx, ctx, { actor, action: 'settings.save', target: 'settings', detail: changed, now: ctx.clock.now() });
  return getSettings(tx, ctx.config.publicUrl);
}

/** What every app asks for when it starts: the settings (from the node's cache, `storedSettings`) and the languages. */
export async function publicConfig(tx: Tx, publicUrl: string, cache?: AuthCache<object>): Promise<PublicConfig> {
  const s = await getSettings(tx, publicUrl, cache);
  return { ...s, img_url: publicUrl, langs: [...LANGS], default_lang: DEFAULT_LANG };
}
