import {
  type AssetLogEntry,
  formatAmount,
  isJournalKind,
  type JournalKind,
  kindsCompletingSale,
  type MoneyInfo,
  netFlows,
  type Page,
} from '@c2c/shared';
import type { Tx } from '../../context.js';
import { rollBackOnly } from '../../db/transaction.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import * as repo from './ledger.repository.js';

export const CURRENCY = 'USDT';
/** A customer's accounts (DESIGN §3): spendable, held for withdrawals and sales, held in C2C listings, locked in interest products. */
export const USER_ACCOUNT_KINDS = ['available', 'frozen', 'escrow', 'interest'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
/** The platform's side: money entering or leaving (`world`), interest paid, merchants' settlements, operator corrections. */
type PlatformAccountKind = 'world' | 'interest_expense' | 'merchant_settlement' | 'adjustments';
export type AccountRef = { user: number; kind: UserAccountKind } | { platform: PlatformAccountKind };

export type { JournalKind } from '@c2c/shared';

const userOwner = (userId: number) => `user:${userId}`;

export async function openUserAccounts(tx: Tx, userId: number, now: Date): Promise<void> {
  await repo.insertAccounts(
    tx,
    USER_ACCOUNT_KINDS.map((kind) => ({ owner: userOwner(userId), userId, kind, currency: CURRENCY, now: iso(now) })),
  );
}

/** True when any of the customer's accounts ever moved. */
export const hasLedgerHistory = (tx: Tx, userId: number) => repo.userHasPostings(tx, userId);

/** Closes a customer's accounts that never moved, before the customer is deleted; accounts with postings stay. */
export const removeUnusedAccounts = (tx: Tx, userId: number) => repo.deleteUnusedUserAccounts(tx, userId);

const ownerOf = (ref: AccountRef) =>
  'user' in ref ? { owner: userOwner(ref.user), kind: ref.kind } : { owner: 'platform', kind: ref.platform };
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function accountId(tx: Tx, ref: AccountRef): Promise<number> {
  const { owner, kind } = ownerOf(ref);
  const id = await repo.findAccountId(tx, owner, kind, CURRENCY);
  if (id === undefined) throw new Error(`ledger: no account ${owner}/${kind}`);
  return id;
}

/** Why a leg was refused: its account does not exist (a programming error), or it would go below zero. */
async function refusalOf(tx: Tx, leg: repo.Leg): Promise<Error> {
  if ((await repo.findAccountId(tx, leg.owner, leg.kind, CURRENCY)) === undefined)
    return new Error(`ledger: no account ${leg.owner}/${leg.kind}`);
  return new DomainError('insufficient_balance');
}

/** A journal to post: its legs name accounts by customer and kind, or the platform's. */
export interface NewJournal {
  kind: JournalKind;
  ref: string;
  actor: string;
  memo?: string;
  now: Date;
  legs: { account: AccountRef; amount: bigint }[];
}

/**
 * The legs checked (they sum to zero, none is zero: a programming error otherwise) and put in a fixed order of row locks
 * (by owner and kind, the accounts' unique key), so two journals touching the same accounts cannot deadlock; with the
 * journal's head.
 */
function prepareJournal(journal: NewJournal): { legs: repo.Leg[]; head: repo.JournalHead } {
  const { legs } = journal;
  if (!isJournalKind(journal.kind)) throw new Error(`ledger: unknown journal kind ${journal.kind}`);
  if (legs.length < 2 || legs.some((l) => l.amount === 0n)) throw new Error('ledger: a journal needs two or more non-zero legs');
  if (legs.reduce((sum, l) => sum + l.amount, 0n) !== 0n) throw new Error('ledger: the legs of a journal must sum to zero');
  const resolved = legs.map((l) => ({ ...ownerOf(l.account), amount: l.amount }));
  resolved.sort((a, b) => (a.owner === b.owner ? compare(a.kind, b.kind) : compare(a.owner, b.owner)));
  return {
    legs: resolved,
    head: { kind: journal.kind, ref: journal.ref, actor: journal.actor, memo: journal.memo ?? '', now: iso(journal.now) },
  };
}

/**
 * Posts one journal: every leg changes its account and records the balance after it, inside the caller's
 * transaction. Refuses legs that do not sum to zero (a programming error) and, with `insufficient_balance`,
 * any leg that would take a customer account below zero. The only code that writes balances.
 */
export async function post(tx: Tx, journal: NewJournal): Promise<number> {
  const { legs, head } = prepareJournal(journal);
  const done = await repo.postJournal(tx, legs, CURRENCY, head);
  if ('journalId' in done) return done.journalId;
  // the journal's other legs may be written: nothing of it may commit, even if a caller goes on past the refusal
  const refusal = await refusalOf(tx, done.refused);
  rollBackOnly(tx, refusal);
  throw refusal;
}

/** A customer's balances by account kind, read from their ledger accounts. */
export async function balances(tx: Tx, userId: number): Promise<Record<UserAccountKind, bigint>> {
  const rows = await repo.userBalances(tx, userId, CURRENCY);
  const by = new Map(rows.map((r) => [r.kind, r.balance]));
  return {
    available: by.get('available') ?? 0n,
    frozen: by.get('frozen') ?? 0n,
    escrow: by.get('escrow') ?? 0n,
    interest: by.get('interest') ?? 0n,
  };
}

/** Everything a customer holds: the one "total balance" every page and summary shows. */
export const totalHeld = (b: Record<UserAccountKind, bigint>): bigint => b.available + b.frozen + b.escrow + b.interest;

/** A customer's balances, read from their ledger accounts. */
export async function moneyInfo(tx: Tx, userId: number): Promise<MoneyInfo> {
  const b = await balances(tx, userId);
  return {
    balance: formatAmount(b.available),
    frozen: formatAmount(b.frozen),
    escrow: formatAmount(b.escrow),
    interest: formatAmount(b.interest),
    total: formatAmount(totalHeld(b)),
  };
}

const toLogEntry = (r: Awaited<ReturnType<typeof repo.accountEntries>>['rows'][number]): AssetLogEntry => ({
  id: r.id,
  kind: r.kind,
  amount: formatAmount(r.amount),
  balance_after: formatAmount(r.balance_after),
  paid: r.kind === 'withdraw' && r.paid,
  ref: r.ref,
  // an operator's correction carries the reason they gave; other journals' memos are not the customer's to read
  note: r.kind === 'adjust' ? r.memo : null,
  created_at: r.created_at,
});

/** The asset log: every change of the customer's available balance, newest first. */
export async function assetLog(tx: Tx, userId: number, page: number, pageSize: number): Promise<Page<AssetLogEntry>> {
  const id = await accountId(tx, { user: userId, kind: 'available' });
  const { rows, total } = await repo.accountEntries(tx, id, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toLogEntry), total, page, page_size: pageSize };
}

