import { describe, expect, it } from 'vitest';
import { fiatOf, sellAll } from './fiat';

describe('fiatOf', () => {
  it('multiplies in integers and rounds down to the cent', () => {
    expect(fiatOf('100.00', '7.12', 'EUR')).toBe('712.00');
    // 33.33 × 0.999999 = 33.32996667: rounded down, never up
    expect(fiatOf('33.33', '0.999999', 'EUR')).toBe('33.32');
    // 0.01 × 0.5 = 0.005: less than a cent pays nothing
    expect(fiatOf('0.01', '0.5', 'EUR')).toBe('0.00');
    // far past what a double holds exactly
    expect(fiatOf('999999999999999.99', '123456.789012', 'EUR')).toBe('123456789011999998765.43');
  });

  it("rounds down to the currency's smallest unit, as the server does: whole yen", () => {
    expect(fiatOf('10.00', '151.37', 'JPY')).toBe('1513.00');
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
