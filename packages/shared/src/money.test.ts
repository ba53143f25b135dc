import { describe, expect, it } from 'vitest';
import { fiatAmount, formatAmount, limitIssue, parseAmount, parseLimit, wireToMicro } from './money.js';

describe('money', () => {
  it('parses user amounts with at most the allowed decimals into micro-units', () => {
    expect(parseAmount('12')).toBe(12_000_000n);
    expect(parseAmount('0.01')).toBe(10_000n);
    expect(parseAmount(' 1234.5 ')).toBe(1_234_500_000n);
    expect(parseAmount('999999999999999.99')).toBe(999_999_999_999_999_990_000n);
    for (const bad of ['', '1.234', '-1', '1e3', '0x10', '1,5', '.5', '5.', 'NaN', '1 000']) expect(parseAmount(bad)).toBeNull();
    expect(parseAmount('1.234567', 6)).toBe(1_234_567n);
  });

  it('formats wire amounts with 2 to 6 decimals', () => {
    expect(formatAmount(0n)).toBe('0.00');
    expect(formatAmount(1_234_500_000n)).toBe('1234.50');
    expect(formatAmount(704_913n)).toBe('0.704913');
    expect(formatAmount(1_230_000n)).toBe('1.23');
    expect(formatAmount(1_234_000n)).toBe('1.234');
    expect(formatAmount(-5_000_000n)).toBe('-5.00');
    expect(formatAmount(2n ** 63n - 1n)).toBe('9223372036854.775807');
  });

  it('round-trips every formatted amount exactly', () => {
    for (const v of [0n, 1n, 10n, 999_999n, 1_000_000n, 123_456_789_012_345n, -42n]) expect(wireToMicro(formatAmount(v))).toBe(v);
    expect(() => wireToMicro('1.2.3')).toThrow();
  });
});

describe('limits', () => {
  it('name the first limit an amount breaks, in integers', () => {
    const range = { min: 10_000_000n, max: 50_000_000n };
    expect(limitIssue(9_990_000n, range)).toEqual({ key: 'amount_too_small', limit: 10_000_000n });
    expect(limitIssue(50_000_001n, range)).toEqual({ key: 'amount_too_large', limit: 50_000_000n });
    expect(limitIssue(20_000_000n, { ...range, available: 19_999_999n })).toEqual({ key: 'insufficient_balance' });
    expect(limitIssue(10_000_000n, range)).toBeNull();
    expect(limitIssue(50_000_000n, { ...range, available: 50_000_000n })).toBeNull();
  });

  it('refuse a corrupt stored limit instead of reading it as 0', () => {
    expect(parseLimit('withdraw_min', '10.50')).toBe(10_500_000n);
    expect(() => parseLimit('withdraw_min', 'ten')).toThrow(/withdraw_min/);
    expect(() => parseLimit('withdraw_min', '1.005')).toThrow(/withdraw_min/);
  });

  it('rounds a fiat amount down to the smallest unit of its currency', () => {
    // 12.345678 USDT at 0.923456 EUR = 11.400926... EUR -> 11.40
    expect(formatAmount(fiatAmount(12_345_678n, 923_456n, 'EUR'))).toBe('11.40');
    // 10 USDT at 151.37 JPY = 1513.7 JPY -> 1513 (no sen)
    expect(formatAmount(fiatAmount(10_000_000n, 151_370_000n, 'jpy'))).toBe('1513.00');
    // 10 USDT at 0.30755 KWD = 3.0755 KWD -> 3.075 (fils)
    expect(formatAmount(fiatAmount(10_000_000n, 307_550n, 'KWD'))).toBe('3.075');
    expect(fiatAmount(0n, 923_456n, 'EUR')).toBe(0n);
  });
});
