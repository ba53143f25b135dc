import { LANGS } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { addAmounts, formatDecimal, formatMoney, readAmount } from './money';

describe('money display', () => {
  it('adds wire amounts exactly', () => {
    expect(addAmounts('0.10', '0.20')).toBe('0.30');
    expect(addAmounts('999999999999.99', '0.01')).toBe('1000000000000.00');
    expect(addAmounts('1.000001', '2.5')).toBe('3.500001');
  });

  it('formats in the user locale without losing digits', () => {
    expect(formatMoney('1234567.5', 'en')).toBe('1,234,567.50');
    expect(formatMoney('1234567.5', 'de')).toBe('1.234.567,50');
    expect(formatMoney('12345678901234.56', 'en')).toBe('12,345,678,901,234.56');
    expect(formatMoney('0.704913', 'ja')).toBe('0.704913');
    expect(formatMoney('-3', 'en')).toBe('-3.00');
  });

  it('writes the app languages as Intl does, without asking it', () => {
    const values = ['0', '7', '12', '999', '1000', '12345', '123456', '1234567', '0012345', '98765432109876543210'];
    for (const lang of LANGS) {
      const intl = new Intl.NumberFormat(lang);
      const decimal = intl.formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
      for (const v of values) {
        expect(formatMoney(`${v}.25`, lang)).toBe(`${intl.format(BigInt(v))}${decimal}25`);
        expect(formatMoney(`-${v}`, lang)).toBe(`-${intl.format(BigInt(v))}${decimal}00`);
      }
    }
    // any other locale is Intl's to write
    expect(formatMoney('1234567.5', 'fr')).toBe(`${new Intl.NumberFormat('fr').format(1234567)},50`);
  });
});

describe('a decimal that is not money (a rate)', () => {
  it("keeps its digits as they come and writes the locale's decimal mark", () => {
    expect(formatDecimal('0.50', 'de')).toBe('0,50');
    expect(formatDecimal('1.2345', 'de')).toBe('1,2345');
    expect(formatDecimal('1.2345', 'en')).toBe('1.2345');
    expect(formatDecimal('12', 'de')).toBe('12');
    expect(formatDecimal('n/a', 'de')).toBe('n/a');
  });
});

describe('reading a typed amount in the user language', () => {
  it('reads the language decimal mark and thousands grouping into the wire decimal', () => {
    expect(readAmount('12,50', 'de')).toBe('12.50');
    expect(readAmount('1.234,50', 'de')).toBe('1234.50');
    expect(readAmount('1.234', 'de')).toBe('1234');
    expect(readAmount(' 400,5 ', 'de')).toBe('400.5');
    expect(readAmount('1,234.50', 'en')).toBe('1234.50');
    expect(readAmount('12.50', 'en')).toBe('12.50');
    expect(readAmount('1,234,567.89', 'zh-Hant')).toBe('1234567.89');
    expect(readAmount('１２．５', 'ja')).toBe('12.5');
    expect(readAmount('99999999999999999999.99', 'en')).toBe('99999999999999999999.99');
  });

  it('refuses a mark that could mean the other thing, instead of guessing', () => {
    expect(readAmount('12.50', 'de')).toBeNull();
    expect(readAmount('12,50', 'en')).toBeNull();
    expect(readAmount('1,2345.00', 'en')).toBeNull();
    expect(readAmount('1.234.5', 'de')).toBeNull();
    expect(readAmount('12,5,0', 'de')).toBeNull();
    expect(readAmount('12,', 'de')).toBeNull();
    expect(readAmount(',5', 'de')).toBeNull();
    expect(readAmount('-5', 'en')).toBeNull();
    expect(readAmount('1e3', 'en')).toBeNull();
    expect(readAmount('', 'en')).toBeNull();
  });
});
