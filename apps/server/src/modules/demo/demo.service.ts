import type { AppContext, Tx } from '../../context.js';
import { type Actor, record } from '../audit/audit.service.js';
import { hasLedgerHistory, removeUnusedAccounts } from '../ledger/ledger.service.js';
import { removeAccountsOf } from '../payouts/payouts.service.js';
import { demoAddresses, listOwn as rechargesOf, removeDemoAddresses } from '../recharge/recharge.service.js';
import { removeUploadsOf } from '../uploads/uploads.service.js';
import { activeDemoCustomer, closeCustomer, deleteCustomer, hasInvitees } from '../users/users.service.js';
import { listOwn as withdrawalsOf } from '../withdrawals/withdrawals.service.js';

/**
 * The demo data a fresh local install is seeded with (seed.ts): receiving addresses that are nobody's wallet and a
 * demo customer whose password is printed. The console shows a banner while any of it is in place, and an owner
 * removes it with one audited action.
 */
export async function demoStatus(tx: Tx) {
  const addresses = await demoAddresses(tx);
  const customer = await activeDemoCustomer(tx);
  return {
    present: addresses.length > 0 || !!customer,
    addresses,
    customer: customer ? { email: customer.email } : null,
  };
}

/** Money history: anything the ledger, a review queue or the invitation tree must keep naming the customer by. */
async function mustStayOnRecord(tx: Tx, userId: number): Promise<boolean> {
  if (await hasLedgerHistory(tx, userId)) return true;
  if ((await rechargesOf(tx, userId, 1, 1)).total > 0) return true;
  if ((await withdrawalsOf(tx, userId, 1, 1)).total > 0) return true;
  return hasInvitees(tx, userId);
}

/**
 * Removes the demo data in one transaction, with one audit entry: the demo receiving addresses (recharges keep the
 * address they cite), and the demo customer — deleted with its uploads and payout accounts when nothing names it, or,
 * when it has money history (ledger postings, recharges, withdrawals) or invited someone, closed: it can no longer
 * sign in, its sessions end, its invitation code stays refused and its records stay for the ledger and the audit.
 * Running it again removes nothing and answers so.
 */
export async function removeDemoData(tx: Tx, ctx: AppContext, actor: Actor) {
  const addresses = await removeDemoAddresses(tx);
  let customer: 'deleted' | 'closed' | 'none' = 'none';
  const demo = await activeDemoCustomer(tx);
  if (demo && (await mustStayOnRecord(tx, demo.id))) {
    await closeCustomer(tx, ctx, demo.id);
    customer = 'closed';
  } else if (demo) {
    await removeUploadsOf(tx, ctx, demo.id);
    await removeAccountsOf(tx, demo.id);
    await removeUnusedAccounts(tx, demo.id);
    await deleteCustomer(tx, ctx, demo.id);
    customer = 'deleted';
  }
  await record(tx, ctx, {
    actor,
    action: 'demo.remove',
    target: 'demo',
    detail: { addresses, customer, ...(demo ? { customer_id: demo.id, customer_email: demo.email } : {}) },
    now: ctx.clock.now(),
  });
  return { addresses, customer };
}
