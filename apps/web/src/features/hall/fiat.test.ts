import { describe, expect, it } from 'vitest';
import { fiatAmount, sellAll } from './fiat';

describe('fiatAmount', () => {
  it('multiplies in integers and rounds down to the cent', () => {
    expect(fiatAmount('100.00', '7.12')).toBe('712.00');
    // 33.33 × 0.999999 = 33.32996667: rounded down, never up
    expect(fiatAmount('33.33', '0.999999')).toBe('33.32');
    // 0.01 × 0.5 = 0.005: less than a cent pays nothing
    expect(fiatAmount('0.01', '0.5')).toBe('0.00');
    // far past what a double holds exactly
    expect(fiatAmount('999999999999999.99', '123456.789012')).toBe('123456789011999998765.43');
  });
});

describe('sellAll', () => {
  it('takes the smallest of balance, quantity left and maximum, rounded down to the cent', () => {
    expect(sellAll('120.50', '5000.00', '1000.00')).toBe('120.50');
    expect(sellAll('9000.00', '300.00', '1000.00')).toBe('300.00');
    expect(sellAll('9000.00', '5000.00', '1000.00')).toBe('1000.00');
    expect(sellAll('12.345678', '5000.00', '1000.00')).toBe('12.34');
  });
});
