import type { Insertable, Updateable } from 'kysely';
import type { Tx } from '../../context.js';
import type { KefuContactsTable } from '../../db/schema.js';

export async function insertContact(tx: Tx, row: Insertable<KefuContactsTable>): Promise<number> {
  return (await tx.insertInto('kefu_contacts').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export const findContact = (tx: Tx, id: number) =>
  tx.selectFrom('kefu_contacts').selectAll().where('id', '=', id).executeTakeFirst();

/** The row locked until the transaction ends: two edits of one contact queue, and each audits what it changed. */
export const lockContact = (tx: Tx, id: number) =>
  tx.selectFrom('kefu_contacts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export async function updateContact(tx: Tx, id: number, set: Updateable<KefuContactsTable>): Promise<void> {
  await tx.updateTable('kefu_contacts').set(set).where('id', '=', id).execute();
}

/** The active contacts in their order (the index kefu_contacts_order). */
export const activeContacts = (tx: Tx) =>
  tx.selectFrom('kefu_contacts').selectAll().where('active', '=', true).orderBy('sort_order').orderBy('id').execute();

export async function pageContacts(tx: Tx, limit: number, offset: number) {
  const rows = await tx
    .selectFrom('kefu_contacts')
    .selectAll()
    .orderBy('sort_order')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
  const total = await tx
    .selectFrom('kefu_contacts')
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}
