import { describe, expect, it } from 'vitest';
import { SESSION_EXPIRED, TOTP_NEEDED } from './api.js';
import { ERROR_TEXTS, errorMessage } from './error-messages.js';
import { ERROR_CODES, type ErrorKey, i18nextTexts, loadErrorTexts } from './errors.js';
import { LANGS } from './lang.js';

const keys = Object.keys(ERROR_CODES) as ErrorKey[];

describe('error catalogue', () => {
  it('has a unique code and a non-empty message in every language for every entry', () => {
    const codes = Object.values(ERROR_CODES);
    expect(new Set(codes).size).toBe(codes.length);
    const placeholders = (t: string) => (t.match(/\{\w+\}/g) ?? []).sort().join();
    for (const lang of LANGS) {
      const texts = ERROR_TEXTS[lang];
      expect(Object.keys(texts).sort(), lang).toEqual([...keys].sort());
      for (const key of keys) {
        expect(texts[key], `${key} ${lang}`).toMatch(/\S/);
        expect(placeholders(texts[key]), `${key} ${lang}`).toBe(placeholders(ERROR_TEXTS.en[key]));
      }
    }
    expect(ERROR_CODES.unauthorized).toBe(SESSION_EXPIRED);
    expect(ERROR_CODES.totp_code_required).toBe(TOTP_NEEDED);
  });

  it('fills placeholders and exports i18next-style texts', async () => {
    expect(errorMessage('code_resend_wait', 'de', { seconds: 42 })).toBe(
      'Bitte warten Sie 42 s, bevor Sie einen neuen Code anfordern',
    );
    const en = await loadErrorTexts('en');
    expect(en).toBe(ERROR_TEXTS.en);
    expect(i18nextTexts(en).code_resend_wait).toBe('Please wait {{seconds}} s before requesting a new code');
  });

  it('loads each language on its own', async () => {
    for (const lang of LANGS) expect(await loadErrorTexts(lang)).toBe(ERROR_TEXTS[lang]);
  });
});
