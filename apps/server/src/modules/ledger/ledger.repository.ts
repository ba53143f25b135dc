import { sql } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import { sumOf } from '../../db/queries.js';

export async function insertAccounts(
  tx: Tx,
  rows: { owner: string; userId: number | null; kind: string; currency: string; now: string }[],
) {
  await tx
    .insertInto('accounts')
    .values(
      rows.map((r) => ({
        owner: r.owner,
        user_id: r.userId,
        kind: r.kind,
        currency: r.currency,
        balance: 0n,
        updated_at: r.now,
      })),
    )
    .execute();
}

const balancesOf = prepared(2, (db, userId: number, currency: string) =>
  db.selectFrom('accounts').select(['kind', 'balance']).where('user_id', '=', userId).where('currency', '=', currency),
);
export async function userBalances(tx: Tx, userId: number, currency: string) {
  return (await balancesOf(tx, userId, currency)).rows;
}

const accountIdOf = prepared(3, (db, owner: string, kind: string, currency: string) =>
  db.selectFrom('accounts').select('id').where('owner', '=', owner).where('kind', '=', kind).where('currency', '=', currency),
);
export async function findAccountId(tx: Tx, owner: string, kind: string, currency: string): Promise<number | undefined> {
  return (await accountIdOf(tx, owner, kind, currency)).rows[0]?.id;
}

/**
 * Adds `amount` to the account of `owner`/`kind` and answers its id and new balance, or undefined when a customer
 * account would go below zero (or there is no such account). Finding the account and changing it are one statement,
 * and the condition and the change are one statement, so concurrent writers cannot both pass it.
 */
const addToAccount = prepared(5, (db, owner: string, kind: string, currency: string, amount: bigint, now: string) =>
  db
    .updateTable('accounts')
    .set((eb) => ({ balance: eb('balance', '+', amount), updated_at: now }))
    .where('owner', '=', owner)
    .where('kind', '=', kind)
    .where('currency', '=', currency)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb(eb('balance', '+', amount), '>=', 0n)]))
    .returning(['id', 'balance']),
);
async function applyToAccount(
  tx: Tx,
  account: { owner: string; kind: string; currency: string },
  amount: bigint,
  now: string,
): Promise<{ id: number; balance: bigint } | undefined> {
  return (await addToAccount(tx, account.owner, account.kind, account.currency, amount, now)).rows[0];
}

export interface Leg {
  owner: string;
  kind: string;
  amount: bigint;
}
export interface JournalHead {
  kind: string;
  ref: string;
  actor: string;
  memo: string;
  now: string;
}

/**
 * Posts a journal whose legs come in the order their rows are to be locked: each leg's account changed
 * (`applyToAccount`) and the journal written, sent together (the database applies them in that order), then its
 * postings with each account's balance after. Answers the journal's id, or the first leg refused (a customer account
 * would go below zero, or there is no such account): what was written with it must then be rolled back with the
 * transaction (`ledger.service` sees to it).
 */
export async function postJournal(
  tx: Tx,
  legs: readonly Leg[],
  currency: string,
  j: JournalHead,
): Promise<{ journalId: number } | { refused: Leg }> {
  const [journalId, ...applied] = await Promise.all([
    insertJournal(tx, j),
    ...legs.map((leg) => applyToAccount(tx, { ...leg, currency }, leg.amount, j.now)),
  ]);
  const refused = legs.find((_, i) => applied[i] === undefined);
  if (refused) return { refused };
  await insertPostings(
    tx,
    legs.map((leg, i) => ({
      journalId,
      accountId: applied[i]!.id,
      amount: leg.amount,
      balanceAfter: applied[i]!.balance,
      now: j.now,
    })),
  );
  return { journalId };
}

const journalInsert = prepared(5, (db, kind: string, ref: string, actor: string, memo: string, now: string) =>
  db.insertInto('journals').values({ kind, ref, actor, memo, created_at: now }).returning('id'),
);
async function insertJournal(tx: Tx, j: JournalHead): Promise<number> {
  const row = (await journalInsert(tx, j.kind, j.ref, j.actor, j.memo, j.now)).rows[0];
  if (!row) throw new Error('the journal insert returned no id');
  return row.id;
}

/** the usual journal's two legs, as one prepared statement (built once, not per posting) */
const postingPair = prepared(
  8,
  (db, journalId: number, now: string, a1: number, m1: bigint, b1: bigint, a2: number, m2: bigint, b2: bigint) =>
    db.insertInto('postings').values([
      { journal_id: journalId, account_id: a1, amount: m1, balance_after: b1, created_at: now },
      { journal_id: journalId, account_id: a2, amount: m2, balance_after: b2, created_at: now },
    ]),
);

async function insertPostings(
  tx: Tx,
  rows: { journalId: number; accountId: number; amount: bigint; balanceAfter: bigint; now: string }[],
) {
  const [p, q] = rows;
  if (rows.length === 2 && p && q && p.journalId === q.journalId && p.now === q.now) {
    await postingPair(tx, p.journalId, p.now, p.accountId, p.amount, p.balanceAfter, q.accountId, q.amount, q.balanceAfter);
    return;
  }
  await tx
    .insertInto('postings')
    .values(
      rows.map((r) => ({
        journal_id: r.journalId,
        account_id: r.accountId,
        amount: r.amount,
        balance_after: r.balanceAfter,
        created_at: r.now,
      })),
    )
    .execute();
}

/**
 * The entries of one account, newest first, with their journal and whether a later journal paid the same reference
 * out. Whether it was paid is asked for the page's references only, in a second statement: as a subquery per row,
 * PostgreSQL may hash every payout journal ever written instead of probing for twenty (issue 10).
 */
