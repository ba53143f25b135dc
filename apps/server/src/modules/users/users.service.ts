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
import type { FastifyRequest } from 'fastify';
import type { AppContext, Tx } from '../../context.js';
import { addSeconds, iso } from '../../lib/clock.js';
import { dummyHash, hashPassword, randomDigits, safeEqual, sha256, verifyPassword } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import { isActiveHouseCode, newUserInviteCode } from '../invites/invites.service.js';
import { moneyInfo, openUserAccounts } from '../ledger/ledger.service.js';
import { endSession, endSessionsOf, openSession, resolveSession } from '../sessions/sessions.service.js';
import { getSettings } from '../settings/settings.service.js';
import { codeMail, passwordChangedMail } from './users.mails.js';
import * as repo from './users.repository.js';

/** Throttle limits: [hits, window seconds]. */
export const LIMITS = {
  codePerEmail: [10, 3600],
  codePerIp: [30, 3600],
  loginPerAccount: [10, 900],
  loginPerIp: [50, 900],
  registerPerIp: [20, 3600],
  resetPerIp: [20, 3600],
  passwordPerUser: [10, 900],
} as const satisfies Record<string, readonly [number, number]>;

type Scene = 'register' | 'forget';

export function toUser(u: repo.UserRow): User {
  return {
    id: u.id,
    email: u.email,
    nickname: u.nickname,
    invite_code: u.invite_code,
    vip_level: u.vip_level,
    lang: u.lang,
    created_at: u.created_at,
  };
}

async function throttle(ctx: AppContext, key: string, [limit, window]: readonly [number, number]) {
  if ((await ctx.throttle.hit(key, limit, window)) > 0) throw new DomainError('rate_limited');
}

const codeHash = (email: string, scene: Scene, code: string) => sha256(`${scene}:${email}:${code}`);

export async function sendCode(ctx: AppContext, input: { email: string; scene: Scene }, lang: Lang, ip: string) {
  const { email, scene } = input;
  await throttle(ctx, `code:ip:${ip}`, LIMITS.codePerIp);
  await throttle(ctx, `code:email:${email}`, LIMITS.codePerEmail);
  const now = ctx.clock.now();
  const user = await repo.findUserByEmail(ctx.db, email);
  if (scene === 'register' && user) throw new DomainError('email_taken');
  const last = await repo.latestCode(ctx.db, email, scene);
  if (last) {
    const wait = Math.ceil((addSeconds(new Date(last.created_at), CODE_RESEND_SECONDS).getTime() - now.getTime()) / 1000);
    if (wait > 0) throw new DomainError('code_resend_wait', { seconds: wait });
  }
  // A reset for an unknown address answers like a sent one: nobody learns which addresses have accounts.
  if (scene === 'forget' && !user) {
    ctx.log.info({ email }, 'password reset code asked for an unknown address; nothing sent');
    return { resend_after: CODE_RESEND_SECONDS };
  }
  const code = randomDigits(CODE_LENGTH);
  const id = await repo.insertCode(ctx.db, {
    email,
    scene,
    codeHash: codeHash(email, scene, code),
    now: iso(now),
    expiresAt: iso(addSeconds(now, CODE_TTL_SECONDS)),
  });
  const { app_name } = await getSettings(ctx.db, ctx.config.publicUrl);
  try {
    await ctx.mailer.send(codeMail(email, user ? normalizeLang(user.lang) : lang, scene, code, app_name));
  } catch (err) {
    // The mail never left: forget the code so the user may ask again at once.
    await repo.deleteCode(ctx.db, id);
    ctx.log.error({ err }, 'verification mail failed');
    throw new DomainError('internal');
  }
  return { resend_after: CODE_RESEND_SECONDS };
}

/**
 * Checks a code outside the caller's transaction, so a wrong try is counted even though the call fails.
 * Returns the code's id; the caller spends it with `repo.markCodeUsed` in its own transaction.
 */
