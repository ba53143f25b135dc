import { i18nextTexts, loadErrorTexts, normalizeLang } from '@c2c/shared';
import { i18n } from './i18n';

/**
 * Loads the shared error catalogue's texts of the interface language into the namespace `errors`, once. The form
 * check loads them with its schemas, so a message is at hand when a check fails; the first page carries none.
 */
export async function loadErrors(lang: string = i18n.language): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'errors')) return;
  i18n.addResourceBundle(lang, 'errors', i18nextTexts(await loadErrorTexts(normalizeLang(lang))));
}

/** A message of the shared error catalogue (a zod issue's message is its key), in the current language. */
export async function errorText(key: string | undefined, params: Record<string, string> = {}): Promise<string> {
  await loadErrors();
  const k = key && i18n.exists(key, { ns: 'errors' }) ? key : 'invalid_value';
  return i18n.t(k as 'invalid_value', { ns: 'errors', ...params });
}
