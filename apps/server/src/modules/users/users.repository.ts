import { type Selectable, sql } from 'kysely';
import type { Tx } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import { claimDue, countRows } from '../../db/queries.js';
import type { UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;

export const findUserByEmail = (tx: Tx, email: string) =>
  tx.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

const userById = prepared(1, (db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));
export const findUserById = async (tx: Tx, id: number) => (await userById(tx, id)).rows[0];

/**
 * The customer's row locked against the other calls that lock it (one of their takes, binds or an operator's
 * adjustment after the other). FOR NO KEY UPDATE, not FOR UPDATE: a row that another customer's insert refers to (a
 * trade with this customer as seller takes a key-share lock on it for its foreign key) is not held up — two customers
 * buying from each other at the same moment each held their own row and waited for the other's, until PostgreSQL broke
 * the deadlock after a second and one of them got an internal error.
 */
const userRowLocked = (db: Tx, id: number) => db.selectFrom('users').select('id').where('id', '=', id).forNoKeyUpdate();
export const lockUserRow = (tx: Tx, id: number) => userRowLocked(tx, id).executeTakeFirst();

export const findPasswordHash = async (tx: Tx, id: number) =>
  (await tx.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst())?.password_hash;

/** The customer whose invitation code this is; the demo customer's code invites nobody. */
export const findUserIdByInviteCode = async (tx: Tx, code: string) =>
  (await tx.selectFrom('users').select('id').where('invite_code', '=', code).where('demo', '=', false).executeTakeFirst())?.id;

/** The seeded demo customer while it can still sign in. */
export const findActiveDemoCustomer = (tx: Tx) =>
  tx.selectFrom('users').select(['id', 'email']).where('demo', '=', true).where('status', '=', 'active').executeTakeFirst();

export async function setStatus(tx: Tx, id: number, status: string) {
  await tx.updateTable('users').set({ status }).where('id', '=', id).execute();
}

export const hasInvitees = async (tx: Tx, id: number) =>
  !!(await tx.selectFrom('users').select('id').where('inviter_id', '=', id).executeTakeFirst());

/** Deletes a customer row (sessions go with it); everything else that names them must be gone first. */
export async function deleteUser(tx: Tx, id: number) {
  await tx.deleteFrom('users').where('id', '=', id).execute();
}

export async function insertUser(
  tx: Tx,
  u: Omit<
    UserRow,
    | 'id'
    | 'vip_level'
    | 'vip_override'
    | 'status'
    | 'password_changed_at'
    | 'demo'
    | 'frozen_reason'
    | 'frozen_at'
    | 'totp_enabled_at'
    | 'totp_disabled_at'
    | 'anti_phishing_phrase'
  > & {
    demo?: boolean;
  },
): Promise<number> {
  const row = await tx.insertInto('users').values(u).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(
  tx: Tx,
  id: number,
  set: Partial<
    Pick<
      UserRow,
      | 'nickname'
      | 'lang'
      | 'password_hash'
      | 'password_changed_at'
      | 'totp_enabled_at'
      | 'totp_disabled_at'
      | 'anti_phishing_phrase'
    >
  >,
) {
  await tx.updateTable('users').set(set).where('id', '=', id).execute();
}

export type CodeRow = {
  id: number;
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

export const latestCode = (tx: Tx, email: string, scene: string) =>
  tx
    .selectFrom('email_codes')
    .select(['id', 'code_hash', 'attempts', 'created_at', 'expires_at', 'used_at'])
    .where('email', '=', email)
    .where('scene', '=', scene)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst() as Promise<CodeRow | undefined>;

export async function insertCode(tx: Tx, c: { email: string; scene: string; codeHash: string; now: string; expiresAt: string }) {
  const row = await tx
    .insertInto('email_codes')
    .values({ email: c.email, scene: c.scene, code_hash: c.codeHash, created_at: c.now, expires_at: c.expiresAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Gives an unspent code a new end of life (never an earlier one); false when it is used. */
export async function extendCode(tx: Tx, id: number, expiresAt: string): Promise<boolean> {
  const res = await tx
    .updateTable('email_codes')
    .set({ expires_at: expiresAt })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '<', expiresAt)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** When `email` last asked for a mail of `scene` (whatever was sent), for the resend rule. */
export const latestSendAt = async (tx: Tx, email: string, scene: string) =>
  (
    await tx
      .selectFrom('email_sends')
      .select('created_at')
      .where('email', '=', email)
      .where('scene', '=', scene)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
  )?.created_at;

export async function insertSend(tx: Tx, s: { email: string; scene: string; now: string }) {
  await tx.insertInto('email_sends').values({ email: s.email, scene: s.scene, created_at: s.now }).execute();
}

/** Send records made before `before`, oldest first, locked for the caller; rows another transaction holds are skipped. */
/** The earliest send record made before `before` (undefined when none was), locking nothing. */
export async function oldestSendBefore(tx: Tx, before: string): Promise<string | undefined> {
  const row = await tx
    .selectFrom('email_sends')
    .select((eb) => eb.fn.min('created_at').as('at'))
    .where('created_at', '<=', before)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

export const findSendsBefore = (tx: Tx, before: string, limit: number) =>
  claimDue(tx, 'email_sends', 'created_at', before, limit);

export async function deleteSendBefore(tx: Tx, id: number, before: string): Promise<boolean> {
  const res = await tx.deleteFrom('email_sends').where('id', '=', id).where('created_at', '<=', before).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Counts one try, atomically and only while tries are left; false when the code is used up. */
export async function countCodeAttempt(tx: Tx, id: number, maxAttempts: number): Promise<boolean> {
  const res = await tx
    .updateTable('email_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Spends a code exactly once: a second, concurrent use finds it already used. */
export async function markCodeUsed(tx: Tx, id: number, now: string): Promise<boolean> {
  const res = await tx
    .updateTable('email_codes')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Codes that expired before `before`, oldest first, locked for the caller; rows another transaction holds are skipped. */
/** The earliest expiry among codes that expired before `before` (undefined when none did), locking nothing. */
export async function oldestCodeExpiredBefore(tx: Tx, before: string): Promise<string | undefined> {
  const row = await tx
    .selectFrom('email_codes')
    .select((eb) => eb.fn.min('expires_at').as('at'))
    .where('expires_at', '<=', before)
    .executeTakeFirst();
  return row?.at ?? undefined;
}

export const findCodesExpiredBefore = (tx: Tx, before: string, limit: number) =>
  claimDue(tx, 'email_codes', 'expires_at', before, limit);

/** Deletes a code only while it is there and expired before `before`: working it again deletes nothing. */
export async function deleteCodeExpiredBefore(tx: Tx, id: number, before: string): Promise<boolean> {
  const res = await tx.deleteFrom('email_codes').where('id', '=', id).where('expires_at', '<=', before).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export const countUsers = (tx: Tx) => countRows(tx, 'users');

export async function findEmails(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
}

/** Nicknames and e-mails of customers, to name them to others (`publicName`). */
export async function findNames(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return tx.selectFrom('users').select(['id', 'nickname', 'email']).where('id', 'in', ids).execute();
}

export async function findIdsByEmailPart(tx: Tx, keyword: string): Promise<number[]> {
  const like = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await tx
    .selectFrom('users')
    .select('id')
    .where(sql`lower(email)`, 'like', sql`${like} escape '\\'`)
    .limit(1000)
    .execute();
  return rows.map((r) => r.id);
}
