import {
  expiryOf,
  formatAmount,
  formatRate,
  type InterestOrder,
  type InterestProduct,
  type InterestStatus,
  interestOf,
  type Page,
  paybackFits,
} from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import { oncePerRequest } from '../../db/idempotency.js';
import type { InterestOrdersTable, InterestProductsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { type AccountRef, type NewJournal, post } from '../ledger/ledger.service.js';
import { notifyUser } from '../notify/notify.service.js';
import * as repo from './interest.repository.js';

type ProductRow = Selectable<InterestProductsTable>;
type OrderRow = Selectable<InterestOrdersTable>;

/** The ledger reference of an interest order's journals. */
const orderRef = (id: number) => `interest_order:${id}`;

const toProduct = (p: ProductRow): InterestProduct => ({
  id: p.id,
  name: p.name,
  rate: formatRate(p.rate),
  days: p.days,
  min: formatAmount(p.min_amount),
  max: formatAmount(p.max_amount),
  remaining: formatAmount(p.quota - p.sold),
});

const toAdminProduct = (p: ProductRow) => ({
  ...toProduct(p),
  quota: formatAmount(p.quota),
  sold: formatAmount(p.sold),
  active: p.active,
  created_at: p.created_at,
});

const toOrder = (o: OrderRow, name: string): InterestOrder => ({
  id: o.id,
  lixibao_id: o.product_id,
  name,
  amount: formatAmount(o.principal),
  rate: formatRate(o.rate),
  days: o.days,
  interest: formatAmount(o.interest),
  status: o.status as InterestStatus,
  created_at: o.created_at,
  expires_at: o.expires_at,
  settled_at: o.settled_at,
});

/** Active products with quota left, for customers (the spec's page 1, size 10). */
export async function listProducts(tx: Tx, p: number, pageSize: number): Promise<Page<InterestProduct>> {
  const { rows, total } = await repo.pageProducts(tx, { activeOnly: true }, pageSize, (p - 1) * pageSize);
  return { list: rows.map(toProduct), total, page: p, page_size: pageSize };
}

/** Every product, for operators. */
export async function listForOperators(tx: Tx, p: number, pageSize: number) {
  const { rows, total } = await repo.pageProducts(tx, { activeOnly: false }, pageSize, (p - 1) * pageSize);
  return { list: rows.map(toAdminProduct), total, page: p, page_size: pageSize };
}

export interface ProductInput {
  name: string;
  rate: bigint;
  days: number;
  min: bigint;
  max: bigint;
  quota: bigint;
  active: boolean;
}

/** What the audit log keeps of a product: its fields in wire form. */
const auditView = (p: ProductRow) => ({
  name: p.name,
  rate: formatRate(p.rate),
  days: p.days,
  min: formatAmount(p.min_amount),
  max: formatAmount(p.max_amount),
  quota: formatAmount(p.quota),
  sold: formatAmount(p.sold),
  active: p.active,
});

export async function createProduct(tx: Tx, ctx: AppContext, actor: Actor, input: ProductInput) {
  const now = ctx.clock.now();
  if (!paybackFits(input.max, input.rate, input.days)) throw new DomainError('interest_too_large');
  const id = await repo.insertProduct(tx, {
    name: input.name,
    rate: input.rate,
    days: input.days,
    min_amount: input.min,
    max_amount: input.max,
    quota: input.quota,
    active: input.active,
    created_at: iso(now),
  });
  const row = (await repo.findProduct(tx, id))!;
  await record(tx, ctx, {
    actor,
    action: 'interest_product.create',
    target: `interest_product:${id}`,
    detail: auditView(row),
    now,
  });
  return toAdminProduct(row);
}

/** Changes a product; orders already made keep their rate, days and interest. The quota never goes below what was sold. */
export async function updateProduct(tx: Tx, ctx: AppContext, actor: Actor, input: Partial<ProductInput> & { id: number }) {
  const before = await repo.lockProduct(tx, input.id);
  if (!before) throw new DomainError('record_not_found');
  const min = input.min ?? before.min_amount;
  const max = input.max ?? before.max_amount;
  if (min > max) throw new DomainError('amount_too_large', { max: formatAmount(max) });
  const quota = input.quota ?? before.quota;
  if (!paybackFits(max, input.rate ?? before.rate, input.days ?? before.days)) throw new DomainError('interest_too_large');
  if (quota < before.sold) throw new DomainError('amount_too_small', { min: formatAmount(before.sold) });
  await repo.updateProduct(tx, input.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.rate !== undefined ? { rate: input.rate } : {}),
    ...(input.days !== undefined ? { days: input.days } : {}),
    ...(input.active !== undefined ? { active: input.active } : {}),
    min_amount: min,
    max_amount: max,
    quota,
  });
  const after = (await repo.findProduct(tx, input.id))!;
  await record(tx, ctx, {
    actor,
    action: 'interest_product.update',
    target: `interest_product:${input.id}`,
    detail: { from: auditView(before), to: auditView(after) },
    now: ctx.clock.now(),
  });
  return toAdminProduct(after);
}

const nameOf = async (tx: Tx, productId: number) => (await repo.findProduct(tx, productId))?.name ?? '';

/**
 * Why a product as read takes no order of `n`, in the order a customer is told: missing, inactive, the limits, the
 * quota; undefined when it takes it (what `quotaTaken` checks again as it takes the quota).
 */
