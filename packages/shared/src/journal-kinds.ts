/**
 * Every kind of ledger journal, one line each: how it moves a customer's available balance, which summary
 * counts it, and the label key the apps show it under (`assetLog.kind.<label>` in every locale). The ledger
 * refuses a kind that is not here; adding one is a line here plus its five translations.
 */
export interface JournalKindInfo {
  /** what the journal does to the customer's available balance: money in, money out, or either (a correction) */
  direction: 'in' | 'out' | 'either';
  /** the summary that counts it on the property page, if any */
  summary: 'recharge' | 'acquisition' | 'sale' | null;
  /** the locale key under `assetLog.kind` */
  label: 'recharge' | 'withdraw' | 'withdrawPaid' | 'withdrawRefund' | 'adjust';
}

export const JOURNAL_KINDS = {
  recharge: { direction: 'in', summary: 'recharge', label: 'recharge' },
  withdraw: { direction: 'out', summary: null, label: 'withdraw' },
  withdraw_paid: { direction: 'out', summary: null, label: 'withdrawPaid' },
  withdraw_refund: { direction: 'in', summary: null, label: 'withdrawRefund' },
  adjust: { direction: 'either', summary: null, label: 'adjust' },
} as const satisfies Record<string, JournalKindInfo>;

export type JournalKind = keyof typeof JOURNAL_KINDS;

export const isJournalKind = (kind: string): kind is JournalKind => Object.hasOwn(JOURNAL_KINDS, kind);

/** The journal kinds a summary counts (recharges, acquisitions by buying, sales). */
export const kindsCountedAs = (summary: NonNullable<JournalKindInfo['summary']>): JournalKind[] =>
  (Object.keys(JOURNAL_KINDS) as JournalKind[]).filter((k) => JOURNAL_KINDS[k].summary === summary);
