import { describe, expect, it } from 'vitest';
import { amountEntryIssue } from './money.js';
import {
  ID_MAX,
  idField,
  interestProductCreateRequest,
  saleuCreateRequest,
  textField,
  withdrawCreateRequest,
} from './schemas.js';

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? 'ok' : r.error?.issues[0]?.message;

describe('textField', () => {
  const field = textField({ max: 10, required: 'nickname_required', tooLong: 'nickname_too_long' });

  it('trims and keeps ordinary text, CJK and emoji', () => {
    expect(field.parse('  小明 😀  ')).toBe('小明 😀');
  });

  it('refuses C0 controls, DEL, C1 controls and lone surrogates with invalid_value', () => {
    for (const v of ['a\u0000b', 'a\tb', 'a\nb', 'a\u001Fb', 'a\u007Fb', 'a\u0085b', 'a\uD800', '\uDC00a', '\uDE00\uD83D'])
      expect(message(field.safeParse(v)), JSON.stringify(v)).toBe('invalid_value');
  });

  it('names a missing, empty or too long value with its own message', () => {
    expect(message(field.safeParse(undefined))).toBe('nickname_required');
    expect(message(field.safeParse(' \t '))).toBe('nickname_required');
    expect(message(field.safeParse('x'.repeat(11)))).toBe('nickname_too_long');
    expect(message(field.safeParse(['a']))).toBe('nickname_required');
    expect(message(textField({ max: 5 }).safeParse(''))).toBe('ok');
  });
});

describe('idField', () => {
  it('takes JSON integers and decimal strings in 1..2^31-1', () => {
    const id = idField();
    expect(id.parse(1)).toBe(1);
    expect(id.parse(' 42 ')).toBe(42);
    expect(id.parse(String(ID_MAX))).toBe(ID_MAX);
    expect(id.parse(ID_MAX)).toBe(ID_MAX);
  });

  it('refuses anything else with invalid_value, and names a missing id with its own message', () => {
    const id = idField('no_payout_account');
    for (const v of [
      0,
      -1,
      1.5,
      ID_MAX + 1,
      2 ** 53,
      1e21,
      Number.NaN,
      '0',
      '-1',
      '1.5',
      '1e3',
      '0x10',
      '2147483648',
      '9'.repeat(400),
      [1],
      { id: 1 },
      true,
      null,
    ])
      expect(message(id.safeParse(v)), JSON.stringify(v)).toBe('invalid_value');
    expect(message(id.safeParse(undefined))).toBe('no_payout_account');
    expect(message(id.safeParse(''))).toBe('no_payout_account');
  });
});

describe('amountEntryIssue', () => {
  // what a form's live check says of a typed amount must be what the amount field (and so the server) answers
  const firstIssue = (amount: string) => {
    const r = withdrawCreateRequest.safeParse({ bk_id: '1', amount });
    return r.success ? null : r.error.issues[0]?.message;
  };
  const typed = [
    '1',
    '0',
    '0.00',
    '0.01',
    '00.10',
    '12.5',
    '12.50',
    '12.345',
    '1.',
    '.5',
    '-1',
    '+1',
    '1e3',
    '1,000',
    '1 000',
    'abc',
    '１２',
    '999999999999.99',
    '1000000000000',
    '000000000001',
    '123456789012345',
    '1234567890123456',
    '12.5.1',
    ' 7 ',
  ];
  // and every length of whole part and fraction around the limits
  for (let whole = 0; whole <= 17; whole++)
    for (let frac = -1; frac <= 3; frac++) typed.push(`${'9'.repeat(whole)}${frac < 0 ? '' : `.${'5'.repeat(frac)}`}`);

  it.each(typed)('%j: the same answer as the amount field', (amount) => {
    const trimmed = amount.trim();
    expect(trimmed === '' ? 'amount_required' : amountEntryIssue(trimmed)).toBe(firstIssue(amount) ?? null);
  });
});

describe('saleuCreateRequest', () => {
  it('takes the payout account as optional: absent or blank leaves it to the server, anything else is an id', () => {
    const base = { saleu_id: '3', number: '20' };
    expect(saleuCreateRequest.parse(base).bk_id).toBeUndefined();
    expect(saleuCreateRequest.parse({ ...base, bk_id: ' ' }).bk_id).toBeUndefined();
    expect(saleuCreateRequest.parse({ ...base, bk_id: '7' }).bk_id).toBe(7);
    expect(message(saleuCreateRequest.safeParse({ ...base, bk_id: '7x' }))).toBe('invalid_value');
  });
});

describe('the minimum-above-maximum check', () => {
  it('answers the fields that failed, instead of throwing, when another field failed first', () => {
    for (const min of ['1', ['0', '1'], 1]) {
      const r = interestProductCreateRequest.safeParse({
        name: 'Erika',
        rate: '',
        days: '\u0000x',
        quota: '\u0000x',
        min,
        max: '0',
      });
      expect(r.success).toBe(false);
    }
  });
});
