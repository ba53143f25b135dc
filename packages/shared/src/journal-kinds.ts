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
  label:
    | 'recharge'
    | 'withdraw'
    | 'withdrawPaid'
    | 'withdrawRefund'
    | 'adjust'
    | 'merchantSale'
    | 'merchantSalePaid'
    | 'merchantSaleRefund';
  /**
   * the kind this one undoes (a rejected withdrawal's refund undoes the withdrawal): it is no income or expenditure
   * of its own but nets out the journal of that kind with the same reference, so only money that really arrived or
   * left is counted
   */
  reverses?: string;
}

export const JOURNAL_KINDS = {
  recharge: { direction: 'in', summary: 'recharge', label: 'recharge' },
  withdraw: { direction: 'out', summary: null, label: 'withdraw' },
  withdraw_paid: { direction: 'out', summary: null, label: 'withdrawPaid' },
  withdraw_refund: { direction: 'in', summary: null, label: 'withdrawRefund', reverses: 'withdraw' },
  adjust: { direction: 'either', summary: null, label: 'adjust' },
  // a sale to a merchant leaves available for frozen when ordered; a rejected one's refund nets it out, so the
  // property page's total sales are the sales not rejected
  merchant_sale: { direction: 'out', summary: 'sale', label: 'merchantSale' },
  merchant_sale_paid: { direction: 'out', summary: null, label: 'merchantSalePaid' },
  merchant_sale_refund: { direction: 'in', summary: null, label: 'merchantSaleRefund', reverses: 'merchant_sale' },
} as const satisfies Record<string, JournalKindInfo>;

export type JournalKind = keyof typeof JOURNAL_KINDS;

export const isJournalKind = (kind: string): kind is JournalKind => Object.hasOwn(JOURNAL_KINDS, kind);

/** The journal kinds a summary counts (recharges, acquisitions by buying, sales). */
export const kindsCountedAs = (summary: NonNullable<JournalKindInfo['summary']>): JournalKind[] =>
  (Object.keys(JOURNAL_KINDS) as JournalKind[]).filter((k) => JOURNAL_KINDS[k].summary === summary);

/** The kind `kind` reverses, if it is a reversal. */
export const reversedBy = (kind: string): JournalKind | undefined => {
  if (!isJournalKind(kind)) return undefined;
  const info: JournalKindInfo = JOURNAL_KINDS[kind];
  return info.reverses !== undefined && isJournalKind(info.reverses) ? info.reverses : undefined;
};

/** The credits and debits of one account under one journal kind. */
export interface KindFlow {
  kind: string;
  credit: bigint;
  debit: bigint;
}

/**
 * Money that really came in and went out, from per-kind credits and debits: a reversal is neither, and takes back
 * what the kind it reverses counted (a withdrawal refunded in full counts 0). `kinds` limits the count to those kinds
 * (a summary's); without it every kind counts.
 */
export function netFlows(rows: readonly KindFlow[], kinds?: readonly string[]): { income: bigint; expenditure: bigint } {
  const counted = (kind: string) => !kinds || kinds.includes(kind);
  let income = 0n;
  let expenditure = 0n;
  for (const r of rows) {
    const reversed = reversedBy(r.kind);
    if (reversed === undefined) {
      if (!counted(r.kind)) continue;
      income += r.credit;
      expenditure += r.debit;
    } else if (counted(reversed)) {
      income -= r.debit;
      expenditure -= r.credit;
    }
  }
  return { income, expenditure };
}

/**
 * Income and expenditure of each entry of a log (any order), so that their sums are what `netFlows` counts: a reversal
 * counts nothing and nets out the entry of the reversed kind with the same reference.
 */
export function netEntries<E extends { kind: string; ref: string; amount: bigint }>(
  entries: readonly E[],
): { income: bigint; expenditure: bigint }[] {
  const undone = new Map<string, bigint>();
  for (const e of entries) {
    const reversed = reversedBy(e.kind);
    if (reversed !== undefined) undone.set(`${reversed}|${e.ref}`, (undone.get(`${reversed}|${e.ref}`) ?? 0n) + e.amount);
  }
  return entries.map((e) => {
    if (reversedBy(e.kind) !== undefined) return { income: 0n, expenditure: 0n };
    const key = `${e.kind}|${e.ref}`;
    const net = e.amount + (undone.get(key) ?? 0n);
    undone.delete(key);
    return { income: net > 0n ? net : 0n, expenditure: net < 0n ? -net : 0n };
  });
}
