import {
  ADMIN_API,
  fiatAmount,
  formatAmount,
  type MerchantOffer,
  type MerchantSale,
  PAYOUT_TYPES,
  type Page,
  type PayoutAccount,
  type PayoutType,
  withdrawApproveRequest,
} from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import type { MerchantSalesTable, MerchantsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { type NewJournal, post } from '../ledger/ledger.service.js';
import { notifyUser } from '../notify/notify.service.js';
import { accountsById, checkUsable, defaultPayoutAccount, lockOwnAccount, maskPayout } from '../payouts/payouts.service.js';
import { pageOwn, type ReviewQueue } from '../review/review.service.js';
import { guardValueOut } from '../two-factor/two-factor.service.js';
import type { CurrentUser } from '../users/users.service.js';
import * as repo from './merchants.repository.js';

type MerchantRow = Selectable<MerchantsTable>;
type SaleRow = Selectable<MerchantSalesTable>;

const STATS_DAYS = 30;

const methodsOf = (m: MerchantRow): PayoutType[] => PAYOUT_TYPES.filter((t) => m.methods.split(',').includes(t));

interface Stats {
  orders: number;
  rate: number | null;
}

async function statsOf(tx: Tx, ctx: AppContext, ids: number[]): Promise<Map<number, Stats>> {
  const since = iso(new Date(ctx.clock.now().getTime() - STATS_DAYS * 86_400_000));
  const out = new Map<number, { orders: number; completed: number; rejected: number }>();
  for (const r of await repo.salesStats(tx, ids, since)) {
    const s = out.get(r.merchant_id) ?? { orders: 0, completed: 0, rejected: 0 };
    s.orders += r.n;
    if (r.status === 'completed') s.completed += r.n;
    if (r.status === 'rejected') s.rejected += r.n;
    out.set(r.merchant_id, s);
  }
  const stats = new Map<number, Stats>();
  for (const [id, s] of out) {
    const decided = s.completed + s.rejected;
    // one decimal, computed in integers: the per mille rounded half up
    const rate = decided ? Math.floor((s.completed * 2000 + decided) / (2 * decided)) / 10 : null;
    stats.set(id, { orders: s.orders, rate });
  }
  return stats;
}

/** An offer's terms in wire form: what customers see and what the audit log keeps. */
const termsOf = (m: MerchantRow) => ({
  name: m.name,
  price: formatAmount(m.price),
  currency: m.currency,
  quantity: formatAmount(m.quantity),
  min: formatAmount(m.min_amount),
  max: formatAmount(m.max_amount),
});

function toOffer(m: MerchantRow, s: Stats | undefined): MerchantOffer {
  return {
    id: m.id,
    ...termsOf(m),
    methods: methodsOf(m),
    orders_30d: s?.orders ?? 0,
    completion_rate: s?.rate ?? null,
  };
}

const toAdminMerchant = (m: MerchantRow, s: Stats | undefined) => ({
  ...toOffer(m, s),
  active: m.active,
  created_at: m.created_at,
});

async function page(tx: Tx, ctx: AppContext, activeOnly: boolean, p: number, pageSize: number) {
  const { rows, total } = await repo.pageMerchants(tx, { activeOnly }, pageSize, (p - 1) * pageSize);
  const stats = await statsOf(
    tx,
    ctx,
    rows.map((r) => r.id),
  );
  return { rows, stats, total };
}

/** Active offers that still buy, with their 30-day numbers, for customers. */
export async function listOffers(tx: Tx, ctx: AppContext, p: number, pageSize: number): Promise<Page<MerchantOffer>> {
  const { rows, stats, total } = await page(tx, ctx, true, p, pageSize);
  return { list: rows.map((r) => toOffer(r, stats.get(r.id))), total, page: p, page_size: pageSize };
}

/** Every offer, for operators. */
export async function listForOperators(tx: Tx, ctx: AppContext, p: number, pageSize: number) {
  const { rows, stats, total } = await page(tx, ctx, false, p, pageSize);
  return { list: rows.map((r) => toAdminMerchant(r, stats.get(r.id))), total, page: p, page_size: pageSize };
}

export interface MerchantInput {
  name: string;
  price: bigint;
  currency: string;
  quantity: bigint;
  min: bigint;
  max: bigint;
  methods: PayoutType[];
  active: boolean;
}

/** What the audit log keeps of an offer: its fields in wire form. */
const auditView = (m: MerchantRow) => ({
  ...termsOf(m),
  methods: m.methods,
  active: m.active,
});

export async function createMerchant(tx: Tx, ctx: AppContext, actor: Actor, input: MerchantInput) {
  const now = ctx.clock.now();
  const id = await repo.insertMerchant(tx, {
    name: input.name,
    price: input.price,
    currency: input.currency,
    quantity: input.quantity,
    min_amount: input.min,
    max_amount: input.max,
    methods: input.methods.join(','),
    active: input.active,
    created_at: iso(now),
  });
  const row = (await repo.findMerchant(tx, id))!;
  await record(tx, ctx, { actor, action: 'merchant.create', target: `merchant:${id}`, detail: auditView(row), now });
  return toAdminMerchant(row, undefined);
}

export async function updateMerchant(tx: Tx, ctx: AppContext, actor: Actor, input: Partial<MerchantInput> & { id: number }) {
  // locked: a sale being made against the offer finishes first, and none starts on half an edit
  const before = await repo.lockMerchant(tx, input.id);
  if (!before) throw new DomainError('record_not_found');
  const min = input.min ?? before.min_amount;
  const max = input.max ?? before.max_amount;
  if (min > max) throw new DomainError('amount_too_large', { max: formatAmount(max) });
  await repo.updateMerchant(tx, input.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.price !== undefined ? { price: input.price } : {}),
    ...(input.currency !== undefined ? { currency: input.currency } : {}),
    ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
    ...(input.methods !== undefined ? { methods: input.methods.join(',') } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    min_amount: min,
    max_amount: max,
  });
  const after = (await repo.findMerchant(tx, input.id))!;
  await record(tx, ctx, {
    actor,
    action: 'merchant.update',
    target: `merchant:${input.id}`,
    detail: { from: auditView(before), to: auditView(after) },
    now: ctx.clock.now(),
  });
  const stats = await statsOf(tx, ctx, [input.id]);
  return toAdminMerchant(after, stats.get(input.id));
}

