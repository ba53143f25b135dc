import type { Operator, OperatorRole, Page } from '@c2c/shared';
import { Secret, TOTP } from 'otpauth';
import type { AppContext, Tx } from '../../context.js';
import { afterCommit } from '../../db/transaction.js';
import { iso } from '../../lib/clock.js';
import { hashPassword, verifyPassword } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import type { Auth } from '../../lib/http.js';
import { accountToCheck, signInLimits, signInSucceeded } from '../../lib/sign-in-throttle.js';
import { type Actor, record } from '../audit/audit.service.js';
import { endSession, endSessionsOf, openSession, resolveSession } from '../sessions/sessions.service.js';
import { emailsOf } from '../users/users.service.js';
import * as repo from './operators.repository.js';

/** Operator sign-in: per device token, else per client address and per account over every address (lib/sign-in-throttle). */
const LOGIN_LIMITS = signInLimits('oplogin', 30);

export function toOperator(o: OperatorPrincipal): Operator {
  return {
    id: o.id,
    email: o.email,
    name: o.name,
    role: o.role as OperatorRole,
    status: o.status === 'active' ? 'active' : 'disabled',
    created_at: o.created_at,
    last_login_at: o.last_login_at,
  };
}

/** Also the customers' two-factor (two-factor module): one TOTP configuration for the whole service. */
export const totpFor = (secret: string, label = 'operator', issuer = 'C2C console') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The time step a code belongs to (one step either side of now is accepted), or null when it is wrong. */
export function totpStep(secret: string, token: string, now: Date): number | null {
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 30_000) + delta;
}

/**
 * The first half of an operator sign-in: throttles, then the operator (if any) to check the password against.
 * `device`: the id of the browser's device token for this address (lib/device-cookie), if it holds one.
 */
export async function findLogin(
  tx: Tx,
  ctx: AppContext,
  attempt: { email: string; ip: string; device: string | undefined },
): Promise<OperatorLoginAttempt> {
  const { account, passwordHash } = await accountToCheck(ctx.throttle, LOGIN_LIMITS, attempt, () =>
    repo.findOperatorByEmail(tx, attempt.email),
  );
  return { operator: account, passwordHash };
}
export interface OperatorLoginAttempt {
  operator: repo.OperatorRow | undefined;
  passwordHash: string;
}

/** The slow middle, outside any transaction: password and TOTP. Answers the operator and the TOTP step to claim. */
export async function checkLogin(
  ctx: AppContext,
  attempt: OperatorLoginAttempt,
  input: { email: string; password: string; totp: string },
) {
  const passwordOk = await verifyPassword(attempt.passwordHash, input.password);
  const op = attempt.operator;
  const step = op ? totpStep(op.totp_secret, input.totp, ctx.clock.now()) : null;
  if (!op || !passwordOk || step === null || op.status !== 'active') throw new DomainError('operator_login_failed');
  return { operator: op, step };
}

/** The last half: claims the TOTP step once (a replayed code is refused), opens the session and audits the sign-in. */
export async function openLogin(
  tx: Tx,
  ctx: AppContext,
  checked: { operator: repo.OperatorRow; step: number },
  ip: string,
  device: string | undefined,
) {
  const { operator: op, step } = checked;
  const now = ctx.clock.now();
  if (!(await repo.claimTotpStep(tx, op.id, step, iso(now)))) throw new DomainError('operator_login_failed');
  const session = await openSession(tx, 'operator_sessions', op.id, now);
  await record(tx, ctx, { actor: op, action: 'auth.login', target: `operator:${op.id}`, detail: { ip }, now });
  afterCommit(tx, () => signInSucceeded(ctx.throttle, LOGIN_LIMITS, op.email.toLowerCase(), device));
  return { token: session.token, operator: toOperator({ ...op, last_login_at: iso(now) }) };
}

