import type { Tx } from '../../context.js';

export async function insertUpload(tx: Tx, u: { userId: number; name: string; mime: string; size: number; now: string }) {
  const row = await tx
    .insertInto('uploads')
    .values({ user_id: u.userId, name: u.name, mime: u.mime, size: u.size, created_at: u.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const findUpload = (tx: Tx, name: string) =>
  tx.selectFrom('uploads').select(['id', 'user_id', 'name', 'mime', 'size']).where('name', '=', name).executeTakeFirst();
