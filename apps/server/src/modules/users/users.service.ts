import {
  CODE_LENGTH,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_SECONDS,
  CODE_TTL_SECONDS,
  type Lang,
  type LoginResponse,
  normalizeLang,
  type User,
} from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { afterCommit, logOf } from '../../db/transaction.js';
import { withAntiPhishing } from '../../lib/anti-phishing.js';
import { addSeconds, iso } from '../../lib/clock.js';
import { hashPassword, randomDigits, safeEqual, sha256, verifyPassword } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import type { Auth } from '../../lib/http.js';
import { givenNickname, publicName } from '../../lib/public-name.js';
import { accountToCheck, signInLimits, signInSucceeded } from '../../lib/sign-in-throttle.js';
import type { Limit } from '../../lib/throttle.js';
import { isActiveHouseCode, joinTeams, newUserInviteCode } from '../invites/invites.service.js';
import { moneyInfo, openUserAccounts } from '../ledger/ledger.service.js';
import { afterSignIn, type Device, forgetCustomer, rememberDevice } from '../security/security.service.js';
import { endSession, endSessionsOf, openSession, resolveCustomerSession } from '../sessions/sessions.service.js';
import { getSettings } from '../settings/settings.service.js';
import { effectiveLevel } from '../vip/vip.service.js';
import { codeMail, passwordChangedMail, resetUnknownMail, signUpAttemptMail } from './users.mails.js';
import * as repo from './users.repository.js';

/** Throttle limits: hits per window of seconds. */
const LIMITS = {
  codePerEmail: { points: 10, seconds: 3600 },
  codePerIp: { points: 30, seconds: 3600 },
  registerPerIp: { points: 20, seconds: 3600 },
  resetPerIp: { points: 20, seconds: 3600 },
  passwordPerUser: { points: 10, seconds: 900 },
} as const satisfies Record<string, Limit>;

/** Sign-in: per device token, else per client address and per account over every address (lib/sign-in-throttle). */
const LOGIN_LIMITS = signInLimits('login', 50);

type Scene = 'register' | 'forget';

/**
 * After a password change, or after two-factor is turned off, nobody may withdraw for this long: a stolen password (or
 * a session that turns the second factor off) alone cannot drain an account.
 */
const PASSWORD_LOCK_HOURS = 24;

/** When the withdrawal pause after the later of the last password change and two-factor switch-off ends, if not by `now`. */
export function withdrawUnlockAt(u: Pick<Principal, 'password_changed_at' | 'totp_disabled_at'>, now: Date): Date | null {
  const from = [u.password_changed_at, u.totp_disabled_at]
    .filter((t): t is string => !!t)
    .sort()
    .at(-1);
  if (!from) return null;
  const until = addSeconds(new Date(from), PASSWORD_LOCK_HOURS * 3600);
  return until.getTime() > now.getTime() ? until : null;
}

/**
 * The customer as the app sees them; `now` decides whether withdrawals are still paused. `vipLevel` is the level in
 * effect (vip module: an owner's override or the level the ledger volume earns); the stored column is not used.
 */
function toUser(u: Principal, now: Date, vipLevel = 0): User {
  const unlock = withdrawUnlockAt(u, now);
  return {
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    invite_code: u.invite_code,
    vip_level: vipLevel,
    lang: u.lang,
    created_at: u.created_at,
    withdraw_unlock_at: unlock && iso(unlock),
    totp_enabled: u.totp_enabled_at !== null,
    anti_phishing_hint: maskPhrase(u.anti_phishing_phrase),
  };
}