async function checkCode(ctx: AppContext, email: string, scene: Scene, code: string): Promise<number> {
  const now = ctx.clock.now();
  const row = await repo.latestCode(ctx.db, email, scene);
  if (!row || row.used_at || row.expires_at <= iso(now)) throw new DomainError('code_expired');
  if (!(await repo.countCodeAttempt(ctx.db, row.id, CODE_MAX_ATTEMPTS))) throw new DomainError('code_burned');
  if (!safeEqual(row.code_hash, codeHash(email, scene, code))) throw new DomainError('code_wrong');
  return row.id;
}

async function spendCode(tx: Tx, id: number, now: Date) {
  if (!(await repo.markCodeUsed(tx, id, iso(now)))) throw new DomainError('code_expired');
}

export async function register(
  ctx: AppContext,
  input: { email: string; code: string; password: string; invite_code: string },
  lang: Lang,
  ip: string,
): Promise<LoginResponse> {
  await throttle(ctx, `register:ip:${ip}`, LIMITS.registerPerIp);
  const inviteCode = input.invite_code.trim().toUpperCase();
  const inviterId = await repo.findUserIdByInviteCode(ctx.db, inviteCode);
  const houseCode = inviterId === undefined && (await isActiveHouseCode(ctx.db, inviteCode)) ? inviteCode : null;
  if (inviterId === undefined && !houseCode) throw new DomainError('invite_unknown');
  if (await repo.findUserByEmail(ctx.db, input.email)) throw new DomainError('email_taken');
  const codeId = await checkCode(ctx, input.email, 'register', input.code);
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (tx) => {
    await spendCode(tx, codeId, now);
    if (await repo.findUserByEmail(tx, input.email)) throw new DomainError('email_taken');
    const id = await repo.insertUser(tx, {
      email: input.email,
      password_hash: passwordHash,
      nickname: input.email.split('@')[0]!.slice(0, 32),
      invite_code: await newUserInviteCode(tx),
      inviter_id: inviterId ?? null,
      house_code: houseCode,
      lang,
      created_at: iso(now),
    });
    await openUserAccounts(tx, id, now);
    const session = await openSession(tx, 'sessions', id, now);
    const user = (await repo.findUserById(tx, id))!;
    return { token: session.token, user: toUser(user) };
  });
}

export const countUsers = (ctx: AppContext) => repo.countUsers(ctx.db);

/** Where and in which language to write to a customer. */
export async function contactOf(ctx: AppContext, userId: number) {
  const u = await repo.findUserById(ctx.db, userId);
  return u && { email: u.email, lang: u.lang };
}

/** E-mail addresses of customers, for operator lists. */
export async function emailsOf(ctx: AppContext, userIds: number[]): Promise<Map<number, string>> {
  return new Map((await repo.findEmails(ctx.db, [...new Set(userIds)])).map((r) => [r.id, r.email]));
}

/** Ids of customers whose e-mail contains `keyword`, for operator searches. */
export const userIdsMatching = (ctx: AppContext, keyword: string) => repo.findIdsByEmailPart(ctx.db, keyword);

/** The demo customer of a fresh local install: signed up through the house code, no e-mail code needed. */
export async function createDemoCustomer(ctx: AppContext, input: { email: string; password: string; houseCode: string }) {
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (tx) => {
    const id = await repo.insertUser(tx, {
      email: input.email,
      password_hash: passwordHash,
      nickname: 'Demo',
      invite_code: await newUserInviteCode(tx),
      inviter_id: null,
      house_code: input.houseCode,
      lang: 'en',
      created_at: iso(now),
    });
    await openUserAccounts(tx, id, now);
  });
}

