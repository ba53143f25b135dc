import { describe, expect, it } from 'vitest';
import { maskEmail, publicName } from './public-name.js';

describe('how a customer is named to others', () => {
  it('masks an e-mail to at most two characters and at most half of its name part, never the domain', () => {
    const cases: [string, string][] = [
      ['jane.doe@example.org', 'ja***'],
      ['abcd@example.org', 'ab***'],
      ['abc@example.org', 'a***'],
      ['ab@example.org', 'a***'],
      ['a@example.org', '***'],
      ['ü😀x@example.org', 'ü***'],
      ['"a@b"@example.org', '"***'],
    ];
    for (const [email, masked] of cases) {
      expect([email, maskEmail(email)]).toEqual([email, masked]);
      expect(maskEmail(email)).not.toMatch(/@|example/);
    }
  });

  it('shows a chosen nickname, and masks the one given at sign-up (the name part of the e-mail)', () => {
    expect(publicName({ nickname: 'Night Owl', email: 'jane@example.org' })).toBe('Night Owl');
    expect(publicName({ nickname: 'jane', email: 'jane@example.org' })).toBe('ja***');
    expect(publicName({ nickname: '  ', email: 'jane@example.org' })).toBe('ja***');
    const long = `${'x'.repeat(40)}@example.org`;
    expect(publicName({ nickname: 'x'.repeat(32), email: long })).toBe('xx***');
  });
});
