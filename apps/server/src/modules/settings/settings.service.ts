import { DEFAULT_LANG, formatAmount, LANGS, type PublicConfig, parseAmount, type Settings } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
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
export async function getSettings(tx: Tx, publicUrl: string): Promise<Settings> {
  const all = await repo.readAll(tx);
  return {
    app_name: all.get('app_name') ?? 'C2C',
    logo: all.get('logo') ?? '',
    kf_url: all.get('kf_url') ?? '',
    app_url: all.get('app_url') || publicUrl,
    recharge_min: all.get('recharge_min') ?? DEFAULT_LIMITS.recharge_min,
    recharge_max: all.get('recharge_max') ?? DEFAULT_LIMITS.recharge_max,
    withdraw_min: all.get('withdraw_min') ?? DEFAULT_LIMITS.withdraw_min,
    withdraw_max: all.get('withdraw_max') ?? DEFAULT_LIMITS.withdraw_max,
  };
}

/** Checks a user-entered amount against the operator-set limits of a recharge or a withdrawal; answers micro-units. */
export async function checkAmount(tx: Tx, publicUrl: string, amount: string, kind: 'recharge' | 'withdraw'): Promise<bigint> {
  const micro = parseAmount(amount);
  if (micro === null || micro <= 0n) throw new DomainError('amount_format');
  const s = await getSettings(tx, publicUrl);
  const min = parseAmount(s[`${kind}_min`]) ?? 0n;
  const max = parseAmount(s[`${kind}_max`]) ?? 0n;
  if (micro < min) throw new DomainError('amount_too_small', { min: formatAmount(min) });
  if (micro > max) throw new DomainError('amount_too_large', { max: formatAmount(max) });
  return micro;
}

/** Saves the operator-editable settings and audits what changed (each key's old and new value). */
export async function saveSettings(tx: Tx, ctx: AppContext, actor: Actor, next: Settings): Promise<Settings> {
  const before = await getSettings(tx, ctx.config.publicUrl);
  for (const key of KEYS) await repo.upsert(tx, key, next[key]);
  const changed = Object.fromEntries(KEYS.filter((k) => before[k] !== next[k]).map((k) => [k, { from: before[k], to: next[k] }]));
  await record(tx, ctx.dialect, { actor, action: 'settings.save', target: 'settings', detail: changed, now: ctx.clock.now() });
  return getSettings(tx, ctx.config.publicUrl);
}

export async function publicConfig(tx: Tx, publicUrl: string): Promise<PublicConfig> {
  const s = await getSettings(tx, publicUrl);
  return { ...s, img_url: publicUrl, langs: [...LANGS], default_lang: DEFAULT_LANG };
}
