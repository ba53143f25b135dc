import { describe, expect, it } from 'vitest';
import {
  isJournalKind,
  JOURNAL_KINDS,
  type JournalKindInfo,
  kindsCompletingSale,
  kindsCountedAs,
  netEntries,
  netFlows,
  reversedBy,
} from './journal-kinds.js';

describe('journal kinds', () => {
  it('are one registry: known kinds pass, others do not', () => {
    expect(isJournalKind('recharge')).toBe(true);
    expect(isJournalKind('toString')).toBe(false);
    expect(isJournalKind('trade_release')).toBe(true);
    expect(isJournalKind('trade_cancel')).toBe(false);
  });

  it('say which summary counts them', () => {
    expect(kindsCountedAs('recharge')).toEqual(['recharge']);
    expect(kindsCountedAs('acquisition')).toEqual(['trade_release']);
    expect(kindsCompletingSale()).toEqual(['merchant_sale_paid', 'trade_release']);
    for (const info of Object.values(JOURNAL_KINDS)) expect(info.label).toMatch(/^[a-z][A-Za-z]*$/);
  });
});

describe('reversals', () => {
  it('name a known kind of the opposite direction', () => {
    for (const [kind, info] of Object.entries(JOURNAL_KINDS) as [string, JournalKindInfo][]) {
      if (info.reverses === undefined) continue;
      expect(isJournalKind(info.reverses), kind).toBe(true);
      const reversed: JournalKindInfo = JOURNAL_KINDS[info.reverses as keyof typeof JOURNAL_KINDS];
      expect(reversed.direction, kind).not.toBe(info.direction);
    }
    expect(reversedBy('withdraw_refund')).toBe('withdraw');
    expect(reversedBy('withdraw')).toBeUndefined();
  });

  it('net out of income and expenditure', () => {
    const rows = [
      { kind: 'recharge', credit: 500_000_000n, debit: 0n },
      { kind: 'withdraw', credit: 0n, debit: 70_500_000n },
      { kind: 'withdraw_refund', credit: 50_500_000n, debit: 0n },
    ];
    expect(netFlows(rows)).toEqual({ income: 500_000_000n, expenditure: 20_000_000n });
    expect(netFlows(rows, ['recharge'])).toEqual({ income: 500_000_000n, expenditure: 0n });
    expect(netFlows(rows, ['withdraw'])).toEqual({ income: 0n, expenditure: 20_000_000n });
  });

  it('net out entry by entry against the same reference', () => {
    const entries = [
      { kind: 'withdraw_refund', ref: 'withdrawal:1', amount: 50_500_000n },
      { kind: 'withdraw', ref: 'withdrawal:2', amount: -20_000_000n },
      { kind: 'withdraw', ref: 'withdrawal:1', amount: -50_500_000n },
      { kind: 'recharge', ref: 'recharge:1', amount: 500_000_000n },
    ];
    expect(netEntries(entries)).toEqual([
      { income: 0n, expenditure: 0n },
      { income: 0n, expenditure: 20_000_000n },
      { income: 0n, expenditure: 0n },
      { income: 500_000_000n, expenditure: 0n },
    ]);
  });
});