/** Whether an offer as read takes an order of `n` (what `reserve` checks again as it reserves). */
const offerTakes = (m: MerchantRow, n: bigint) => m.active && n >= m.min_amount && n <= m.max_amount && n <= m.quantity;

/** Why an offer took no order of `n`, in the order a customer is told: missing, inactive, the limits, the quantity. */
function refusal(merchant: MerchantRow | undefined, n: bigint): DomainError {
  if (!merchant) return new DomainError('record_not_found');
  if (!merchant.active) return new DomainError('merchant_inactive');
  if (n < merchant.min_amount) return new DomainError('amount_too_small', { min: formatAmount(merchant.min_amount) });
  if (n > merchant.max_amount) return new DomainError('amount_too_large', { max: formatAmount(merchant.max_amount) });
  return new DomainError('merchant_quantity_short', { max: formatAmount(merchant.quantity) });
}

/**
 * Sells USDT to a merchant. In one transaction: the order is checked against the offer as read (active, per-order
 * limits, quantity left) and against the payout account (the customer's, of a kind the merchant pays to; when none is
 * named, their usable one of those kinds: `saleAccount`), the sale is written at the offer's price with its order
 * number (S, the UTC day, the id), the amount moved available -> frozen, and last the offer's quantity reserved by a
 * guarded change that checks it again and that the offer was not changed meanwhile (`reserve`): the offer's row is
 * locked from that change to the COMMIT only, and every lock of a sale is taken in the order a rejection takes them
 * (the customer's accounts, then the offer). Anything refused changes nothing.
 */
