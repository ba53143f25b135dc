import type { Tx } from '../../context.js';
import type { AuthCache } from '../../db/auth-cache.js';
import { addSeconds, iso } from '../../lib/clock.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import * as repo from './sessions.repository.js';

export type { SessionTable } from './sessions.repository.js';

/** How long a session lives without use; every use (at most once a minute) pushes the end further. */
const SESSION_IDLE_SECONDS = { sessions: 30 * 86_400, operator_sessions: 12 * 3600 } as const;
const TOUCH_EVERY_SECONDS = 60;

export async function openSession(
  tx: Tx,
  table: repo.SessionTable,
  ownerId: number,
  now: Date,
  /** where a customer signs in from, for their devices page */
  device?: { userAgent: string; ip: string },
): Promise<{ token: string; id: number }> {
  const token = newToken();
  const id = await repo.insertSession(tx, table, {
    tokenHash: sha256(token),
    ownerId,
    now: iso(now),
    expiresAt: iso(addSeconds(now, SESSION_IDLE_SECONDS[table])),
    ...device,
  });
  return { token, id };
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Whether a session row is live at `now`, and whether its last touch is a minute old (its expiry is to slide forward). */
function liveness(row: repo.SessionRow, now: Date): 'ended' | 'live' | 'to touch' {
  if (row.expires_at <= iso(now)) return 'ended';
  return addSeconds(new Date(row.touched_at), TOUCH_EVERY_SECONDS) <= now ? 'to touch' : 'live';
}

const extend = (tx: Tx, table: repo.SessionTable, id: number, now: Date) =>
  repo.extendSession(tx, table, id, iso(now), iso(addSeconds(now, SESSION_IDLE_SECONDS[table])));

/** Whether a session row is live at `now`; when it is and its last touch is a minute old, slides its expiry forward. */
async function keepAlive(tx: Tx, table: repo.SessionTable, row: repo.SessionRow | undefined, now: Date): Promise<boolean> {
  if (!row) return false;
  const state = liveness(row, now);
  if (state === 'to touch') await extend(tx, table, row.id, now);
  return state !== 'ended';
}

/** The live session of a token, sliding its expiry forward; undefined when missing or expired. */
export async function resolveSession(tx: Tx, table: repo.SessionTable, token: string, now: Date) {
  if (!TOKEN.test(token)) return undefined;
  const row = await repo.findSessionByHash(tx, table, sha256(token));
  if (!row || !(await keepAlive(tx, table, row, now))) return undefined;
  return { id: row.id, ownerId: row.owner_id };
}

/**
 * A customer's live session of a token with the customer's row (read together, in one query), sliding the session's
 * expiry forward as `resolveSession` does; undefined when missing or expired. The customer's status is the caller's to check.
 * With `cache` (the node's, `AuthCache`), a session read before is answered from it, without a query: the cache drops a
 * customer's entries when their row or one of their sessions changes, and this node drops an entry whose expiry it
 * pushes forward. What it answers is frozen: nobody changes a kept customer by mistake.
 */
export async function resolveCustomerSession(tx: Tx, token: string, now: Date, cache?: AuthCache<object>) {
  if (!TOKEN.test(token)) return undefined;
  const hash = sha256(token);
  // read before the session is: an entry kept under it was read after every change answered before it
  const version = cache?.needsSharedVersion ? await cache.version() : '';
  let found = cache?.get(hash, Date.now(), version) as KnownSession | undefined;
  if (!found) {
    const ticket = cache?.ticket() ?? 0;
    const row = await repo.findCustomerSessionByHash(tx, hash);
    if (!row) return undefined;
    found = knownSession(row);
    cache?.put(ticket, hash, row.session.owner_id, found, Date.now(), version);
  }
  const at = now.getTime();
  if (found.endsAt <= at) return undefined;
  if (found.touchAt <= at) {
    await extend(tx, 'sessions', found.id, now);
    // dropped once pushed: a read-only call (`inReadOnly`) refused the push finds the entry again when it runs again
    cache?.delete(hash);
  }
  return { id: found.id, user: found.user };
}

/** a customer's session as `resolveCustomerSession` keeps it: its times as numbers, compared on every call */
interface KnownSession {
  id: number;
  user: CustomerSession['user'];
  /** when it ends, and when its expiry is to slide forward (epoch ms) */
  endsAt: number;
  touchAt: number;
}
const knownSession = ({ session, user }: CustomerSession): KnownSession =>
  Object.freeze({
    id: session.id,
    user: Object.freeze(user),
    endsAt: new Date(session.expires_at).getTime(),
    touchAt: addSeconds(new Date(session.touched_at), TOUCH_EVERY_SECONDS).getTime(),
  });
type CustomerSession = NonNullable<Awaited<ReturnType<typeof repo.findCustomerSessionByHash>>>;

export const endSession = (tx: Tx, table: repo.SessionTable, id: number) => repo.deleteSession(tx, table, id);

export const endSessionsOf = (tx: Tx, table: repo.SessionTable, ownerId: number, exceptId?: number) =>
  repo.deleteSessionsOf(tx, table, ownerId, exceptId);

/** Up to `limit` expired sessions, locked for the purge job (another process's job skips them). */
export const expiredSessions = (tx: Tx, table: repo.SessionTable, now: Date, limit: number) =>
  repo.findExpiredSessions(tx, table, iso(now), limit);

/** Removes one session if it is still there and expired; false when another run removed it first. */
export const purgeExpiredSession = (tx: Tx, table: repo.SessionTable, id: number, now: Date) =>
  repo.deleteSessionIfExpired(tx, table, id, iso(now));

/** A customer's live sessions, newest first (`touched_at`: last used, to the minute). */
export const userSessions = (tx: Tx, userId: number, now: Date) => repo.findUserSessions(tx, userId, iso(now));

/** Ends one of the customer's own sessions (only the one opened at `openedAt`, when given); false when there is none. */
export const endUserSession = (tx: Tx, userId: number, id: number, openedAt?: string) =>
  repo.deleteUserSession(tx, userId, id, openedAt);

/** Ends every session of the customer but `keepId`; answers how many ended. */
export const endOtherUserSessions = (tx: Tx, userId: number, keepId: number) => repo.deleteOtherUserSessions(tx, userId, keepId);