/** The phrase as the app shows it: first and last character; the mails show it whole. */
function maskPhrase(phrase: string | null): string | null {
  if (!phrase) return null;
  const chars = [...phrase];
  return `${chars[0]}${'•'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

async function throttle(ctx: AppContext, key: string, limit: Limit) {
  if ((await ctx.throttle.hit(key, limit)) > 0) throw new DomainError('rate_limited');
}

const codeHash = (email: string, scene: Scene, code: string) => sha256(`${scene}:${email}:${code}`);

/**
 * Answers alike for every address, so nobody learns which addresses have accounts, by doing the same work for each:
 * the same `{ resend_after }`, the same 60 s resend rule (kept per address and scene), a code stored and one mail
 * handed over in the request. What is mailed differs: a code to a free address (sign-up) or a customer (reset); a
 * notice without a code to a customer someone tried to sign up as, or to an address without an account someone asked
 * a reset for. A code nobody was mailed answers a guess like any other code. The mail goes out inside the caller's
 * transaction: if it cannot be handed over, nothing is stored and the user may ask again at once.
 *
 * Mail to one address is capped (`codePerEmail`), counting mails sent, not refused asks. At the cap the latest code
 * lives on (a stranger asking for codes cannot stop the customer finishing with the one in their inbox) and the
 * refusal says when the next mail can go.
 */
export async function sendCode(tx: Tx, ctx: AppContext, input: { email: string; scene: Scene }, lang: Lang, ip: string) {
  const { email, scene } = input;
  await throttle(ctx, `code:ip:${ip}`, LIMITS.codePerIp);
  const now = ctx.clock.now();
  const last = await repo.latestSendAt(tx, email, scene);
  if (last) {
    const wait = Math.ceil((addSeconds(new Date(last), CODE_RESEND_SECONDS).getTime() - now.getTime()) / 1000);
    if (wait > 0) throw new DomainError('code_resend_wait', { seconds: wait });
  }
  const capped = await ctx.throttle.hit(`code:email:${email}`, LIMITS.codePerEmail);
  if (capped > 0) {
    const latest = await repo.latestCode(tx, email, scene);
    if (latest) await repo.extendCode(tx, latest.id, iso(addSeconds(now, CODE_TTL_SECONDS)));
    throw new DomainError('code_mail_cap', { seconds: capped }, true);
  }
  await repo.insertSend(tx, { email, scene, now: iso(now) });
  const answer = { resend_after: CODE_RESEND_SECONDS };
  const user = await repo.findUserByEmail(tx, email);
  const mailLang = user ? normalizeLang(user.lang) : lang;
  const { app_name } = await getSettings(tx, ctx.config.publicUrl);
  const code = randomDigits(CODE_LENGTH);
  await repo.insertCode(tx, {
    email,
    scene,
    codeHash: codeHash(email, scene, code),
    now: iso(now),
    expiresAt: iso(addSeconds(now, CODE_TTL_SECONDS)),
  });
  const mail =
    scene === 'register' && user
      ? signUpAttemptMail(email, mailLang, app_name)
      : scene === 'forget' && !user
        ? resetUnknownMail(email, mailLang, app_name)
        : codeMail(email, mailLang, scene, code, app_name);
  try {
    await ctx.mailer.send(withAntiPhishing(mail, mailLang, user?.anti_phishing_phrase), logOf(tx));
  } catch (err) {
    logOf(tx).error({ err }, 'verification mail failed');
    throw new DomainError('internal');
  }
  return answer;
}

/**
 * Checks a code and counts the try. A wrong try is refused with `keepWrites`, so the count commits even
 * though the call fails. Answers the code's id; the caller spends it with `spendCode` in the same transaction.
 */
async function checkCode(tx: Tx, ctx: AppContext, email: string, scene: Scene, code: string): Promise<number> {
  const now = ctx.clock.now();
  const row = await repo.latestCode(tx, email, scene);
  if (!row || row.used_at || row.expires_at <= iso(now)) throw new DomainError('code_expired');
  if (!(await repo.countCodeAttempt(tx, row.id, CODE_MAX_ATTEMPTS))) throw new DomainError('code_burned');
  if (!safeEqual(row.code_hash, codeHash(email, scene, code))) throw new DomainError('code_wrong', {}, true);
  return row.id;
}

async function spendCode(tx: Tx, id: number, now: Date) {
  if (!(await repo.markCodeUsed(tx, id, iso(now)))) throw new DomainError('code_expired');
}

/**
 * How long a code is kept after it expired (used codes expire too): the newest code of an address decides
 * the resend wait and which code a sign-up checks, so codes leave well after none of that can matter.
 */
const CODE_KEEP_SECONDS = 86_400;

/** Up to `limit` codes past their keeping time, locked for the purge job (another process's job skips them). */
export const staleCodes = (tx: Tx, now: Date, limit: number) =>
  repo.findCodesExpiredBefore(tx, iso(addSeconds(now, -CODE_KEEP_SECONDS)), limit);

/** When the code longest past its keeping time reached it (the purge job's lag). */
export async function oldestStaleCode(tx: Tx, now: Date): Promise<Date | undefined> {
  const at = await repo.oldestCodeExpiredBefore(tx, iso(addSeconds(now, -CODE_KEEP_SECONDS)));
  return at === undefined ? undefined : addSeconds(new Date(at), CODE_KEEP_SECONDS);
}

/** Removes one code if it is still there and past its keeping time; false when another run removed it first. */
export const purgeStaleCode = (tx: Tx, id: number, now: Date) =>
  repo.deleteCodeExpiredBefore(tx, id, iso(addSeconds(now, -CODE_KEEP_SECONDS)));

/** Up to `limit` send records past the keeping time of codes (they decide only the 60 s resend wait). */
export const staleSends = (tx: Tx, now: Date, limit: number) =>
  repo.findSendsBefore(tx, iso(addSeconds(now, -CODE_KEEP_SECONDS)), limit);

/** When the send record longest past the keeping time reached it (the purge job's lag). */
export async function oldestStaleSend(tx: Tx, now: Date): Promise<Date | undefined> {
  const at = await repo.oldestSendBefore(tx, iso(addSeconds(now, -CODE_KEEP_SECONDS)));
  return at === undefined ? undefined : addSeconds(new Date(at), CODE_KEEP_SECONDS);
}

export const purgeStaleSend = (tx: Tx, id: number, now: Date) =>
  repo.deleteSendBefore(tx, id, iso(addSeconds(now, -CODE_KEEP_SECONDS)));

/**
 * The slow half of a sign-up, run before any transaction: the per-address throttle, then the password hash
 * (argon2 takes tens of milliseconds and must not hold a transaction open).
 */
export async function prepareRegistration(ctx: AppContext, password: string, ip: string): Promise<string> {
  await throttle(ctx, `register:ip:${ip}`, LIMITS.registerPerIp);
  return hashPassword(password);
}

export async function register(
  tx: Tx,
  ctx: AppContext,
  input: { email: string; code: string; invite_code: string },
  passwordHash: string,
  lang: Lang,
  device: Device,
): Promise<LoginResponse> {
  const inviteCode = input.invite_code.trim().toUpperCase();
  const inviterId = await repo.findUserIdByInviteCode(tx, inviteCode);
  const houseCode = inviterId === undefined && (await isActiveHouseCode(tx, inviteCode)) ? inviteCode : null;
  if (inviterId === undefined && !houseCode) throw new DomainError('invite_unknown');
  // the code first: only the owner of the mailbox may learn that the address has an account (a taken address gets
  // no code, so a guess answers like any address without one)
  const codeId = await checkCode(tx, ctx, input.email, 'register', input.code);
  if (await repo.findUserByEmail(tx, input.email)) throw new DomainError('email_taken');
  const now = ctx.clock.now();
  await spendCode(tx, codeId, now);
  const id = await repo.insertUser(tx, {
    email: input.email,
    password_hash: passwordHash,
    nickname: givenNickname(input.email),
    invite_code: await newUserInviteCode(tx),
    inviter_id: inviterId ?? null,
    house_code: houseCode,
    lang,
    created_at: iso(now),
  });
  if (inviterId !== undefined) await joinTeams(tx, id, inviterId, now);
  await openUserAccounts(tx, id, now);
  const session = await openSession(tx, 'sessions', id, now, device);
  // the device one signs up on is known: signing in there again sends no new-device mail
  await rememberDevice(tx, id, device, now);
  const user = (await repo.findUserById(tx, id))!;
  return { token: session.token, user: toUser(user, now) };
}

export const countUsers = (tx: Tx) => repo.countUsers(tx);

/**
 * Serializes a customer's own writes that check a per-customer limit before inserting (count, then add): the
 * second of two concurrent requests waits here until the first has committed, then counts its row too.
 */
export async function lockCustomer(tx: Tx, userId: number): Promise<void> {
  await repo.lockUserRow(tx, userId);
}

/** Where and in which language to write to a customer, and the anti-phishing phrase every mail to them shows. */
export async function contactOf(tx: Tx, userId: number) {
  const u = await repo.findUserById(tx, userId);
  return u && { email: u.email, lang: u.lang, phrase: u.anti_phishing_phrase };
}

/** Sets the phrase every mail to the customer shows; empty removes it. */
export async function setAntiPhishingPhrase(tx: Tx, who: CurrentUser, phrase: string) {
  await repo.updateUser(tx, who.user.id, { anti_phishing_phrase: phrase === '' ? null : phrase });
  return {};
}

/** E-mail addresses of customers, for operator lists. */
export async function emailsOf(tx: Tx, userIds: number[]): Promise<Map<number, string>> {
  return new Map((await repo.findEmails(tx, [...new Set(userIds)])).map((r) => [r.id, r.email]));
}

/** Ids of customers whose e-mail contains `keyword`, for operator searches. */
export const userIdsMatching = (tx: Tx, keyword: string) => repo.findIdsByEmailPart(tx, keyword);

/** The demo customer of a fresh local install: signed up through the house code, no e-mail code needed. */
export async function createDemoCustomer(
  tx: Tx,
  ctx: AppContext,
  input: { email: string; passwordHash: string; houseCode: string },
) {
  const now = ctx.clock.now();
  const id = await repo.insertUser(tx, {
    email: input.email,
    password_hash: input.passwordHash,
    nickname: 'Demo',
    invite_code: await newUserInviteCode(tx),
    inviter_id: null,
    house_code: input.houseCode,
    lang: 'en',
    created_at: iso(now),
    demo: true,
  });
  await openUserAccounts(tx, id, now);
}

/** The demo customer while it can still sign in, for the console's demo banner. */
export const activeDemoCustomer = (tx: Tx) => repo.findActiveDemoCustomer(tx);

/** True when customers signed up with this customer's invitation code. */
export const hasInvitees = (tx: Tx, userId: number) => repo.hasInvitees(tx, userId);

/**
 * Retires a customer who must stay on record (the demo customer with money history): they can no longer sign in and
 * every session ends; their rows stay for the ledger and the audit.
 */
export async function closeCustomer(tx: Tx, ctx: AppContext, userId: number) {
  await repo.setStatus(tx, userId, 'closed');
  await endSessionsOf(tx, 'sessions', userId);
  afterCommit(tx, () => ctx.live.endSessions(userId, 'all'));
}

/** Deletes a customer with nothing on record (the caller removed their uploads, payout and ledger accounts first). */
export async function deleteCustomer(tx: Tx, ctx: AppContext, userId: number) {
  await endSessionsOf(tx, 'sessions', userId);
  await forgetCustomer(tx, userId);
  await repo.deleteUser(tx, userId);
  afterCommit(tx, () => ctx.live.endSessions(userId, 'all'));
}

/**
 * The first half of a sign-in: throttles, then the account and its password hash (or a dummy one, so both answers take
 * as long). `device`: the id of the browser's device token for this address (lib/device-cookie), if it holds one.
 */
export async function findLogin(
  tx: Tx,
  ctx: AppContext,
  attempt: { email: string; ip: string; device: string | undefined },
): Promise<LoginAttempt> {
  const { account, passwordHash } = await accountToCheck(ctx.throttle, LOGIN_LIMITS, attempt, () =>
    repo.findUserByEmail(tx, attempt.email),
  );
  return { user: account && principal(account), passwordHash };
}
export interface LoginAttempt {
  user: Principal | undefined;
  passwordHash: string;
}

/** The slow middle of a sign-in, outside any transaction: the password check. Answers the customer who may sign in. */
export async function checkLogin(attempt: LoginAttempt, input: { email: string; password: string }): Promise<Principal> {
  const ok = await verifyPassword(attempt.passwordHash, input.password);
  if (!attempt.user || !ok) throw new DomainError('login_failed');
  if (attempt.user.status !== 'active') throw new DomainError('account_frozen');
  return attempt.user;
}

/**
 * The last half of a sign-in (the second factor passed): a new session, and the language the customer now uses.
 * `deviceToken`: as for `findLogin`; the try stops counting against the throttles once committed.
 */
export async function openLogin(
  tx: Tx,
  ctx: AppContext,
  user: Principal,
  lang: Lang,
  device: Device,
  deviceToken: string | undefined,
): Promise<LoginResponse> {
  afterCommit(tx, () => signInSucceeded(ctx.throttle, LOGIN_LIMITS, user.email, deviceToken));
  if (user.lang !== lang) await repo.updateUser(tx, user.id, { lang });
  const now = ctx.clock.now();
  const session = await openSession(tx, 'sessions', user.id, now, device);
  await afterSignIn(tx, ctx, { ...user, lang }, session.id, device, now);
  return { token: session.token, user: toUser({ ...user, lang }, now, await effectiveLevel(tx, user.id)) };
}

/** Throttles a password reset and hashes the new password, before any transaction. */
export async function prepareReset(ctx: AppContext, password: string, ip: string): Promise<string> {
  await throttle(ctx, `reset:ip:${ip}`, LIMITS.resetPerIp);
  return hashPassword(password);
}

export async function resetPassword(tx: Tx, ctx: AppContext, input: { email: string; code: string }, passwordHash: string) {
  const codeId = await checkCode(tx, ctx, input.email, 'forget', input.code);
  const user = await repo.findUserByEmail(tx, input.email);
  if (!user) throw new DomainError('code_expired');
  const now = ctx.clock.now();
  await spendCode(tx, codeId, now);
  await repo.updateUser(tx, user.id, { password_hash: passwordHash, password_changed_at: iso(now) });
  await endSessionsOf(tx, 'sessions', user.id);
  afterCommit(tx, () => ctx.live.endSessions(user.id, 'all'));
  await notifyPasswordChanged(tx, ctx, user, now);
}

/** Changing the password needs the old one; every other session of the customer ends; the notice goes out in the account's language. Rare and throttled, so the hashing runs inside the transaction. */
export async function changePassword(
  tx: Tx,
  ctx: AppContext,
  who: CurrentUser,
  input: { old_password: string; password: string },
) {
  await throttle(ctx, `password:user:${who.user.id}`, LIMITS.passwordPerUser);
  const current = await repo.findPasswordHash(tx, who.user.id);
  if (!current || !(await verifyPassword(current, input.old_password))) throw new DomainError('old_password_wrong');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await repo.updateUser(tx, who.user.id, { password_hash: passwordHash, password_changed_at: iso(now) });
  await endSessionsOf(tx, 'sessions', who.user.id, who.sessionId);
  afterCommit(tx, async () => {
    await ctx.live.endSessions(who.user.id, { except: who.sessionId });
    // the session kept reads the user again: withdrawals are paused now (`withdraw_unlock_at`)
    await ctx.live.notify(who.user.id, 'profile');
  });
  await notifyPasswordChanged(tx, ctx, who.user, now);
}

async function notifyPasswordChanged(
  tx: Tx,
  ctx: AppContext,
  user: Pick<Principal, 'email' | 'lang' | 'anti_phishing_phrase'>,
  now: Date,
) {
  const { app_name } = await getSettings(tx, ctx.config.publicUrl);
  const lang = normalizeLang(user.lang);
  const mail = withAntiPhishing(passwordChangedMail(user.email, lang, now, app_name), lang, user.anti_phishing_phrase);
  // The change stands even if this notice cannot be sent; the failure is logged.
  afterCommit(tx, () => ctx.mailer.send(mail, logOf(tx)));
}

export async function logout(tx: Tx, ctx: AppContext, who: CurrentUser) {
  await endSession(tx, 'sessions', who.sessionId);
  afterCommit(tx, () => ctx.live.endSessions(who.user.id, { only: who.sessionId }));
}

export const currentUser = async (tx: Tx, ctx: AppContext, who: CurrentUser): Promise<User> =>
  toUser(who.user, ctx.clock.now(), await effectiveLevel(tx, who.user.id));

/** Customers as other customers see them (`publicName`), by id. */
export async function publicNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  const rows = await repo.findNames(tx, [...new Set(ids)]);
  return new Map(rows.map((u) => [u.id, publicName(u)]));
}

/** Renames the customer; answers them as they now are. */
export async function saveNickname(tx: Tx, who: CurrentUser, nickname: string): Promise<Principal> {
  await repo.updateUser(tx, who.user.id, { nickname });
  return { ...who.user, nickname };
}

/** The language the customer chose in the app: notices and mails are written in it from now on. */
export async function setLang(tx: Tx, ctx: AppContext, who: CurrentUser, lang: Lang): Promise<User> {
  if (who.user.lang !== lang) await repo.updateUser(tx, who.user.id, { lang });
  return toUser({ ...who.user, lang }, ctx.clock.now(), await effectiveLevel(tx, who.user.id));
}

export const getMoneyInfo = (tx: Tx, who: CurrentUser) => moneyInfo(tx, who.user.id);

/** Records two-factor turned on (`totp_enabled_at`) or off (`totp_disabled_at` starts the withdrawal pause); two-factor module. */
export async function setTotpState(
  tx: Tx,
  ctx: AppContext,
  userId: number,
  set: { totp_enabled_at: string; totp_disabled_at?: never } | { totp_enabled_at: null; totp_disabled_at: string },
) {
  await repo.updateUser(tx, userId, set);
  // the user's open apps read them again: `totp_enabled` and `withdraw_unlock_at` changed
  afterCommit(tx, () => ctx.live.notify(userId, 'profile'));
}

/** A customer as the rest of the server sees them: everything but the password hash. */
export type Principal = Omit<repo.UserRow, 'password_hash'>;
const principal = ({ password_hash: _secret, ...rest }: repo.UserRow): Principal => rest;

export interface CurrentUser {
  user: Principal;
  sessionId: number;
}

/** Resolves a customer's session token to a signed-in, active customer, else answers code -1. */
export async function authenticate(tx: Tx, ctx: AppContext, token: string | undefined): Promise<CurrentUser> {
  if (!token) throw new DomainError('unauthorized');
  // the session and its customer in one query
  const session = await resolveCustomerSession(tx, token, ctx.clock.now(), ctx.sessionCache);
  if (session?.user.status !== 'active') throw new DomainError('unauthorized');
  // the session query reads every column but the password hash
  return { user: session.user, sessionId: session.id };
}

/** The route guard for customer calls: the caller's `X-Access-Token`. */
export const userAuth =
  (ctx: AppContext): Auth<CurrentUser> =>
  (tx, caller) =>
    authenticate(tx, ctx, caller.accessToken);
