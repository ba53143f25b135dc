import { maskAccount, type PayoutAccount, type PayoutType } from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import type { PayoutAccountsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import * as repo from './payouts.repository.js';

type Row = Selectable<PayoutAccountsTable>;
const MAX_ACCOUNTS = 20;

const labelOf = (a: { type: string; bank_name: string; iban: string; email: string }) =>
  a.type === 'bank' ? `${a.bank_name} ${maskAccount(a.iban)}` : `Wise ${a.email}`;

export function toPayoutAccount(r: Row): PayoutAccount {
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
  };
}

type BankInput = { type: 'bank' } & Omit<PayoutAccount, 'id' | 'type' | 'label' | 'created_at'>;
type WiseInput = { type: 'wise'; full_name: string; email: string; country: string; phone?: string };

export async function bindAccount(tx: Tx, ctx: AppContext, userId: number, input: BankInput | WiseInput) {
  const existing = await repo.listAccounts(tx, userId);
  if (existing.length >= MAX_ACCOUNTS) throw new DomainError('rate_limited');
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
  const id = await repo.insertAccount(tx, {
    ...empty,
    ...input,
    phone: input.phone ?? '',
    user_id: userId,
    created_at: iso(ctx.clock.now()),
  });
  return { id };
}

export async function listOwn(tx: Tx, userId: number, type?: PayoutType) {
  return { list: (await repo.listAccounts(tx, userId, type)).map(toPayoutAccount) };
}

/** One of the caller's own accounts; another user's id answers exactly like a missing one. */
export async function ownAccount(tx: Tx, userId: number, id: number, type?: PayoutType): Promise<PayoutAccount | undefined> {
  const row = await repo.findAccount(tx, id);
  if (!row || row.user_id !== userId || (type && row.type !== type)) return undefined;
  return toPayoutAccount(row);
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

/** Accounts by id for operator views, whoever owns them. */
export async function accountsById(tx: Tx, ids: number[]): Promise<Map<number, PayoutAccount>> {
  return new Map((await repo.findAccounts(tx, [...new Set(ids)])).map((r) => [r.id, toPayoutAccount(r)]));
}

/** Removes a customer's payout accounts, before the customer is deleted (no withdrawal may name them). */
export const removeAccountsOf = (tx: Tx, userId: number) => repo.deleteAccountsOf(tx, userId);
