import { formatAmount, kindsCountedAs } from '@c2c/shared';
import type { Tx } from '../../context.js';
import { assetLog, availableTotals } from '../ledger/ledger.service.js';

export const listLog = (tx: Tx, userId: number, page: number, pageSize: number) => assetLog(tx, userId, page, pageSize);

/** Asset-log summary from the ledger: all the customer holds, what is engaged in business, and the flow of the available balance. */
export async function logSummary(tx: Tx, userId: number) {
  const t = await availableTotals(tx, userId);
  const b = t.balances;
  return {
    total_balance: formatAmount(b.available + b.frozen + b.escrow + b.interest),
    business: formatAmount(b.frozen + b.escrow + b.interest),
    income: formatAmount(t.credit()),
    expenditure: formatAmount(t.debit()),
    quantity: t.count,
  };
}

/** Property summary from the ledger. */
export async function propertySummary(tx: Tx, userId: number) {
  const t = await availableTotals(tx, userId);
  return {
    balance: formatAmount(t.balances.available),
    recharge_amount: formatAmount(t.credit(kindsCountedAs('recharge'))),
    // no kind counts as acquisition or sale until C2C trades and merchant sales post journals
    total_acquisition: formatAmount(t.credit(kindsCountedAs('acquisition'))),
    total_sales: formatAmount(t.debit(kindsCountedAs('sale'))),
  };
}

const csvCell = (v: string | number | boolean) => {
  const s = String(v);
  // a leading = + - @ would run as a formula in a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The whole asset log as CSV (UTF-8 with BOM, so spreadsheet programs read it right). */
export async function exportLog(tx: Tx, userId: number): Promise<string> {
  const lines = [['time', 'kind', 'amount', 'balance_after', 'paid', 'reference'].join(',')];
  for (let page = 1; ; page++) {
    const { list, total } = await assetLog(tx, userId, page, 500);
    for (const e of list)
      lines.push([e.created_at, e.kind, e.amount, e.balance_after, e.paid ? 'PAID' : '', e.ref].map(csvCell).join(','));
    if (page * 500 >= total) break;
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