/** The whole asset log, newest first, each entry with its signed change as a number (for the export). */
export async function wholeAssetLog(tx: Tx, userId: number): Promise<{ entry: AssetLogEntry; change: bigint }[]> {
  const id = await accountId(tx, { user: userId, kind: 'available' });
  const all: { entry: AssetLogEntry; change: bigint }[] = [];
  for (let offset = 0; ; offset += 500) {
    const { rows, total } = await repo.accountEntries(tx, id, 500, offset);
    for (const r of rows) all.push({ entry: toLogEntry(r), change: r.amount });
    if (offset + 500 >= total) return all;
  }
}

/**
 * Totals of the available account: the money that really came in and went out (overall, or of some journal kinds),
 * with reversals netted out as the journal-kind registry declares them, and the number of entries.
 */
export async function availableTotals(tx: Tx, userId: number) {
  // the sums and the balances at once: on PostgreSQL their queries share round trips instead of following each other
  const [rows, held] = await Promise.all([sumsOf(tx, userId, 'available'), balances(tx, userId)]);
  const flows = (kinds?: readonly JournalKind[]) => netFlows(rows, kinds);
  const count = rows.reduce((s, r) => s + r.n, 0);
  return { flows, count, balances: held };
}

/** The sums of one of a customer's accounts (`repo.accountSums`). */
const sumsOf = async (tx: Tx, userId: number, kind: UserAccountKind) =>
  repo.accountSums(tx, await accountId(tx, { user: userId, kind }));

/**
 * What a customer sold and the sale completed: the journals that complete a sale (a merchant's payment, a trade's
 * release) take it out of the seller's frozen or escrow account. A sale still pending or returned counts nothing.
 */
export async function completedSales(tx: Tx, userId: number): Promise<bigint> {
  const kinds: readonly string[] = kindsCompletingSale();
  let total = 0n;
  for (const sums of await Promise.all([sumsOf(tx, userId, 'frozen'), sumsOf(tx, userId, 'escrow')]))
    for (const r of sums) if (kinds.includes(r.kind)) total += r.debit - r.credit;
  return total;
}

export interface LedgerReport {
  ok: boolean;
  problems: string[];
}

/**
 * The invariants of DESIGN §3: balanced journals, balances equal to their postings, no customer below zero, all sums
 * zero; and each customer's withdrawal total of a day (the daily limit's counter) equal to that day's withdrawals.
 */
export async function checkLedger(tx: Tx): Promise<LedgerReport> {
  const problems: string[] = [];
  for (const j of await repo.unbalancedJournals(tx)) problems.push(`journal ${j.journal_id} sums to ${j.sum}, not 0`);
  for (const j of await repo.journalsWithoutPostings(tx)) problems.push(`journal ${j.id} has no postings`);
  for (const a of await repo.accountsOffTheirPostings(tx))
    problems.push(`account ${a.id} (${a.owner}/${a.kind}) holds ${a.balance} but its postings sum to ${a.sum}`);
  for (const a of await repo.lastBalanceAfterMismatches(tx))
    problems.push(`account ${a.id} holds ${a.balance} but its last posting says ${a.balance_after}`);
  for (const a of await repo.negativeUserAccounts(tx))
    problems.push(`customer account ${a.id} (${a.owner}/${a.kind}) is negative: ${a.balance}`);
  for (const d of await repo.withdrawalDayMismatches(tx))
    problems.push(`customer ${d.user_id}'s withdrawals of ${d.day} sum to ${d.summed}, but their day total says ${d.total}`);
  const total = await repo.sumOfAllBalances(tx);
  if (total !== 0n) problems.push(`all accounts sum to ${total}, not 0`);
  return { ok: problems.length === 0, problems };
}
