import de from './errors/de.js';
import en from './errors/en.js';
import ja from './errors/ja.js';
import zhHans from './errors/zh-Hans.js';
import zhHant from './errors/zh-Hant.js';
import { type ErrorKey, type ErrorTexts, fillPlaceholders } from './errors.js';
import { DEFAULT_LANG, type Lang } from './lang.js';

/**
 * Every message in every language, at hand synchronously: the server answers `msg` in the caller's language.
 * The apps load one language on demand instead (`loadErrorTexts`), so their first pages carry none of this.
 */
export const ERROR_TEXTS: Record<Lang, ErrorTexts> = { en, 'zh-Hans': zhHans, 'zh-Hant': zhHant, de, ja };

export function errorMessage(key: ErrorKey, lang: Lang = DEFAULT_LANG, params: Record<string, string | number> = {}): string {
  return fillPlaceholders(ERROR_TEXTS[lang]?.[key] ?? ERROR_TEXTS[DEFAULT_LANG][key], params);
}