export async function logout(tx: Tx, ctx: AppContext, who: CurrentOperator) {
  await endSession(tx, 'operator_sessions', who.sessionId);
  await record(tx, ctx, {
    actor: who.operator,
    action: 'auth.logout',
    target: `operator:${who.operator.id}`,
    now: ctx.clock.now(),
  });
}

/** Creates an operator with a fresh TOTP secret, which is answered once for the creator to hand over. */
export async function createOperator(
  tx: Tx,
  ctx: AppContext,
  actor: Actor | null,
  input: { email: string; name: string; role: OperatorRole; password: string; totpSecret?: string },
) {
  const secret = input.totpSecret ?? newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  if (await repo.findOperatorByEmail(tx, input.email)) throw new DomainError('operator_exists');
  const id = await repo.insertOperator(tx, {
    email: input.email,
    name: input.name,
    role: input.role,
    password_hash: passwordHash,
    totp_secret: secret,
    created_at: iso(now),
  });
  await record(tx, ctx, {
    actor,
    action: 'operator.create',
    target: `operator:${id}`,
    detail: { email: input.email, role: input.role },
    now,
  });
  const operator = toOperator((await repo.findOperatorById(tx, id))!);
  return { operator, totp_secret: secret, totp_uri: totpFor(secret, input.email).toString() };
}

export async function listOperators(tx: Tx, page: number, pageSize: number): Promise<Page<Operator>> {
  const { rows, total } = await repo.pageOperators(tx, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toOperator), total, page, page_size: pageSize };
}

export const countOperators = (tx: Tx) => repo.countOperators(tx);

/**
 * The people behind rows of a review queue, looked up once per page: answers a function that gives each row
 * its customer's e-mail and its reviewer's e-mail.
 */
export async function reviewPeople(tx: Tx, rows: { user_id: number; reviewed_by: number | null }[]) {
  const reviewerIds = [...new Set(rows.map((r) => r.reviewed_by).filter((i): i is number => i !== null))];
  const [emails, reviewers] = await Promise.all([
    emailsOf(
      tx,
      rows.map((r) => r.user_id),
    ),
    repo.findEmails(tx, reviewerIds).then((found) => new Map(found.map((o) => [o.id, o.email]))),
  ]);
  return (r: { user_id: number; reviewed_by: number | null }) => ({
    user_id: r.user_id,
    user_email: emails.get(r.user_id) ?? '',
    reviewed_by: r.reviewed_by === null ? null : (reviewers.get(r.reviewed_by) ?? null),
  });
}

/** Who may move money: approve or reject reviews, manage receiving addresses. */
export const MONEY_ROLES = ['owner', 'finance'] as const;

/** An operator as the rest of the server sees them: no password hash, no TOTP secret. */
export type OperatorPrincipal = Omit<repo.OperatorRow, 'password_hash' | 'totp_secret'>;

export interface CurrentOperator {
  operator: OperatorPrincipal;
  sessionId: number;
}

/** Resolves an operator's session token to an active operator (code -1 otherwise) holding one of `roles` (else `forbidden`). */
async function authenticate(
  tx: Tx,
  ctx: AppContext,
  token: string | undefined,
  roles?: readonly OperatorRole[],
): Promise<CurrentOperator> {
  if (!token) throw new DomainError('unauthorized');
  const session = await resolveSession(tx, 'operator_sessions', token, ctx.clock.now());
  if (!session) throw new DomainError('unauthorized');
  const found = await repo.findOperatorById(tx, session.ownerId);
  if (found?.status !== 'active') throw new DomainError('unauthorized');
  if (roles && !roles.includes(found.role as OperatorRole)) throw new DomainError('forbidden');
  const { password_hash: _hash, totp_secret: _secret, ...operator } = found;
  return { operator, sessionId: session.id };
}

/** The route guard for console calls: the caller's `X-Admin-Token`, and one of `roles` when given. */
export const operatorAuth =
  (ctx: AppContext, roles?: readonly OperatorRole[]): Auth<CurrentOperator> =>
  (tx, caller) =>
    authenticate(tx, ctx, caller.adminToken, roles);

