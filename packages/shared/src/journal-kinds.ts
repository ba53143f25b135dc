/**
 * Every kind of ledger journal, one line each: how it moves a customer's available balance, which summary
 * counts it, and the label key the apps show it under (`assetLog.kind.<label>` in every locale). The ledger
 * refuses a kind that is not here; adding one is a line here plus its five translations.
 */
export interface JournalKindInfo {
  /** what the journal does to the customer's available balance: money in, money out, or either (a correction) */
  direction: 'in' | 'out' | 'either';
  /**
   * the summary that counts it on the property page, if any, by what it does to the available balance: money in
   * (recharge, acquisition)
   */
  summary: 'recharge' | 'acquisition' | null;
  /**
   * true for the journal that completes a sale: what it takes out of the seller's frozen or escrow account is a sale
   * (the property page's total sales count only sales that completed, never one still pending)
   */
  completesSale?: boolean;
  /** the locale key under `assetLog.kind` */
  label:
    | 'recharge'
    | 'withdraw'
    | 'withdrawPaid'
    | 'withdrawRefund'
    | 'adjust'
    | 'merchantSale'
    | 'merchantSalePaid'
    | 'merchantSaleRefund'
    | 'listingEscrow'
    | 'listingReturn'
    | 'tradeRelease'
    | 'tradeRefund'
    | 'interestSubscribe'
    | 'interestSettle';
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
  // a sale to a merchant leaves available for frozen when ordered; it is a sale once the merchant paid (frozen ->
  // settlement), and a rejected one's refund nets the order out
  merchant_sale: { direction: 'out', summary: null, label: 'merchantSale' },
  merchant_sale_paid: { direction: 'out', summary: null, label: 'merchantSalePaid', completesSale: true },
  merchant_sale_refund: { direction: 'in', summary: null, label: 'merchantSaleRefund', reverses: 'merchant_sale' },
  // a sell listing holds its quantity in escrow (available -> escrow); cancelling it returns what no trade took
  listing_escrow: { direction: 'out', summary: null, label: 'listingEscrow' },
  listing_return: { direction: 'in', summary: null, label: 'listingReturn', reverses: 'listing_escrow' },
  // a trade between customers: released, the seller's escrow goes to the buyer's available (the buyer's acquisition,
  // the seller's completed sale); refunded after a dispute, it goes back to the seller's available
  trade_release: { direction: 'in', summary: 'acquisition', label: 'tradeRelease', completesSale: true },
  trade_refund: { direction: 'in', summary: null, label: 'tradeRefund' },
  // the interest wallet: a subscription locks principal (available -> interest); at expiry the principal comes back
  // with the interest paid from the platform's interest_expense (one journal)
  interest_subscribe: { direction: 'out', summary: null, label: 'interestSubscribe' },
  interest_settle: { direction: 'in', summary: null, label: 'interestSettle' },
} as const satisfies Record<string, JournalKindInfo>;

export type JournalKind = keyof typeof JOURNAL_KINDS;

export const isJournalKind = (kind: string): kind is JournalKind => Object.hasOwn(JOURNAL_KINDS, kind);

/** The journal kinds a summary counts (recharges, acquisitions by buying). */
export const kindsCountedAs = (summary: NonNullable<JournalKindInfo['summary']>): JournalKind[] =>
  (Object.keys(JOURNAL_KINDS) as JournalKind[]).filter((k) => JOURNAL_KINDS[k].summary === summary);

/** The journal kinds that complete a sale (counted by what they take out of the seller's frozen or escrow account). */
export const kindsCompletingSale = (): JournalKind[] =>
  (Object.keys(JOURNAL_KINDS) as JournalKind[]).filter((k) => (JOURNAL_KINDS[k] as JournalKindInfo).completesSale === true);

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
