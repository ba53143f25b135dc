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

/** A value a message may name: text, a number, or a moment (written as the language writes a date and time, in UTC). */
export type MessageParam = string | number | Date;

/** A moment in a message: the server does not know the reader's time zone, so it says UTC. */
const momentText = (d: Date, lang: Lang) =>
  `${new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(d)} UTC`;

export function errorMessage(key: ErrorKey, lang: Lang = DEFAULT_LANG, params: Record<string, MessageParam> = {}): string {
  const filled: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) filled[name] = value instanceof Date ? momentText(value, lang) : value;
  return fillPlaceholders(ERROR_TEXTS[lang]?.[key] ?? ERROR_TEXTS[DEFAULT_LANG][key], filled);
}
