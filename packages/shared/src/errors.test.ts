import { describe, expect, it } from 'vitest';
import { ERRORS, errorMessage, errorTexts } from './errors.js';
import { LANGS } from './lang.js';

describe('error catalogue', () => {
  it('has a unique code and a non-empty message in every language for every entry', () => {
    const codes = Object.values(ERRORS).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [key, entry] of Object.entries(ERRORS)) {
      for (const lang of LANGS) expect(entry.texts[lang], `${key} ${lang}`).toMatch(/\S/);
      const placeholders = (t: string) => (t.match(/\{\w+\}/g) ?? []).sort().join();
      for (const lang of LANGS) expect(placeholders(entry.texts[lang]), `${key} ${lang}`).toBe(placeholders(entry.texts.en));
    }
    expect(ERRORS.unauthorized.code).toBe(-1);
  });

  it('fills placeholders and exports i18next-style texts', () => {
    expect(errorMessage('code_resend_wait', 'de', { seconds: 42 })).toBe(
      'Bitte warten Sie 42 s, bevor Sie einen neuen Code anfordern',
    );
    expect(errorTexts('en').code_resend_wait).toBe('Please wait {{seconds}} s before requesting a new code');
  });
});
