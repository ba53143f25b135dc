export const LANGS = ['en', 'zh-Hans', 'zh-Hant', 'de', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export const LANG_NAMES: Record<Lang, string> = {
  en: 'English',
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  de: 'Deutsch',
  ja: '日本語',
};

/** Maps any BCP-47-ish tag ("zh-CN", "zh_TW", "de-AT", "JA") to one of our five languages, else `en`. */
export function normalizeLang(tag: unknown): Lang {
  if (typeof tag !== 'string' || tag.length === 0 || tag.length > 35) return DEFAULT_LANG;
  const t = tag.trim().replace(/_/g, '-').toLowerCase();
  const exact = LANGS.find((l) => l.toLowerCase() === t);
  if (exact) return exact;
  const [base, ...rest] = t.split('-');
  if (base === 'zh') {
    const traditional = rest.some((p) => p === 'hant' || p === 'tw' || p === 'hk' || p === 'mo');
    return traditional ? 'zh-Hant' : 'zh-Hans';
  }
  if (base === 'de') return 'de';
  if (base === 'ja') return 'ja';
  return DEFAULT_LANG;
}
