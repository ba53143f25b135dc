import { describe, expect, it } from 'vitest';
import { sendableAmount, typedAmountIssue } from './amount-check';

const limits = { min: '20.00', max: '10000.00', available: '120.50' };
const key = (typed: string, locale = 'en', cap?: { limit: string; key: 'merchant_quantity_short' }) =>
  typedAmountIssue(typed, locale, { ...limits, cap })?.key ?? null;

describe('typedAmountIssue', () => {
  it('says nothing of an empty field or of an amount on its way', () => {
    for (const typed of ['', '   ', '50', '50.', '50.5', '0', '0.', '0.0', '１００']) expect(key(typed)).toBeNull();
    expect(key('50,', 'de')).toBeNull();
    expect(key('1.000,5', 'de', undefined)).toBe('insufficient_balance');
  });

  it('refuses what the language cannot read, more than 2 decimals, zero and a number past the ledger', () => {
    for (const typed of ['abc', '12.345', '1.234', '50..', '-5', '1e3', '.', '0.00', '12 34'])
      expect(key(typed), typed).toBe('amount_format');
    // "50.50" is no German number: neither 50.50 nor 5050
    expect(key('50.50', 'de')).toBe('amount_format');
    expect(key('50,50', 'de')).toBeNull();
    expect(typedAmountIssue('1000000000000', 'en', {})?.key).toBe('amount_too_big');
  });

  it('names the limit broken first, as the form does when sent, then the balance, then the cap', () => {
    expect(typedAmountIssue('19.99', 'en', limits)).toEqual({ key: 'amount_too_small', limit: '20.00' });
    expect(typedAmountIssue('10000.01', 'en', { ...limits, available: '99999' })).toEqual({
      key: 'amount_too_large',
      limit: '10000.00',
    });
    expect(key('120.51')).toBe('insufficient_balance');
    expect(key('120.50')).toBeNull();
    const cap = { limit: '60.00', key: 'merchant_quantity_short' as const };
    expect(typedAmountIssue('60.01', 'en', { ...limits, cap })).toEqual({ key: 'merchant_quantity_short', limit: '60.00' });
    expect(key('60', 'en', cap)).toBeNull();
    // the balance is named before the cap, as the form checks them
    expect(key('130', 'en', cap)).toBe('insufficient_balance');
  });

  it('reads full-width digits and marks, as a Japanese keyboard types them', () => {
    expect(key('２５．５', 'ja')).toBeNull();
    expect(key('１２．３４５', 'ja')).toBe('amount_format');
  });
});

describe('sendableAmount', () => {
  it('is the wire amount of what may be sent as typed, and null for anything the field refuses or is still typing', () => {
    expect(sendableAmount('50', 'en', limits)).toBe('50');
    expect(sendableAmount('1.000,5', 'de', { ...limits, available: '5000.00' })).toBe('1000.5');
    for (const typed of ['', 'abc', '12.345', '5', '120.51', '50.'])
      expect(sendableAmount(typed, 'en', limits), typed).toBeNull();
    expect(sendableAmount('60.01', 'en', { ...limits, cap: { limit: '60.00', key: 'merchant_quantity_short' } })).toBeNull();
  });
});
