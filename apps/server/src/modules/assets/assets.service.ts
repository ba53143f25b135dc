import { formatAmount, kindsCountedAs, netEntries } from '@c2c/shared';
import type { Tx } from '../../context.js';
import { assetLog, availableTotals, completedSales, totalHeld, wholeAssetLog } from '../ledger/ledger.service.js';

export const listLog = (tx: Tx, userId: number, page: number, pageSize: number) => assetLog(tx, userId, page, pageSize);

/** Asset-log summary from the ledger: all the customer holds, what is engaged in business, and the flow of the available balance. */
export async function logSummary(tx: Tx, userId: number) {
  const t = await availableTotals(tx, userId);
  const b = t.balances;
  const { income, expenditure } = t.flows();
  return {
    total_balance: formatAmount(totalHeld(b)),
    business: formatAmount(b.frozen + b.escrow + b.interest),
    income: formatAmount(income),
    expenditure: formatAmount(expenditure),
    quantity: t.count,
  };
}

/** Property summary from the ledger. */
export async function propertySummary(tx: Tx, userId: number) {
  const t = await availableTotals(tx, userId);
  return {
    balance: formatAmount(t.balances.available),
    recharge_amount: formatAmount(t.flows(kindsCountedAs('recharge')).income),
    // USDT bought from other customers (trades released to the caller)
    total_acquisition: formatAmount(t.flows(kindsCountedAs('acquisition')).income),
    // sales that completed: trades released by or for the caller as seller, sales to merchants the merchant paid
    total_sales: formatAmount(await completedSales(tx, userId)),
  };
}

const csvCell = (v: string | number | boolean) => {
  const s = String(v);
  // a leading = + - @ would run as a formula in a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The whole asset log as CSV (UTF-8 with BOM, so spreadsheet programs read it right). Each line's `income` and
 * `expenditure` say what it counts in the summary, so their column sums are the asset-log summary's: a reversal (a
 * rejected withdrawal's refund) counts nothing and nets out the line it reverses.
 */
export async function exportLog(tx: Tx, userId: number): Promise<string> {
  const log = await wholeAssetLog(tx, userId);
  const counted = netEntries(log.map(({ entry, change }) => ({ kind: entry.kind, ref: entry.ref, amount: change })));
  const lines = [['time', 'kind', 'amount', 'balance_after', 'paid', 'reference', 'income', 'expenditure'].join(',')];
  log.forEach(({ entry: e }, i) => {
    const { income, expenditure } = counted[i]!;
    lines.push(
      [
        e.created_at,
        e.kind,
        e.amount,
        e.balance_after,
        e.paid ? 'PAID' : '',
        e.ref,
        formatAmount(income),
        formatAmount(expenditure),
      ]
        .map(csvCell)
        .join(','),
    );
  });
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