export async function login(
  ctx: AppContext,
  input: { email: string; password: string },
  lang: Lang,
  ip: string,
): Promise<LoginResponse> {
  await throttle(ctx, `login:ip:${ip}`, LIMITS.loginPerIp);
  await throttle(ctx, `login:account:${input.email}`, LIMITS.loginPerAccount);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), input.password);
  if (!user || !ok) throw new DomainError('login_failed');
  if (user.status !== 'active') throw new DomainError('account_frozen');
  await ctx.throttle.reset(`login:account:${input.email}`);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (tx) => {
    if (user.lang !== lang) await repo.updateUser(tx, user.id, { lang });
    const session = await openSession(tx, 'sessions', user.id, now);
    return { token: session.token, user: toUser({ ...user, lang }) };
  });
}

export async function resetPassword(
  ctx: AppContext,
  input: { email: string; code: string; password: string },
  lang: Lang,
  ip: string,
) {
  await throttle(ctx, `reset:ip:${ip}`, LIMITS.resetPerIp);
  const codeId = await checkCode(ctx, input.email, 'forget', input.code);
  const user = await repo.findUserByEmail(ctx.db, input.email);
  if (!user) throw new DomainError('code_expired');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (tx) => {
    await spendCode(tx, codeId, now);
    await repo.updateUser(tx, user.id, { password_hash: passwordHash, password_changed_at: iso(now) });
    await endSessionsOf(tx, 'sessions', user.id);
  });
  await ctx.live.endSessions(user.id, 'all');
  await notifyPasswordChanged(ctx, user, lang, now);
}

export async function changePassword(
  ctx: AppContext,
  who: CurrentUser,
  input: { old_password: string; password: string },
  lang: Lang,
): Promise<void> {
  await throttle(ctx, `password:user:${who.user.id}`, LIMITS.passwordPerUser);
  if (!(await verifyPassword(who.user.password_hash, input.old_password))) throw new DomainError('old_password_wrong');
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (tx) => {
    await repo.updateUser(tx, who.user.id, { password_hash: passwordHash, password_changed_at: iso(now) });
    await endSessionsOf(tx, 'sessions', who.user.id, who.sessionId);
  });
  await ctx.live.endSessions(who.user.id, { except: who.sessionId });
  await notifyPasswordChanged(ctx, who.user, lang, now);
}

async function notifyPasswordChanged(ctx: AppContext, user: repo.UserRow, lang: Lang, now: Date) {
  const { app_name } = await getSettings(ctx.db, ctx.config.publicUrl);
  // The change stands even if this notice cannot be sent; the failure is logged.
  await ctx.mailer
    .send(passwordChangedMail(user.email, lang, now, app_name))
    .catch((err) => ctx.log.error({ err }, 'notice mail failed'));
}

export async function logout(ctx: AppContext, who: CurrentUser) {
  await endSession(ctx.db, 'sessions', who.sessionId);
  await ctx.live.endSessions(who.user.id, { only: who.sessionId });
}

export async function saveNickname(ctx: AppContext, who: CurrentUser, nickname: string): Promise<User> {
  await repo.updateUser(ctx.db, who.user.id, { nickname });
  return toUser({ ...who.user, nickname });
}

export const getMoneyInfo = (ctx: AppContext, who: CurrentUser) => moneyInfo(ctx.db, who.user.id);

export interface CurrentUser {
  user: repo.UserRow;
  sessionId: number;
}

/** Resolves the X-Access-Token header to a signed-in, active customer, else answers code -1. */
export function userAuth(ctx: AppContext) {
  return async (req: FastifyRequest): Promise<CurrentUser> => {
    const token = req.headers['x-access-token'];
    if (typeof token !== 'string' || !token) throw new DomainError('unauthorized');
    const session = await resolveSession(ctx.db, 'sessions', token, ctx.clock.now());
    if (!session) throw new DomainError('unauthorized');
    const user = await repo.findUserById(ctx.db, session.ownerId);
    if (user?.status !== 'active') throw new DomainError('unauthorized');
    return { user, sessionId: session.id };
  };
}
