import type { Tx } from '../../context.js';

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

export async function userBalances(tx: Tx, userId: number, currency: string) {
  return tx
    .selectFrom('accounts')
    .select(['kind', 'balance'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .execute();
}