export async function accountEntries(tx: Tx, accountId: number, limit: number, offset: number) {
  // the page and the count together (on PostgreSQL one write, one round trip), then whether the page's withdrawals
  // were paid out
  const [found, total] = await Promise.all([
    tx
      .selectFrom('postings as p')
      .innerJoin('journals as j', 'j.id', 'p.journal_id')
      .select(['p.id', 'p.amount', 'p.balance_after', 'p.created_at', 'j.kind', 'j.ref', 'j.memo'])
      .where('p.account_id', '=', accountId)
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    tx
      .selectFrom('postings')
      .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow(),
  ]);
  const refs = [...new Set(found.map((r) => r.ref))];
  const paid = new Set(
    refs.length
      ? (
          await tx.selectFrom('journals').select('ref').where('ref', 'in', refs).where('kind', '=', 'withdraw_paid').execute()
        ).map((r) => r.ref)
      : [],
  );
  return { rows: found.map((r) => ({ ...r, paid: paid.has(r.ref) })), total: Number(total.n) };
}

/** Sums of one account's postings: credits, debits, their count, and the credits of the given journal kinds. */
export async function accountSums(tx: Tx, accountId: number) {
  const rows = await tx
    .selectFrom('postings as p')
    .innerJoin('journals as j', 'j.id', 'p.journal_id')
    .select([
      'j.kind',
      sql<string>`sum(case when p.amount > 0 then p.amount else 0 end)`.as('credit'),
      sql<string>`sum(case when p.amount < 0 then -p.amount else 0 end)`.as('debit'),
      (eb) => eb.fn.countAll<number | bigint | string>().as('n'),
    ])
    .where('p.account_id', '=', accountId)
    .groupBy('j.kind')
    .execute();
  return rows.map((r) => ({ kind: r.kind, credit: sumOf(r.credit), debit: sumOf(r.debit), n: Number(r.n) }));
}

export const userHasPostings = async (tx: Tx, userId: number) =>
  !!(await tx
    .selectFrom('postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select('p.id')
    .where('a.user_id', '=', userId)
    .limit(1)
    .executeTakeFirst());

/** Deletes a customer's accounts that never moved (no postings, zero balance). */
export async function deleteUnusedUserAccounts(tx: Tx, userId: number) {
  await tx
    .deleteFrom('accounts')
    .where('user_id', '=', userId)
    .where('balance', '=', 0n)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('postings as p').select('p.id').whereRef('p.account_id', '=', 'accounts.id'))))
    .execute();
}

// ---- the ledger check ----

export const unbalancedJournals = (tx: Tx) =>
  tx
    .selectFrom('postings')
    .select(['journal_id', sql<string>`sum(amount)`.as('sum')])
    .groupBy('journal_id')
    .having(sql`sum(amount)`, '<>', 0)
    .execute();

export const journalsWithoutPostings = (tx: Tx) =>
  tx
    .selectFrom('journals as j')
    .select('j.id')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('postings as p').select('p.id').whereRef('p.journal_id', '=', 'j.id'))))
    .execute();

export const accountsOffTheirPostings = (tx: Tx) =>
  tx
    .selectFrom('accounts as a')
    .leftJoin('postings as p', 'p.account_id', 'a.id')
    .select(['a.id', 'a.owner', 'a.kind', 'a.balance', sql<string>`coalesce(sum(p.amount), 0)`.as('sum')])
    .groupBy(['a.id', 'a.owner', 'a.kind', 'a.balance'])
    .having(sql`coalesce(sum(p.amount), 0)`, '<>', sql.ref('a.balance'))
    .execute();

export const lastBalanceAfterMismatches = (tx: Tx) =>
  tx
    .selectFrom('accounts as a')
    .innerJoin('postings as p', 'p.account_id', 'a.id')
    .select(['a.id', 'a.balance', 'p.balance_after'])
    .where('p.id', '=', (eb) =>
      eb
        .selectFrom('postings as q')
        .select((q) => q.fn.max('q.id').as('m'))
        .whereRef('q.account_id', '=', 'a.id'),
    )
    .whereRef('p.balance_after', '<>', 'a.balance')
    .execute();

export const negativeUserAccounts = (tx: Tx) =>
  tx
    .selectFrom('accounts')
    .select(['id', 'owner', 'kind', 'balance'])
    .where('user_id', 'is not', null)
    .where('balance', '<', 0n)
    .execute();

export async function sumOfAllBalances(tx: Tx): Promise<bigint> {
  const row = await tx.selectFrom('accounts').select(sql<string>`coalesce(sum(balance), 0)`.as('s')).executeTakeFirstOrThrow();
  return sumOf(row.s);
}

/**
 * Each customer's withdrawal total of a UTC day (`withdrawal_days`, which the daily limit reads) against the day's
 * withdrawals that were not rejected: the (customer, day) pairs where they differ, a missing row counting as 0.
 */
export async function withdrawalDayMismatches(tx: Tx) {
  const { rows } = await sql<{ user_id: number; day: string; total: string | null; summed: string | null }>`
    with sums as (
      select user_id, substr(created_at, 1, 10) as day, sum(amount) as summed
      from withdrawals where status <> 'rejected' group by user_id, substr(created_at, 1, 10)
    )
    select coalesce(d.user_id, s.user_id) as user_id, coalesce(d.day, s.day) as day,
      cast(d.total as text) as total, cast(s.summed as text) as summed
    from withdrawal_days d full outer join sums s on s.user_id = d.user_id and s.day = d.day
    where coalesce(d.total, 0) <> coalesce(s.summed, 0)
    order by 1, 2`.execute(tx);
  return rows.map((r) => ({ user_id: Number(r.user_id), day: r.day, total: sumOf(r.total), summed: sumOf(r.summed) }));
}
