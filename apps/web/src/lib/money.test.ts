import { describe, expect, it } from 'vitest';
import { addAmounts, formatMoney } from './money';

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
});