export async function createSale(
  tx: Tx,
  ctx: AppContext,
  who: CurrentUser,
  input: { saleu_id: number; number: bigint; bk_id?: number; request_id?: string; totp?: string },
) {
  const userId = who.user.id;
  const requestId = input.request_id ?? null;
  const find = async (id: string) => {
    const row = await repo.findSaleByRequest(tx, userId, id);
    return row && { id: row.id, order_no: row.order_no, status: row.status as MerchantSale['status'] };
  };
  return oncePerRequest(requestId, find, async () => {
    // a sale pays fiat out to a bank account: a stolen session could otherwise sell the balance to a merchant
    await guardValueOut(tx, ctx, who.user, input.totp);
    const now = ctx.clock.now();
    const n = input.number;
    const bkId = input.bk_id ?? (await saleAccount(tx, userId, input.saleu_id, now));
    const [merchant, account] = await Promise.all([repo.readOffer(tx, input.saleu_id), lockOwnAccount(tx, userId, bkId)]);
    if (!merchant || !offerTakes(merchant, n)) throw refusal(merchant, n);
    if (!account) throw new DomainError('no_payout_account');
    const methods = methodsOf(merchant);
    if (!methods.includes(account.type)) throw new DomainError('payout_kind_not_accepted');
    checkUsable(account, now);
    const { id, order_no } = await repo.insertSale(tx, newSale(userId, merchant, n, account.id, requestId, now));
    // the ledger refuses (insufficient_balance) when available is short
    await post(tx, saleJournal(userId, id, n, now));
    // last: the offer's quantity reserved by a change that checks the offer again; refused (another sale took the rest,
    // or an operator changed the offer), everything is undone and why is read afresh (a plain read waits for no lock)
    if (!(await repo.reserve(tx, merchant, n))) {
      const current = await repo.readOffer(tx, merchant.id);
      throw current && offerTakes(current, n) ? new DomainError('merchant_offer_changed') : refusal(current, n);
    }
    await notifyUser(tx, ctx, userId, ['money', 'saleu']);
    return { id, order_no, status: 'auditing' as const };
  });
}

/**
 * The account a sale named without one is paid to: the customer's usable one of a kind the merchant pays to
 * (`defaultPayoutAccount`), checked again as a named one is when the sale locks it.
 */
async function saleAccount(tx: Tx, userId: number, merchantId: number, now: Date): Promise<number> {
  const merchant = await repo.readOffer(tx, merchantId);
  if (!merchant) throw new DomainError('record_not_found');
  const account = await defaultPayoutAccount(tx, userId, methodsOf(merchant), now);
  if (!account) throw new DomainError('sale_no_payout_account');
  return account.id;
}

/** A sale of `n` to the offer as it was read, at its price, paid to `accountId`, awaiting review. */
const newSale = (
  userId: number,
  merchant: MerchantRow,
  n: bigint,
  accountId: number,
  requestId: string | null,
  now: Date,
): repo.NewSale => ({
  user_id: userId,
  merchant_id: merchant.id,
  quantity: n,
  price: merchant.price,
  currency: merchant.currency,
  fiat_amount: fiatAmount(n, merchant.price, merchant.currency),
  payout_account_id: accountId,
  status: 'auditing',
  request_id: requestId,
  created_at: iso(now),
});

/** A sale's journal: its quantity from the customer's available balance to frozen until it is paid or rejected. */
const saleJournal = (userId: number, id: number, n: bigint, now: Date): NewJournal => ({
  kind: 'merchant_sale',
  ref: saleQueue.ref(id),
  actor: `user:${userId}`,
  now,
  legs: [
    { account: { user: userId, kind: 'available' }, amount: -n },
    { account: { user: userId, kind: 'frozen' }, amount: n },
  ],
});

function toSale(r: SaleRow, merchant: MerchantRow | undefined, account: PayoutAccount | undefined): MerchantSale {
  return {
    id: r.id,
    order_no: r.order_no,
    merchant_id: r.merchant_id,
    merchant_name: merchant?.name ?? '',
    quantity: formatAmount(r.quantity),
    price: formatAmount(r.price),
    currency: r.currency,
    fiat_amount: formatAmount(r.fiat_amount),
    status: r.status as MerchantSale['status'],
    reason: r.reason,
    reference: r.reference,
    account: { id: r.payout_account_id, type: account?.type ?? 'bank', label: account?.label ?? '' },
    created_at: r.created_at,
    reviewed_at: r.reviewed_at,
  };
}

