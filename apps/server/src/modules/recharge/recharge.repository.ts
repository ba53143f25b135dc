import type { Tx } from '../../context.js';

export const activeAddresses = (tx: Tx) =>
  tx.selectFrom('receiving_addresses').select(['type', 'address', 'demo']).where('active', '=', true).orderBy('type').execute();

export const demoAddresses = (tx: Tx) =>
  tx.selectFrom('receiving_addresses').select(['type', 'address']).where('demo', '=', true).orderBy('type').execute();

export const deleteDemoAddresses = (tx: Tx) =>
  tx.deleteFrom('receiving_addresses').where('demo', '=', true).returning('type').execute();

export const findAddressById = (tx: Tx, id: number) =>
  tx.selectFrom('receiving_addresses').selectAll().where('id', '=', id).executeTakeFirst();
export const findAddressByType = (tx: Tx, type: string) =>
  tx.selectFrom('receiving_addresses').selectAll().where('type', '=', type).executeTakeFirst();

export async function insertAddress(tx: Tx, a: { type: string; address: string; demo: boolean; now: string }) {
  const row = await tx
    .insertInto('receiving_addresses')
    .values({ type: a.type, address: a.address, active: true, demo: a.demo, created_at: a.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the fields given; with none (or only `undefined` ones) there is nothing to write, and `UPDATE ... SET` with no column is not SQL. */
export async function updateAddress(tx: Tx, id: number, set: { address?: string; active?: boolean; demo?: boolean }) {
  const changes = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  if (Object.keys(changes).length === 0) return;
  await tx.updateTable('receiving_addresses').set(changes).where('id', '=', id).execute();
}

export async function pageAddresses(tx: Tx, limit: number, offset: number) {
  const rows = await tx.selectFrom('receiving_addresses').selectAll().orderBy('type').limit(limit).offset(offset).execute();
  const total = await tx
    .selectFrom('receiving_addresses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function insertRecharge(
  tx: Tx,
  r: {
    userId: number;
    type: string;
    address: string;
    amount: bigint;
    image: string;
    txHash: string;
    requestId: string | null;
    now: string;
  },
) {
  const row = await tx
    .insertInto('recharges')
    .values({
      user_id: r.userId,
      type: r.type,
      address: r.address,
      amount: r.amount,
      image: r.image,
      tx_hash: r.txHash,
      status: 'auditing',
      request_id: r.requestId,
      created_at: r.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findRechargeByRequest = (tx: Tx, userId: number, requestId: string) =>
  tx.selectFrom('recharges').selectAll().where('user_id', '=', userId).where('request_id', '=', requestId).executeTakeFirst();
