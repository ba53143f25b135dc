import { formatAmount, type MoneyInfo } from '@c2c/shared';
import type { Tx } from '../../context.js';
import { iso } from '../../lib/clock.js';
import * as repo from './ledger.repository.js';

export const CURRENCY = 'USDT';
/** A customer's accounts (DESIGN §3): spendable, held for withdrawals and sales, held in C2C listings, locked in interest products. */
export const USER_ACCOUNT_KINDS = ['available', 'frozen', 'escrow', 'interest'] as const;

export const userOwner = (userId: number) => `user:${userId}`;

export async function openUserAccounts(tx: Tx, userId: number, now: Date): Promise<void> {
  await repo.insertAccounts(
    tx,
    USER_ACCOUNT_KINDS.map((kind) => ({ owner: userOwner(userId), userId, kind, currency: CURRENCY, now: iso(now) })),
  );
}

/** A customer's balances, read from their ledger accounts. */
export async function moneyInfo(tx: Tx, userId: number): Promise<MoneyInfo> {
  const rows = await repo.userBalances(tx, userId, CURRENCY);
  const by = new Map(rows.map((r) => [r.kind, BigInt(r.balance)]));
  const get = (k: (typeof USER_ACCOUNT_KINDS)[number]) => by.get(k) ?? 0n;
  const total = USER_ACCOUNT_KINDS.reduce((sum, k) => sum + get(k), 0n);
  return {
    balance: formatAmount(get('available')),
    frozen: formatAmount(get('frozen')),
    escrow: formatAmount(get('escrow')),
    interest: formatAmount(get('interest')),
    total: formatAmount(total),
  };
}