function refusal(product: ProductRow | undefined, n: bigint): DomainError | undefined {
  if (!product) return new DomainError('record_not_found');
  if (!product.active) return new DomainError('interest_product_inactive');
  if (n < product.min_amount) return new DomainError('amount_too_small', { min: formatAmount(product.min_amount) });
  if (n > product.max_amount) return new DomainError('amount_too_large', { max: formatAmount(product.max_amount) });
  const left = product.quota - product.sold;
  if (n > left) return new DomainError('interest_quota_short', { max: formatAmount(left > 0n ? left : 0n) });
  return undefined;
}

/** An order of `n` in `product` as read, at its rate and days, written at `now`. */
const newOrder = (userId: number, product: ProductRow, n: bigint, requestId: string | null, now: Date) => ({
  user_id: userId,
  product_id: product.id,
  principal: n,
  rate: product.rate,
  days: product.days,
  interest: interestOf(n, product.rate, product.days),
  status: 'active',
  request_id: requestId,
  created_at: iso(now),
  expires_at: iso(expiryOf(now, product.days)),
});

/** A subscription's journal: its principal from the customer's available balance to their interest wallet. */
const subscribeJournal = (userId: number, id: number, n: bigint, now: Date): NewJournal => ({
  kind: 'interest_subscribe',
  ref: orderRef(id),
  actor: `user:${userId}`,
  now,
  legs: [
    { account: { user: userId, kind: 'available' }, amount: -n },
    { account: { user: userId, kind: 'interest' }, amount: n },
  ],
});

/**
 * Subscribes `number` USDT to a product. In one transaction: the amount is checked against the product as read (active,
 * per-order limits, quota left), the order written with the product's rate, days and the interest they pay, the amount
 * moved available -> interest, and last the quota taken by a guarded change that checks the product again and that it
 * was not changed meanwhile (`takeQuota`): the product's row is locked from that change to the COMMIT only, and every
 * lock is taken in the order a refusal takes them (the customer's accounts, then the product). Anything refused
 * changes nothing.
 */
export async function createOrder(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  input: { lixibao_id: number; number: bigint; request_id?: string },
): Promise<InterestOrder> {
  const requestId = input.request_id ?? null;
  const find = async (id: string) => {
    const row = await repo.findOrderByRequest(tx, userId, id);
    return row && toOrder(row, await nameOf(tx, row.product_id));
  };
  return oncePerRequest(requestId, find, async () => {
    const now = ctx.clock.now();
    const n = input.number;
    const product = await repo.findProduct(tx, input.lixibao_id);
    const refused = refusal(product, n);
    if (refused || !product) throw refused;
    const order = newOrder(userId, product, n, requestId, now);
    const id = await repo.insertOrder(tx, order);
    // the ledger refuses (insufficient_balance) when available is short; the savepoint or transaction undoes the rest
    await post(tx, subscribeJournal(userId, id, n, now));
    // refused (another subscription took the rest, or an operator changed the product): why is read afresh; when it
    // would take the order now, what refused it was a change of the product's rate or days
    if (!(await repo.takeQuota(tx, product, n))) {
      throw refusal(await repo.findProduct(tx, product.id), n) ?? new DomainError('interest_product_changed');
    }
    await notifyUser(tx, ctx, userId, ['money', 'interest'], undefined, orderRef(id));
    return toOrder({ ...order, id, settled_at: null }, product.name);
  });
}

export async function listOwnOrders(tx: Tx, userId: number, p: number, pageSize: number): Promise<Page<InterestOrder>> {
  const { rows, total } = await repo.pageOwnOrders(tx, userId, pageSize, (p - 1) * pageSize);
  const products = await repo.productsByIds(tx, [...new Set(rows.map((r) => r.product_id))]);
  const names = new Map(products.map((x) => [x.id, x.name]));
  return { list: rows.map((r) => toOrder(r, names.get(r.product_id) ?? '')), total, page: p, page_size: pageSize };
}

// ---- jobs ----

/** Active orders past their expiry, locked for this run. */
export const dueInterestOrders = (tx: Tx, now: Date, limit: number) => repo.dueOrders(tx, iso(now), limit);

/** When the longest-overdue active order expired (the settling job's lag). */
export const oldestDueInterestOrder = async (tx: Tx, now: Date) => {
  const at = await repo.oldestDueOrder(tx, iso(now));
  return at === undefined ? undefined : new Date(at);
};

/**
 * Settles one order past its expiry, once (a conditional `active` -> `settled`): one journal takes the principal out
 * of the interest account and the interest out of the platform's `interest_expense`, and pays both to available.
 * The customer gets the live events and a mail in their language.
 */
export async function settleOrder(tx: Tx, ctx: AppContext, id: number, now: Date): Promise<boolean> {
  const done = await repo.markSettled(tx, id, iso(now));
  if (!done) return false;
  const legs: { account: AccountRef; amount: bigint }[] = [
    { account: { user: done.user_id, kind: 'interest' }, amount: -done.principal },
    { account: { user: done.user_id, kind: 'available' }, amount: done.principal + done.interest },
  ];
  // an order too small to earn a micro-unit pays its principal back alone (the ledger takes no zero leg)
  if (done.interest > 0n) legs.push({ account: { platform: 'interest_expense' }, amount: -done.interest });
  await post(tx, { kind: 'interest_settle', ref: orderRef(done.id), actor: 'system', now, legs });
  await notifyUser(
    tx,
    ctx,
    done.user_id,
    ['money', 'interest'],
    {
      kind: 'interest_settled',
      params: {
        amount: formatAmount(done.principal),
        interest: formatAmount(done.interest),
        total: formatAmount(done.principal + done.interest),
        product: await nameOf(tx, done.product_id),
        order: String(done.id),
        days: String(done.days),
      },
    },
    orderRef(done.id),
  );
  return true;
}