// ---- operator management ----

/** Tries of the old password when an operator changes theirs. */
const PASSWORD_CHANGE_LIMIT = { points: 5, seconds: 900 };

async function otherOperator(tx: Tx, who: CurrentOperator, id: number) {
  if (id === who.operator.id) throw new DomainError('operator_self');
  const op = await repo.findOperatorById(tx, id);
  if (!op) throw new DomainError('record_not_found');
  return op;
}

/** Disables another operator (never yourself, never the last active owner); their sessions end in the same transaction. */
export async function disableOperator(tx: Tx, ctx: AppContext, who: CurrentOperator, id: number) {
  const op = await otherOperator(tx, who, id);
  if (op.status !== 'active') throw new DomainError('operator_disabled_already');
  if (op.role === 'owner') {
    const owners = await repo.lockActiveOwners(tx);
    if (owners.filter((o) => o.id !== op.id).length === 0) throw new DomainError('operator_last_owner');
  }
  if (!(await repo.switchStatus(tx, op.id, 'active', 'disabled'))) throw new DomainError('operator_disabled_already');
  await endSessionsOf(tx, 'operator_sessions', op.id);
  await record(tx, ctx, {
    actor: who.operator,
    action: 'operator.disable',
    target: `operator:${op.id}`,
    detail: { email: op.email, role: op.role },
    now: ctx.clock.now(),
  });
  return toOperator((await repo.findOperatorById(tx, op.id))!);
}

export async function enableOperator(tx: Tx, ctx: AppContext, who: CurrentOperator, id: number) {
  const op = await otherOperator(tx, who, id);
  if (!(await repo.switchStatus(tx, op.id, 'disabled', 'active'))) throw new DomainError('operator_active_already');
  await record(tx, ctx, {
    actor: who.operator,
    action: 'operator.enable',
    target: `operator:${op.id}`,
    detail: { email: op.email, role: op.role },
    now: ctx.clock.now(),
  });
  return toOperator((await repo.findOperatorById(tx, op.id))!);
}

/**
 * Gives another operator a new TOTP secret, answered once for the owner to hand over: the old authenticator stops
 * working and the operator's sessions end. (Your own secret is not reset here: that would sign you out with a code you
 * have not stored yet.)
 */
export async function resetOperatorTotp(tx: Tx, ctx: AppContext, who: CurrentOperator, id: number) {
  const op = await otherOperator(tx, who, id);
  const secret = newTotpSecret();
  await repo.setTotpSecret(tx, op.id, secret);
  await endSessionsOf(tx, 'operator_sessions', op.id);
  await record(tx, ctx, {
    actor: who.operator,
    action: 'operator.reset_totp',
    target: `operator:${op.id}`,
    detail: { email: op.email },
    now: ctx.clock.now(),
  });
  return {
    operator: toOperator((await repo.findOperatorById(tx, op.id))!),
    totp_secret: secret,
    totp_uri: totpFor(secret, op.email).toString(),
  };
}

/** An operator changes their own password with the old one; every other session of theirs ends. Rare, so hashed inside. */
export async function changeOwnPassword(
  tx: Tx,
  ctx: AppContext,
  who: CurrentOperator,
  input: { old_password: string; password: string },
) {
  // a stolen console session cannot guess the old password quickly
  if ((await ctx.throttle.hit(`oppassword:${who.operator.id}`, PASSWORD_CHANGE_LIMIT)) > 0) throw new DomainError('rate_limited');
  const current = await repo.findPasswordHash(tx, who.operator.id);
  if (!current || !(await verifyPassword(current, input.old_password))) throw new DomainError('old_password_wrong');
  await repo.setPasswordHash(tx, who.operator.id, await hashPassword(input.password));
  await endSessionsOf(tx, 'operator_sessions', who.operator.id, who.sessionId);
  await record(tx, ctx, {
    actor: who.operator,
    action: 'auth.change_password',
    target: `operator:${who.operator.id}`,
    now: ctx.clock.now(),
  });
}
