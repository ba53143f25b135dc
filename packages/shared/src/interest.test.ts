import { describe, expect, it } from 'vitest';
import { expiryOf, formatRate, interestOf, parseRate } from './interest.js';

describe('interest', () => {
  it('parses daily rates in per cent with up to 4 decimals into 10^-4 per cent', () => {
    expect(parseRate('1')).toBe(10_000n);
    expect(parseRate('0.5')).toBe(5_000n);
    expect(parseRate('1.2345')).toBe(12_345n);
    expect(parseRate(' 0.0001 ')).toBe(1n);
    for (const bad of ['', '1.23456', '-1', '1e2', '.5', '5.', '1000', 'x']) expect(parseRate(bad)).toBeNull();
  });

  it('formats stored rates with 2 to 4 decimals', () => {
    expect(formatRate(10_000n)).toBe('1.00');
    expect(formatRate(12_345n)).toBe('1.2345');
    expect(formatRate(5_000n)).toBe('0.50');
    expect(formatRate(1n)).toBe('0.0001');
  });

  it('computes principal x rate x days / 100, rounded down to the micro-unit', () => {
    // 100 USDT at 1 % a day for 7 days: 7 USDT
    expect(interestOf(100_000_000n, 10_000n, 7)).toBe(7_000_000n);
    // 33.33 USDT at 0.1234 % for 3 days = 0.12339... -> 0.123389 (33.33 * 0.001234 * 3 = 0.12338766)
    expect(interestOf(33_330_000n, 1_234n, 3)).toBe(123_387n);
    // 0.01 USDT at 0.0001 % for 1 day: 1e-8 USDT, below one micro-unit
    expect(interestOf(10_000n, 1n, 1)).toBe(0n);
  });

  it('expires after whole days', () => {
    expect(expiryOf(new Date('2026-01-01T10:00:00.000Z'), 30).toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
});
