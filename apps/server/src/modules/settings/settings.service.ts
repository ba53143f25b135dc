import { DEFAULT_LANG, LANGS, type PublicConfig, type Settings } from '@c2c/shared';
import type { Tx } from '../../context.js';
import * as repo from './settings.repository.js';

const KEYS = ['app_name', 'logo', 'kf_url', 'app_url'] as const satisfies readonly (keyof Settings)[];

/** The operator-editable settings; app_url falls back to PUBLIC_URL until an operator sets one. */
export async function getSettings(tx: Tx, publicUrl: string): Promise<Settings> {
  const all = await repo.readAll(tx);
  return {
    app_name: all.get('app_name') ?? 'C2C',
    logo: all.get('logo') ?? '',
    kf_url: all.get('kf_url') ?? '',
    app_url: all.get('app_url') || publicUrl,
  };
}

export async function saveSettings(tx: Tx, next: Settings): Promise<void> {
  for (const key of KEYS) await repo.upsert(tx, key, next[key]);
}

export async function publicConfig(tx: Tx, publicUrl: string): Promise<PublicConfig> {
  const s = await getSettings(tx, publicUrl);
  return { ...s, img_url: publicUrl, langs: [...LANGS], default_lang: DEFAULT_LANG };
}

/** Internal key-value state other modules keep here (for example the audit chain's head). */
export const readValue = (tx: Tx, key: string) => repo.readOne(tx, key);
export const writeValue = (tx: Tx, key: string, value: string) => repo.upsert(tx, key, value);
