import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { normalizeLang, TOTP_CODE_RE, type TotpEnabled, type TotpSetup } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { afterCommit, logOf } from '../../db/transaction.js';
import { withAntiPhishing } from '../../lib/anti-phishing.js';
import { iso } from '../../lib/clock.js';
import { hmacSha256, randomCode } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import type { Limit } from '../../lib/throttle.js';
import { newTotpSecret, totpFor, totpStep } from '../operators/operators.service.js';
import { getSettings } from '../settings/settings.service.js';
import { type CurrentUser, type Principal, setTotpState, withdrawUnlockAt } from '../users/users.service.js';
import { twoFactorChangedMail } from './two-factor.mails.js';
import * as repo from './two-factor.repository.js';

/** Wrong codes per customer within 15 minutes before every further try is refused (`rate_limited`) until the window ends. */
const WRONG_CODE_LIMIT: Limit = { points: 5, seconds: 900 };
const RECOVERY_CODE_COUNT = 10;

const wrongKey = (userId: number) => `totp:wrong:${userId}`;

/**
 * Secrets are kept encrypted (AES-256-GCM) under a key derived from the audit key, which lives outside the database: a
 * copy of the database alone yields no second factor. Recovery codes are kept as keyed hashes for the same reason.
 */
const secretKey = (ctx: AppContext) => Buffer.from(hmacSha256(ctx.auditKey, 'customer-totp-secret'), 'hex');

function seal(ctx: AppContext, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(ctx), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

function open(ctx: AppContext, sealed: string): string {
  const [, iv, tag, body] = sealed.split('.');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(ctx), Buffer.from(iv ?? '', 'base64url'));
  decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body ?? '', 'base64url')), decipher.final()]).toString('utf8');
}

const recoveryHash = (ctx: AppContext, userId: number, code: string) => hmacSha256(secretKey(ctx), `recovery:${userId}:${code}`);

const newRecoveryCode = () => {
  const c = randomCode(10);
  return `${c.slice(0, 5)}-${c.slice(5)}`;
};

/**
 * Checks a code under the wrong-code limit. The try is counted before the code is looked at, by one atomic increment
 * of a counter every node shares, so concurrent tries are counted exactly however many nodes they reach; a right code
 * (or a failure that is not a wrong code) gives its count back.
 */
async function underLimit(ctx: AppContext, userId: number, isRight: () => Promise<boolean>): Promise<void> {
  if ((await ctx.throttle.hit(wrongKey(userId), WRONG_CODE_LIMIT)) > 0) throw new DomainError('rate_limited');
  let right = true;
  try {
    right = await isRight();
  } finally {
    if (right) await ctx.throttle.giveBack(wrongKey(userId), WRONG_CODE_LIMIT);
  }
  if (!right) throw new DomainError('totp_invalid');
}

/**
 * Spends a second factor: an authenticator code of the confirmed secret, each time step once (a replay is refused, also
 * across calls), or an unused recovery code, once. Wrong ones are counted and throttled.
 */
async function spendCode(tx: Tx, ctx: AppContext, userId: number, code: string): Promise<void> {
  const now = ctx.clock.now();
  await underLimit(ctx, userId, async () => {
    if (!TOTP_CODE_RE.test(code)) return repo.spendRecoveryCode(tx, userId, recoveryHash(ctx, userId, code), iso(now));
    const row = await repo.findTotp(tx, userId);
    const step = row?.secret ? totpStep(open(ctx, row.secret), code, now) : null;
    return step !== null && (await repo.claimStep(tx, userId, step, iso(now)));
  });
}

/**
 * The guard of sign-in and payout-account changes: nothing for a customer without two-factor; with it, a fresh code
 * (`totp_code_required` when none was sent, `totp_invalid` when it is wrong or used).
 */
export async function requireSecondFactor(
  tx: Tx,
  ctx: AppContext,
  user: Pick<Principal, 'id' | 'totp_enabled_at'>,
  totp: string | undefined,
): Promise<void> {
  if (user.totp_enabled_at === null) return;
  if (!totp) throw new DomainError('totp_code_required');
  await spendCode(tx, ctx, user.id, totp);
}

