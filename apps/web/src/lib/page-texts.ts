import { DEFAULT_LANG } from '@c2c/shared';
import { i18n } from './i18n';

type Messages = Record<string, unknown>;

// The texts of every page but the first ones (Home, sign-in, sign-up, reset) arrive with the pages that show them.
const pageLocales = import.meta.glob<Messages>('../locales/pages/*.json', { import: 'default' });
const pageTexts = new Map<string, Promise<void>>();

const loaderOf = (lang: string) =>
  pageLocales[`../locales/pages/${lang}.json`] ?? pageLocales[`../locales/pages/${DEFAULT_LANG}.json`];

/** Starts downloading the other pages' texts of `lang` before i18n is ready to take them (loadPageTexts adds them). */
export function prefetchPageTexts(lang: string): Promise<unknown> {
  return loaderOf(lang)?.() ?? Promise.resolve();
}

/** Adds the other pages' texts of the interface language to its translations, once; the pages using them wait for it. */
export function loadPageTexts(): Promise<void> {
  const lang = i18n.language || DEFAULT_LANG;
  let loading = pageTexts.get(lang);
  if (!loading) {
    const load = loaderOf(lang);
    loading = (async () => {
      if (load) i18n.addResourceBundle(lang, 'translation', await load(), true, true);
    })();
    loading.catch(() => pageTexts.delete(lang));
    pageTexts.set(lang, loading);
  }
  return loading;
}
