import { DEFAULT_LANG } from '@c2c/shared';
import { i18n } from './i18n';

type Messages = Record<string, unknown>;

// The texts of trading between customers (Hall tabs, trades, chat) arrive with the pages that show them.
const tradeLocales = import.meta.glob<Messages>('../locales/trade/*.json', { import: 'default' });
const tradeTexts = new Map<string, Promise<void>>();

/** Adds the trading texts of the interface language to its translations, once; the pages using them wait for it. */
export function loadTradeTexts(): Promise<void> {
  const lang = i18n.language || DEFAULT_LANG;
  let loading = tradeTexts.get(lang);
  if (!loading) {
    const load = tradeLocales[`../locales/trade/${lang}.json`] ?? tradeLocales[`../locales/trade/${DEFAULT_LANG}.json`];
    loading = (async () => {
      if (load) i18n.addResourceBundle(lang, 'translation', await load(), true, true);
    })();
    loading.catch(() => tradeTexts.delete(lang));
    tradeTexts.set(lang, loading);
  }
  return loading;
}
