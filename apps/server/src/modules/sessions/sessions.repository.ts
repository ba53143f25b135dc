import type { Selectable } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import { claimDue } from '../../db/queries.js';
import type { UsersTable } from '../../db/schema.js';

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

/** The customer's columns a signed-in call carries: every one but the password hash. */
const PRINCIPAL_COLUMNS = [
  'id',
  'email',
  'nickname',
  'invite_code',
  'inviter_id',
  'house_code',
  'vip_level',
  'lang',
  'status',
  'created_at',
  'password_changed_at',
  'demo',
  'frozen_reason',
  'frozen_at',
  'vip_override',
  'totp_enabled_at',
  'totp_disabled_at',
  'anti_phishing_phrase',
] as const satisfies readonly Exclude<keyof UsersTable, 'password_hash'>[];
// a column added to users must be added above (or to the exclusion): this stops the build otherwise
type Unlisted = Exclude<keyof UsersTable, 'password_hash' | (typeof PRINCIPAL_COLUMNS)[number]>;
const allListed: [Unlisted] extends [never] ? true : Unlisted = true;
void allListed;

export type SessionCustomer = Omit<Selectable<UsersTable>, 'password_hash'>;

const customerSessionByHash = prepared(1, (db, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(PRINCIPAL_COLUMNS.map((c) => `users.${c}` as const))
    .select([
      'sessions.id as session_id',
      'sessions.expires_at as session_expires_at',
      'sessions.touched_at as session_touched_at',
    ])
    .where('sessions.token_hash', '=', tokenHash),
);

/**
 * A customer's session of this token hash with the customer's row (without the password hash), in one query: every
 * signed-in call asks for both. The customer is copied column by column (a rest spread of the joined row cost more
 * than the query's own reading of it).
 */
export async function findCustomerSessionByHash(
  tx: Tx,
  tokenHash: string,
): Promise<{ session: SessionRow; user: SessionCustomer } | undefined> {
  const row = (await customerSessionByHash(tx, tokenHash)).rows[0];
  if (!row) return undefined;
  const user = {} as Record<string, unknown>;
  for (const c of PRINCIPAL_COLUMNS) user[c] = row[c];
  return {
    session: { id: row.session_id, owner_id: row.id, expires_at: row.session_expires_at, touched_at: row.session_touched_at },
    user: user as SessionCustomer,
  };
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
  claimDue(tx, table, 'expires_at', now, limit);

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
