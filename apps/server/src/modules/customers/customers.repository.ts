import { sql } from 'kysely';
import type { Tx } from '../../context.js';
import { sumOf } from '../../db/queries.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The columns of a customer as the console lists them, with the inviter's e-mail and code and the balance total. */
function customerQuery(tx: Tx) {
  return tx
    .selectFrom('users as u')
    .leftJoin('users as inv', 'inv.id', 'u.inviter_id')
    .select([
      'u.id',
      'u.email',
      'u.nickname',
      'u.invite_code',
      'u.inviter_id',
      'u.house_code',
      'u.status',
      'u.lang',
      'u.created_at',
      'u.frozen_reason',
      'u.frozen_at',
      'inv.email as inviter_email',
      'inv.invite_code as inviter_code',
    ])
    .select((eb) =>
      eb
        .selectFrom('accounts')
        .select((e) => e.fn.sum<string | number | bigint>('accounts.balance').as('s'))
        .whereRef('accounts.user_id', '=', 'u.id')
        .as('balance_total'),
    );
}
export type CustomerRow = Omit<
  Awaited<ReturnType<ReturnType<typeof customerQuery>['executeTakeFirstOrThrow']>>,
  'balance_total'
> & {
  balance_total: bigint;
};

const withTotal = <R extends { balance_total: unknown }>(r: R) => ({ ...r, balance_total: sumOf(r.balance_total) });

/**
 * A page of customers, newest first. `keyword` matches part of the e-mail (any case), or the customer's own or their
 * inviter's invitation code exactly (any case).
 */
export async function pageCustomers(
  tx: Tx,
  filter: { keyword?: string; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: CustomerRow[]; total: number }> {
  let base = tx.selectFrom('users as u').leftJoin('users as inv', 'inv.id', 'u.inviter_id');
  let list = customerQuery(tx);
  if (filter.status) {
    base = base.where('u.status', '=', filter.status);
    list = list.where('u.status', '=', filter.status);
  }
  if (filter.keyword) {
    const like = `%${escapeLike(filter.keyword.toLowerCase())}%`;
    const code = filter.keyword.toUpperCase();
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(u.email)`, 'like', sql`${like} escape '\\'`),
        eb('u.invite_code', '=', code),
        eb('inv.invite_code', '=', code),
      ]),
    );
    list = list.where((eb) =>
      eb.or([
        eb(sql`lower(u.email)`, 'like', sql`${like} escape '\\'`),
        eb('u.invite_code', '=', code),
        eb('inv.invite_code', '=', code),
      ]),
    );
  }
  const counted = await base.select((eb) => eb.fn.countAll<number | bigint | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await list.orderBy('u.id', 'desc').limit(limit).offset(offset).execute();
  return { rows: rows.map(withTotal), total: Number(counted.n) };
}

export async function findCustomer(tx: Tx, id: number): Promise<CustomerRow | undefined> {
  const row = await customerQuery(tx).where('u.id', '=', id).executeTakeFirst();
  return row && withTotal(row);
}

/** Freezes an active customer; false when they were not active (any more). */
export async function freeze(tx: Tx, id: number, reason: string, now: string): Promise<boolean> {
  const r = await tx
    .updateTable('users')
    .set({ status: 'frozen', frozen_reason: reason, frozen_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Unfreezes a frozen customer; false when they were not frozen (any more). */
export async function unfreeze(tx: Tx, id: number): Promise<boolean> {
  const r = await tx
    .updateTable('users')
    .set({ status: 'active', frozen_reason: null, frozen_at: null })
    .where('id', '=', id)
    .where('status', '=', 'frozen')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The last `limit` postings on any of the customer's accounts, newest first. */
export async function recentPostings(tx: Tx, userId: number, limit: number) {
  return tx
    .selectFrom('postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select([
      'p.id',
      'p.journal_id',
      'j.kind',
      'a.kind as account',
      'p.amount',
      'p.balance_after',
      'j.ref',
      'j.memo',
      'p.created_at',
    ])
    .where('a.user_id', '=', userId)
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
}

export const recentRecharges = (tx: Tx, userId: number, limit: number) =>
  tx
    .selectFrom('recharges')
    .select(['id', 'amount', 'type', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const recentWithdrawals = (tx: Tx, userId: number, limit: number) =>
  tx
    .selectFrom('withdrawals')
    .select(['id', 'amount', 'status', 'payout_account_id', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const recentMerchantSales = (tx: Tx, userId: number, limit: number) =>
  tx
    .selectFrom('merchant_sales')
    .select(['id', 'order_no', 'quantity', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const recentTrades = (tx: Tx, userId: number, limit: number) =>
  tx
    .selectFrom('trades')
    .select(['id', 'order_no', 'seller_id', 'quantity', 'fiat_amount', 'currency', 'status', 'created_at'])
    .where((eb) => eb.or([eb('seller_id', '=', userId), eb('buyer_id', '=', userId)]))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const recentListings = (tx: Tx, userId: number, limit: number) =>
  tx
    .selectFrom('listings')
    .select(['id', 'quantity', 'remaining', 'price', 'currency', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const openSessions = (tx: Tx, userId: number, now: string) =>
  tx
    .selectFrom('sessions')
    .select(['id', 'created_at', 'touched_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();

export const recentAdjustments = (tx: Tx, userId: number, limit: number) =>
  tx
    .selectFrom('user_adjustments as x')
    .innerJoin('operators as o', 'o.id', 'x.operator_id')
    .select(['x.id', 'x.amount', 'x.reason', 'o.email as operator_email', 'x.created_at'])
    .where('x.user_id', '=', userId)
    .orderBy('x.id', 'desc')
    .limit(limit)
    .execute();

export const findAdjustmentByRequest = (tx: Tx, operatorId: number, requestId: string) =>
  tx
    .selectFrom('user_adjustments')
    .selectAll()
    .where('operator_id', '=', operatorId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();

export async function insertAdjustment(
  tx: Tx,
  a: { userId: number; operatorId: number; amount: bigint; reason: string; requestId: string | null; now: string },
): Promise<number> {
  const r = await tx
    .insertInto('user_adjustments')
    .values({
      user_id: a.userId,
      operator_id: a.operatorId,
      amount: a.amount,
      reason: a.reason,
      request_id: a.requestId,
      created_at: a.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

export async function setAdjustmentJournal(tx: Tx, id: number, journalId: number) {
  await tx.updateTable('user_adjustments').set({ journal_id: journalId }).where('id', '=', id).execute();
}
