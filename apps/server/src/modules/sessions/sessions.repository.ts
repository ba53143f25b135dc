import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';

export type SessionTable = 'sessions' | 'operator_sessions';
const ownerColumn = { sessions: 'user_id', operator_sessions: 'operator_id' } as const;

export interface SessionRow {
  id: number;
  owner_id: number;
  expires_at: string;
  touched_at: string;
}

export async function insertSession(
  tx: Tx,
  table: SessionTable,
  row: { tokenHash: string; ownerId: number; now: string; expiresAt: string; userAgent?: string; ip?: string },
) {
  // customers' sessions remember where they were opened (the devices page); operators' do not
  const device = table === 'sessions' ? { user_agent: row.userAgent ?? '', ip: row.ip ?? '' } : {};
  const res = await tx
    .insertInto(table)
    .values({
      token_hash: row.tokenHash,
      [ownerColumn[table]]: row.ownerId,
      created_at: row.now,
      expires_at: row.expiresAt,
      touched_at: row.now,
      ...device,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return res.id;
}

const sessionByHash = {
  sessions: prepared(1, (db, tokenHash: string) =>
    db
      .selectFrom('sessions')
      .select(['id', 'user_id as owner_id', 'expires_at', 'touched_at'])
      .where('token_hash', '=', tokenHash),
  ),
  operator_sessions: prepared(1, (db, tokenHash: string) =>
    db
      .selectFrom('operator_sessions')
      .select(['id', 'operator_id as owner_id', 'expires_at', 'touched_at'])
      .where('token_hash', '=', tokenHash),
  ),
};

export async function findSessionByHash(tx: Tx, table: SessionTable, tokenHash: string): Promise<SessionRow | undefined> {
  return (await sessionByHash[table](tx, tokenHash)).rows[0];
}

export async function extendSession(tx: Tx, table: SessionTable, id: number, now: string, expiresAt: string) {
  await tx.updateTable(table).set({ touched_at: now, expires_at: expiresAt }).where('id', '=', id).execute();
}

export async function deleteSession(tx: Tx, table: SessionTable, id: number) {
  await tx.deleteFrom(table).where('id', '=', id).execute();
}

export async function deleteSessionsOf(tx: Tx, table: SessionTable, ownerId: number, exceptId?: number) {
  let q = tx.deleteFrom(table).where(ownerColumn[table] as 'id', '=', ownerId);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  await q.execute();
}

/** Expired sessions, oldest first, locked for the caller; rows another transaction holds are skipped. */
export const findExpiredSessions = (tx: Tx, table: SessionTable, now: string, limit: number) =>
  tx
    .selectFrom(table)
    .select('id')
    .where('expires_at', '<=', now)
    .orderBy('expires_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();

/** Deletes a session only while it is there and expired: working it again deletes nothing. */
export async function deleteSessionIfExpired(tx: Tx, table: SessionTable, id: number, now: string): Promise<boolean> {
  const res = await tx.deleteFrom(table).where('id', '=', id).where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** A customer's live sessions, newest first. */
export const findUserSessions = (tx: Tx, userId: number, now: string) =>
  tx
    .selectFrom('sessions')
    .select(['id', 'user_agent', 'ip', 'created_at', 'touched_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .execute();

/**
 * Deletes one session of this customer; false when there is none with this id (or it is another's). With `createdAt`
 * only the session opened then: SQLite may give a later session the id of a deleted one.
 */
export async function deleteUserSession(tx: Tx, userId: number, id: number, createdAt?: string): Promise<boolean> {
  let q = tx.deleteFrom('sessions').where('id', '=', id).where('user_id', '=', userId);
  if (createdAt !== undefined) q = q.where('created_at', '=', createdAt);
  const res = await q.executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Deletes every session of this customer but one; answers how many went. */
export async function deleteOtherUserSessions(tx: Tx, userId: number, keepId: number): Promise<number> {
  const res = await tx.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
