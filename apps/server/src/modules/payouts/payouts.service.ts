import { maskAccount, type PayoutAccount, type PayoutType, type TradeDetail } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import type { PayoutAccountsTable } from '../../db/schema.js';
import { addSeconds, iso } from '../../lib/clock.js';
import { DomainError, InvalidField } from '../../lib/errors.js';
import { lastPayoutTo, payoutPendingTo } from '../review/review.service.js';
import { lockCustomer } from '../users/users.service.js';
import * as repo from './payouts.repository.js';

type Row = Selectable<PayoutAccountsTable>;
/** How many payout accounts one customer may have at a time (removed ones do not count). */
const MAX_ACCOUNTS = 20;

const labelOf = (a: { type: string; bank_name: string; iban: string; email: string }) =>
  a.type === 'bank' ? `${a.bank_name} ${maskAccount(a.iban)}` : `Wise ${a.email}`;

function toPayoutAccount(r: Row): PayoutAccount {
  const label = labelOf(r);
  // named field by field: a column added to the table does not reach customers by itself
  return {
    id: r.id,
    type: r.type as PayoutType,
    full_name: r.full_name,
    name: r.name,
    surname: r.surname,
    phone: r.phone,
    email: r.email,
    area: r.area,
    country: r.country,
    iban: r.iban,
    bank_name: r.bank_name,
    swift: r.swift,
    address: r.address,
    city: r.city,
    state: r.state,
    label,
    created_at: r.created_at,
    usable_at: r.usable_at,
  };
}

/**
 * A payout account receives withdrawals and sales only this long after it was bound, or after the details money goes
 * to changed: someone who took over a session cannot bind their own account and drain the balance at once.
 */
const PAYOUT_COOLING_HOURS = 24;
/** The details that decide who receives the money; changing only a contact detail (phone, street) keeps the time. */
const PAYEE_FIELDS = ['full_name', 'name', 'surname', 'iban', 'bank_name', 'swift', 'email', 'country'] as const;

const coolingEnd = (now: Date) => iso(addSeconds(now, PAYOUT_COOLING_HOURS * 3600));

/** Refuses a payout to an account still in its first 24 hours, naming the hours left (rounded up). */
export function checkUsable(account: Pick<PayoutAccount, 'usable_at'>, now: Date) {
  const left = new Date(account.usable_at).getTime() - now.getTime();
  if (left > 0) throw new DomainError('payout_account_cooling', { hours: Math.ceil(left / 3_600_000) });
}

type BankInput = { type: 'bank' } & Omit<PayoutAccount, 'id' | 'type' | 'label' | 'created_at' | 'usable_at'>;
type WiseInput = { type: 'wise'; full_name: string; email: string; country: string; phone: string };
export type AccountInput = BankInput | WiseInput;

/** The columns of an account's details: a Wise account leaves the bank-only ones empty. */
function detailsOf(input: AccountInput) {
  const empty = {
    name: '',
    surname: '',
    phone: '',
    area: '',
    iban: '',
    bank_name: '',
    swift: '',
    address: '',
    city: '',
    state: '',
  };
  return { ...empty, ...input };
}

/** The IBAN as banks compare it: without spaces, in capitals. */
const ibanKey = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** A bank account whose IBAN the customer has bound already (another of their current accounts) is refused. */
async function refuseBoundIban(tx: Tx, userId: number, input: AccountInput, except?: number) {
  if (input.type !== 'bank') return;
  const bound = await repo.listAccounts(tx, userId, 'bank');
  if (bound.some((a) => a.id !== except && ibanKey(a.iban) === ibanKey(input.iban)))
    throw new InvalidField('iban_bound_already', 'iban');
}

export async function bindAccount(tx: Tx, ctx: AppContext, userId: number, input: AccountInput) {
  // count-then-insert: two concurrent binds of one customer must not both see 19 (PostgreSQL)
  await lockCustomer(tx, userId);
  if ((await repo.countAccounts(tx, userId)) >= MAX_ACCOUNTS)
    throw new DomainError('payout_accounts_limit', { max: MAX_ACCOUNTS });
  await refuseBoundIban(tx, userId, input);
  const now = ctx.clock.now();
  const id = await repo.insertAccount(tx, {
    ...detailsOf(input),
    user_id: userId,
    created_at: iso(now),
    usable_at: coolingEnd(now),
  });
  return { id };
}

/** Locks one of the caller's current accounts for a change; another user's id answers exactly like a missing one. */
async function lockForChange(tx: Tx, userId: number, id: number): Promise<Row> {
  const row = await repo.lockAccount(tx, id);
  if (!row || row.user_id !== userId) throw new DomainError('record_not_found');
  if (await payoutPendingTo(tx, row.id)) throw new DomainError('payout_account_pending');
  return row;
}

/**
 * Changes an account. The details a withdrawal was paid to stay as they were: the edit is a new version (a new
 * id, answered) and the old one is removed, pointing at it. It keeps its kind and its binding time. Changing who
 * receives the money (name, IBAN, bank, SWIFT, Wise e-mail, country) is like binding a new account: it can receive
 * payouts 24 hours later; changing only a contact detail keeps the time it became usable.
 */
