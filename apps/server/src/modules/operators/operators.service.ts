import type { Operator, OperatorRole, Page } from '@c2c/shared';
import type { FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import type { AppContext } from '../../context.js';
import { iso } from '../../lib/clock.js';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { endSession, openSession, resolveSession } from '../sessions/sessions.service.js';
import { emailsOf } from '../users/users.service.js';
import * as repo from './operators.repository.js';

const LIMITS = { perIp: [30, 900], perAccount: [10, 900] } as const;

export function toOperator(o: repo.OperatorRow): Operator {
  return {
    id: o.id,
    email: o.email,
    name: o.name,
    role: o.role as OperatorRole,
    created_at: o.created_at,
    last_login_at: o.last_login_at,
  };
}

const totpFor = (secret: string, label = 'operator', issuer = 'C2C console') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

/** The time step a code belongs to (one step either side of now is accepted), or null when it is wrong. */
function totpStep(secret: string, token: string, now: Date): number | null {
  const delta = totpFor(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 30_000) + delta;
}

export async function login(ctx: AppContext, input: { email: string; password: string; totp: string }, ip: string) {
  for (const [key, [limit, window]] of [
    [`oplogin:ip:${ip}`, LIMITS.perIp],
    [`oplogin:account:${input.email}`, LIMITS.perAccount],
  ] as const) {
    if ((await ctx.throttle.hit(key, limit, window)) > 0) throw new DomainError('rate_limited');
  }
  const op = await repo.findOperatorByEmail(ctx.db, input.email);
  const passwordOk = await verifyPassword(op?.password_hash ?? (await dummyHash()), input.password);
  const now = ctx.clock.now();
  const step = op ? totpStep(op.totp_secret, input.totp, now) : null;
  if (!op || !passwordOk || step === null || op.status !== 'active') throw new DomainError('operator_login_failed');
  return ctx.db.transaction().execute(async (tx) => {
    if (!(await repo.claimTotpStep(tx, op.id, step, iso(now)))) throw new DomainError('operator_login_failed');
    const session = await openSession(tx, 'operator_sessions', op.id, now);
    await record(tx, ctx.database.dialect, { actor: op, action: 'auth.login', target: `operator:${op.id}`, detail: { ip }, now });
    await ctx.throttle.reset(`oplogin:account:${input.email}`);
    return { token: session.token, operator: toOperator({ ...op, last_login_at: iso(now) }) };
  });
}

export async function logout(ctx: AppContext, who: CurrentOperator) {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (tx) => {
    await endSession(tx, 'operator_sessions', who.sessionId);
    await record(tx, ctx.database.dialect, {
      actor: who.operator,
      action: 'auth.logout',
      target: `operator:${who.operator.id}`,
      now,
    });
  });
}

/** Creates an operator with a fresh TOTP secret, which is answered once for the creator to hand over. */
export async function createOperator(
  ctx: AppContext,
  actor: Actor | null,
  input: { email: string; name: string; role: OperatorRole; password: string; totpSecret?: string },
) {
  const secret = input.totpSecret ?? newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (tx) => {
    if (await repo.findOperatorByEmail(tx, input.email)) throw new DomainError('operator_exists');
    const id = await repo.insertOperator(tx, {
      email: input.email,
      name: input.name,
      role: input.role,
      password_hash: passwordHash,
      totp_secret: secret,
      created_at: iso(now),
    });
    await record(tx, ctx.database.dialect, {
      actor,
      action: 'operator.create',
      target: `operator:${id}`,
      detail: { email: input.email, role: input.role },
      now,
    });
    const operator = toOperator((await repo.findOperatorById(tx, id))!);
    return { operator, totp_secret: secret, totp_uri: totpFor(secret, input.email).toString() };
  });
}

export async function listOperators(ctx: AppContext, page: number, pageSize: number): Promise<Page<Operator>> {
  const { rows, total } = await repo.pageOperators(ctx.db, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toOperator), total, page, page_size: pageSize };
}

export const countOperators = (ctx: AppContext) => repo.countOperators(ctx.db);

/**
 * The people behind rows of a review queue, looked up once per page: answers a function that gives each row
 * its customer's e-mail and its reviewer's e-mail.
 */
export async function reviewPeople(ctx: AppContext, rows: { user_id: number; reviewed_by: number | null }[]) {
  const reviewerIds = [...new Set(rows.map((r) => r.reviewed_by).filter((i): i is number => i !== null))];
  const [emails, reviewers] = await Promise.all([
    emailsOf(
      ctx,
      rows.map((r) => r.user_id),
    ),
    repo.findEmails(ctx.db, reviewerIds).then((found) => new Map(found.map((o) => [o.id, o.email]))),
  ]);
  return (r: { user_id: number; reviewed_by: number | null }) => ({
    user_id: r.user_id,
    user_email: emails.get(r.user_id) ?? '',
    reviewed_by: r.reviewed_by === null ? null : (reviewers.get(r.reviewed_by) ?? null),
  });
}

/** Who may move money: approve or reject reviews, manage receiving addresses. */
export const MONEY_ROLES = ['owner', 'finance'] as const;

export interface CurrentOperator {
  operator: repo.OperatorRow;
  sessionId: number;
}

/** Resolves X-Admin-Token to an active operator (code -1 otherwise) holding one of `roles` (else `forbidden`). */
export function operatorAuth(ctx: AppContext, roles?: readonly OperatorRole[]) {
  return async (req: FastifyRequest): Promise<CurrentOperator> => {
    const token = req.headers['x-admin-token'];
    if (typeof token !== 'string' || !token) throw new DomainError('unauthorized');
    const session = await resolveSession(ctx.db, 'operator_sessions', token, ctx.clock.now());
    if (!session) throw new DomainError('unauthorized');
    const operator = await repo.findOperatorById(ctx.db, session.ownerId);
    if (operator?.status !== 'active') throw new DomainError('unauthorized');
    if (roles && !roles.includes(operator.role as OperatorRole)) throw new DomainError('forbidden');
    return { operator, sessionId: session.id };
  };
}