async function lookups(tx: Tx, rows: SaleRow[]) {
  const [merchants, accounts] = await Promise.all([
    repo.merchantsByIds(tx, [...new Set(rows.map((r) => r.merchant_id))]),
    accountsById(
      tx,
      rows.map((r) => r.payout_account_id),
    ),
  ]);
  const byId = new Map(merchants.map((m) => [m.id, m]));
  return { merchant: (r: SaleRow) => byId.get(r.merchant_id), account: (r: SaleRow) => accounts.get(r.payout_account_id) };
}

export async function listOwnSales(tx: Tx, userId: number, p: number, pageSize: number): Promise<Page<MerchantSale>> {
  const { rows, total } = await pageOwn(tx, saleQueue, userId, p, pageSize);
  const l = await lookups(tx, rows);
  return { list: rows.map((r) => toSale(r, l.merchant(r), l.account(r))), total, page: p, page_size: pageSize };
}

/** Leaves frozen: to the merchant settlement when the merchant paid, back to available (and the offer) when rejected. */
async function settle(tx: Tx, ctx: AppContext, r: SaleRow, actorId: number, outcome: { paid: string } | { rejected: string }) {
  const paid = 'paid' in outcome;
  await post(tx, {
    kind: paid ? 'merchant_sale_paid' : 'merchant_sale_refund',
    ref: saleQueue.ref(r.id),
    actor: `operator:${actorId}`,
    now: ctx.clock.now(),
    legs: [
      { account: { user: r.user_id, kind: 'frozen' }, amount: -r.quantity },
      paid
        ? { account: { platform: 'merchant_settlement' }, amount: r.quantity }
        : { account: { user: r.user_id, kind: 'available' }, amount: r.quantity },
    ],
  });
  if (!paid) await repo.restoreQuantity(tx, r.merchant_id, r.quantity);
  const l = await lookups(tx, [r]);
  const amount = formatAmount(r.quantity);
  const merchant = l.merchant(r)?.name ?? '';
  await notifyUser(
    tx,
    ctx,
    r.user_id,
    ['money', 'saleu'],
    paid
      ? {
          kind: 'sale_paid',
          params: {
            amount,
            merchant,
            order: r.order_no,
            fiat: formatAmount(r.fiat_amount),
            currency: r.currency,
            account: l.account(r)?.label ?? '',
            reference: outcome.paid,
          },
        }
      : { kind: 'sale_rejected', params: { amount, merchant, order: r.order_no, reason: outcome.rejected } },
  );
  return {
    order_no: r.order_no,
    amount,
    merchant_id: r.merchant_id,
    user_id: r.user_id,
    ...(paid ? { reference: outcome.paid } : { reason: outcome.rejected }),
  };
}

/** Sales review: approving records the merchant's payment reference; rejecting restores the balance and the offer. */
export const saleQueue: ReviewQueue<SaleRow, { id: number; reference: string }, MerchantSale> = {
  name: 'saleu',
  table: 'merchant_sales',
  ref: (id) => `merchant_sale:${id}`,
  paths: { list: ADMIN_API.saleuList, approve: ADMIN_API.saleuApprove, reject: ADMIN_API.saleuReject },
  approveBody: withdrawApproveRequest,
  approvalColumns: (a) => ({ reference: a.reference }),
  onApprove: (tx, ctx, r, actor, a) => settle(tx, ctx, r, actor.id, { paid: a.reference }),
  onReject: (tx, ctx, r, actor, reason) => settle(tx, ctx, r, actor.id, { rejected: reason }),
  async answer(tx, r) {
    const l = await lookups(tx, [r]);
    const account = l.account(r);
    return toSale(r, l.merchant(r), account && maskPayout(account));
  },
  async present(tx, rows) {
    const l = await lookups(tx, rows);
    return (r) => {
      const payout = maskPayout(l.account(r)!);
      return { ...toSale(r, l.merchant(r), payout), payout };
    };
  },
};