export async function updateAccount(tx: Tx, ctx: AppContext, userId: number, input: AccountInput & { bk_id: number }) {
  const { bk_id, ...details } = input;
  const old = await lockForChange(tx, userId, bk_id);
  if (old.type !== details.type) throw new DomainError('invalid_value');
  await refuseBoundIban(tx, userId, details, old.id);
  const next = detailsOf(details);
  const now = ctx.clock.now();
  const payeeChanged = PAYEE_FIELDS.some((f) => next[f] !== old[f]);
  const usable_at = payeeChanged ? coolingEnd(now) : old.usable_at;
  const id = await repo.insertAccount(tx, { ...next, user_id: userId, created_at: old.created_at, usable_at });
  if (!(await repo.removeAccount(tx, old.id, iso(now), id))) throw new DomainError('record_not_found');
  return { id };
}

/** Removes an account from the customer's list; withdrawals already made to it keep its details. */
export async function removeAccount(tx: Tx, ctx: AppContext, userId: number, id: number) {
  const row = await lockForChange(tx, userId, id);
  if (!(await repo.removeAccount(tx, row.id, iso(ctx.clock.now())))) throw new DomainError('record_not_found');
  return {};
}

export async function listOwn(tx: Tx, userId: number, type?: PayoutType) {
  return { list: (await repo.listAccounts(tx, userId, type)).map(toPayoutAccount) };
}

/** One of the caller's own accounts; another user's id answers exactly like a missing one. */
async function ownAccount(tx: Tx, userId: number, id: number, type?: PayoutType): Promise<PayoutAccount | undefined> {
  const row = await repo.findAccount(tx, id);
  if (!row || row.user_id !== userId || (type && row.type !== type)) return undefined;
  return toPayoutAccount(row);
}

/**
 * The account a payout goes to when the customer named none: their current account of one of `types` that may receive
 * payouts at `now` — the one a payout last went to, else the newest. Undefined when they have none of those kinds;
 * when all of them are still cooling, refused as `checkUsable` refuses the first to become usable.
 */
export async function defaultPayoutAccount(tx: Tx, userId: number, types: readonly PayoutType[], now: Date) {
  const kinds = (await repo.listAccounts(tx, userId)).filter((a) => types.includes(a.type as PayoutType));
  const usable = kinds.filter((a) => a.usable_at <= iso(now));
  if (!usable.length) {
    const soonest = kinds.map((a) => a.usable_at).sort()[0];
    if (soonest) checkUsable({ usable_at: soonest }, now);
    return undefined;
  }
  const last = await lastPayoutTo(
    tx,
    usable.map((a) => a.id),
  );
  // newest first: a later one wins only when a payout went to it more recently
  let pick = usable[0]!;
  for (const a of usable) if ((last.get(a.id) ?? '') > (last.get(pick.id) ?? '')) pick = a;
  return toPayoutAccount(pick);
}

/**
 * One of the caller's current accounts, held until the transaction ends, for a payout to it: an edit or a removal
 * running at the same time waits, then sees the payout (and refuses), or goes first and this finds nothing. Other
 * payouts to it share the hold.
 */
export async function lockOwnAccount(tx: Tx, userId: number, id: number): Promise<PayoutAccount | undefined> {
  const row = await repo.holdAccount(tx, id);
  return row && row.user_id === userId ? toPayoutAccount(row) : undefined;
}

export async function detail(tx: Tx, userId: number, id: number, type?: PayoutType) {
  const account = await ownAccount(tx, userId, id, type);
  if (!account) throw new DomainError('record_not_found');
  return account;
}

export async function isAdded(tx: Tx, userId: number) {
  const types = await repo.typesBound(tx, userId);
  return { bank: types.includes('bank'), wise: types.includes('wise') };
}

const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return at < 1 ? maskAccount(email) : `${email[0]}•••${email.slice(at)}`;
};

/**
 * An account as operators see it in lists: enough to tell accounts apart and to answer the customer (names, bank,
 * country), not enough to pay out or to contact them — IBAN and phone show their last four characters, the e-mail its
 * first letter and domain, the street address nothing. Paying out needs the audited reveal.
 */
export function maskPayout(a: PayoutAccount): PayoutAccount {
  const masked = {
    ...a,
    iban: a.iban && maskAccount(a.iban),
    phone: a.phone && maskAccount(a.phone),
    email: a.email && maskEmail(a.email),
    address: a.address && '•••',
  };
  return { ...masked, label: labelOf(masked) };
}

/**
 * Where a buyer pays: only as much of the account as a transfer needs, the holder and the bank (name, IBAN, SWIFT) or
 * the Wise e-mail; never the holder's phone, contact e-mail or street address. `mask` shortens it as operators see
 * payout accounts; no account, or `hidden`, leaves only the kind.
 */
export function payeeOf(a: PayoutAccount | undefined, { mask = false, hidden = false } = {}): TradeDetail['payee'] {
  const shown = a && !hidden ? (mask ? maskPayout(a) : a) : undefined;
  const bank = shown?.type === 'bank';
  return {
    type: a?.type ?? 'bank',
    full_name: shown?.full_name || '',
    bank_name: (bank && shown.bank_name) || '',
    iban: (bank && shown.iban) || '',
    swift: (bank && shown.swift) || '',
    email: (shown?.type === 'wise' && shown.email) || '',
    country: shown?.country || '',
  };
}

/** Accounts by id for operator views, whoever owns them. */
export async function accountsById(tx: Tx, ids: number[]): Promise<Map<number, PayoutAccount>> {
  return new Map((await repo.findAccounts(tx, [...new Set(ids)])).map((r) => [r.id, toPayoutAccount(r)]));
}

/** Removes a customer's payout accounts, before the customer is deleted (no withdrawal may name them). */
export const removeAccountsOf = (tx: Tx, userId: number) => repo.deleteAccountsOf(tx, userId);
