import { describe, expect, it } from 'vitest';
import { isJournalKind, JOURNAL_KINDS, kindsCountedAs } from './journal-kinds.js';

describe('journal kinds', () => {
  it('are one registry: known kinds pass, others do not', () => {
    expect(isJournalKind('recharge')).toBe(true);
    expect(isJournalKind('toString')).toBe(false);
    expect(isJournalKind('trade_release')).toBe(false);
  });

  it('say which summary counts them', () => {
    expect(kindsCountedAs('recharge')).toEqual(['recharge']);
    expect(kindsCountedAs('acquisition')).toEqual([]);
    for (const info of Object.values(JOURNAL_KINDS)) expect(info.label).toMatch(/^[a-z][A-Za-z]*$/);
  });
});
