import { DEFAULT_LANG, type Lang, normalizeLang } from '@c2c/shared';
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getStoredLang } from './storage';

type Messages = Record<string, unknown>;

// One chunk per language: a visit downloads only the language it shows (every file is complete, see locales.test.ts).
const locales = import.meta.glob<Messages>('../locales/*.json', { import: 'default' });

/** The language of the interface and of every request body: the stored choice, else the device's. */
export function currentLang(): Lang {
  return normalizeLang(getStoredLang() ?? navigator.language);
}

// antd-mobile's own texts (aria labels, default buttons) in the same language; its default would be Chinese.
const componentLocales: Record<Lang, () => Promise<{ default: Parameters<typeof setDefaultConfig>[0]['locale'] }>> = {
  en: () => import('antd-mobile/es/locales/en-US'),
  // Already in the first bundle: it is antd-mobile's built-in default.
  'zh-Hans': async () => ({ default: zhCN }),
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
};

export async function initI18n(lang: Lang = currentLang()): Promise<typeof i18n> {
  const load = locales[`../locales/${lang}.json`] ?? locales[`../locales/${DEFAULT_LANG}.json`];
  const [translation, componentLocale] = await Promise.all([load ? load() : {}, componentLocales[lang]()]);
  setDefaultConfig({ locale: componentLocale.default });
  await i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: DEFAULT_LANG,
    ns: ['translation', 'errors'],
    defaultNS: 'translation',
    // The namespace `errors` arrives with the first form check (lib/error-text), not with the first page.
    resources: { [lang]: { translation } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lang;
  return i18n;
}

export { i18n };