/**
 * The guard of every call that lets value leave the customer's control (a withdrawal, a sell listing, a release, a
 * sale to a merchant): a fresh second factor when two-factor is on, and none of it within 24 hours of a password
 * change or of two-factor turned off, so a stolen session or password cannot move the balance out before the owner
 * hears of it.
 */
export async function guardValueOut(
  tx: Tx,
  ctx: AppContext,
  user: Pick<Principal, 'id' | 'totp_enabled_at' | 'password_changed_at' | 'totp_disabled_at'>,
  totp: string | undefined,
): Promise<void> {
  await requireSecondFactor(tx, ctx, user, totp);
  const now = ctx.clock.now();
  const until = withdrawUnlockAt(user, now);
  if (until) throw new DomainError('withdraw_locked', { hours: Math.ceil((until.getTime() - now.getTime()) / 3_600_000) });
}

/** A new secret to confirm (replacing one not yet confirmed); refused while two-factor is on. */
export async function setup(tx: Tx, ctx: AppContext, who: CurrentUser): Promise<TotpSetup> {
  if (who.user.totp_enabled_at !== null) throw new DomainError('totp_on_already');
  const secret = newTotpSecret();
  await repo.savePendingSecret(tx, who.user.id, seal(ctx, secret), iso(ctx.clock.now()));
  const { app_name } = await getSettings(tx, ctx.config.publicUrl);
  return { secret, otpauth_url: totpFor(secret, who.user.email, app_name).toString() };
}

/** Confirms the pending secret with one of its codes: two-factor is on, and ten new recovery codes are answered once. */
export async function enable(tx: Tx, ctx: AppContext, who: CurrentUser, code: string): Promise<TotpEnabled> {
  const userId = who.user.id;
  if (who.user.totp_enabled_at !== null) throw new DomainError('totp_on_already');
  const row = await repo.findTotp(tx, userId);
  if (!row?.pending_secret) throw new DomainError('totp_setup_first');
  const now = ctx.clock.now();
  const pending = row.pending_secret;
  await underLimit(ctx, userId, async () => {
    const step = totpStep(open(ctx, pending), code, now);
    return step !== null && (await repo.claimStep(tx, userId, step, iso(now)));
  });
  if (!(await repo.confirmPending(tx, userId, row.pending_secret, iso(now)))) throw new DomainError('totp_setup_first');
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    tx,
    userId,
    codes.map((c) => recoveryHash(ctx, userId, c)),
    iso(now),
  );
  await setTotpState(tx, ctx, userId, { totp_enabled_at: iso(now) });
  await mailChange(tx, ctx, who.user, true, now);
  return { recovery_codes: codes };
}

/** Turns two-factor off with a code of either kind; withdrawals pause for 24 hours from now. */
export async function disable(tx: Tx, ctx: AppContext, who: CurrentUser, code: string): Promise<Record<string, never>> {
  if (who.user.totp_enabled_at === null) throw new DomainError('totp_off_already');
  await spendCode(tx, ctx, who.user.id, code);
  await repo.deleteTotp(tx, who.user.id);
  const now = ctx.clock.now();
  await setTotpState(tx, ctx, who.user.id, { totp_enabled_at: null, totp_disabled_at: iso(now) });
  await mailChange(tx, ctx, who.user, false, now);
  return {};
}

/** Tells the mailbox owner that the second factor changed, so a takeover that turns it off does not go unnoticed. */
async function mailChange(tx: Tx, ctx: AppContext, user: Principal, on: boolean, now: Date) {
  const { app_name } = await getSettings(tx, ctx.config.publicUrl);
  const lang = normalizeLang(user.lang);
  const mail = withAntiPhishing(twoFactorChangedMail(user.email, lang, on, now, app_name), lang, user.anti_phishing_phrase);
  // The change stands even if this notice cannot be sent; the failure is logged.
  afterCommit(tx, () => ctx.mailer.send(mail, logOf(tx)));
}
