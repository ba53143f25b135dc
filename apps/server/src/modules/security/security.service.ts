import { normalizeLang } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { afterCommit, logOf } from '../../db/transaction.js';
import { withAntiPhishing } from '../../lib/anti-phishing.js';
import { addSeconds, iso } from '../../lib/clock.js';
import { newToken, sha256 } from '../../lib/crypto.js';
import { DomainError } from '../../lib/errors.js';
import { endOtherUserSessions, endUserSession, userSessions } from '../sessions/sessions.service.js';
import { getSettings } from '../settings/settings.service.js';
import { describeDevice, networkOf, parseUserAgent } from './security.device.js';
import { newDeviceMail } from './security.mails.js';
import * as repo from './security.repository.js';

/** Where a sign-in comes from: the client's User-Agent and address. */
export interface Device {
  userAgent: string;
  ip: string;
}

/** How long the "end this session" link of a new-device mail works. */
const END_LINK_DAYS = 7;

/**
 * What makes a device "known": the browser family and system (not versions, which change with every update) and the
 * network (/24 or /48), so a browser update or a new address from the same provider block sends no mail, while
 * another browser, computer or network does.
 */
function deviceKey(d: Device): string {
  const { browser, os } = parseUserAgent(d.userAgent);
  return sha256(`${browser}|${os}|${networkOf(d.ip)}`);
}

/** Records a device as known without a mail (the one a customer signs up on). */
export async function rememberDevice(tx: Tx, userId: number, device: Device, now: Date) {
  await repo.insertKnownDevice(tx, userId, deviceKey(device), iso(now));
}

/**
 * Called once per successful customer sign-in, after its session opened. A known device is only touched. A new one
 * is recorded and, unless it is the customer's first recorded device (an account from before this check), mailed
 * about after commit, with a one-time link that ends exactly this session. The mail never fails the sign-in.
 */
export async function afterSignIn(
  tx: Tx,
  ctx: AppContext,
  user: { id: number; email: string; lang: string; anti_phishing_phrase: string | null },
  sessionId: number,
  device: Device,
  now: Date,
) {
  const key = deviceKey(device);
  if (await repo.findKnownDevice(tx, user.id, key)) {
    await repo.touchKnownDevice(tx, user.id, key, iso(now));
    return;
  }
  const firstEver = !(await repo.hasKnownDevices(tx, user.id));
  if (!(await repo.insertKnownDevice(tx, user.id, key, iso(now))) || firstEver) return;
  await repo.deleteExpiredEndLinks(tx, user.id, iso(now));
  const token = newToken();
  await repo.insertEndLink(tx, {
    tokenHash: sha256(token),
    userId: user.id,
    sessionId,
    now: iso(now),
    expiresAt: iso(addSeconds(now, END_LINK_DAYS * 86_400)),
  });
  const { app_name } = await getSettings(tx, ctx.config.publicUrl);
  const lang = normalizeLang(user.lang);
  const link = `${ctx.config.publicUrl.replace(/\/+$/, '')}/#/pages/login/end-session?token=${token}`;
  const mail = newDeviceMail(user.email, lang, {
    app: app_name,
    device: describeDevice(device.userAgent),
    ip: device.ip,
    time: now,
    link,
  });
  const letter = withAntiPhishing(mail, lang, user.anti_phishing_phrase);
  // after commit, like every notice: the session exists before anyone can use the link, and a failed send is logged
  // without failing the sign-in (the mail is composed here, so nothing but its hand-over runs after the commit)
  afterCommit(tx, () => ctx.mailer.send(letter, logOf(tx)));
}

/** The caller's live sessions for the devices page: device, address, times, which is this one; never a token. */
export async function listSessions(tx: Tx, ctx: AppContext, who: { userId: number; sessionId: number }) {
  const rows = await userSessions(tx, who.userId, ctx.clock.now());
  return {
    list: rows.map((r) => ({
      id: r.id,
      device: describeDevice(r.user_agent),
      ip: r.ip,
      created_at: r.created_at,
      last_used_at: r.touched_at,
      current: r.id === who.sessionId,
    })),
  };
}

/**
 * Ends one of the caller's sessions or all the others; another customer's session id answers like a missing one.
 * Ending the caller's own session by id is a sign-out. Their open apps hear it at once (live), after commit.
 */
export async function endSessions(
  tx: Tx,
  ctx: AppContext,
  who: { userId: number; sessionId: number },
  input: { id?: number | undefined; all_others?: boolean | undefined },
) {
  if (input.id !== undefined) {
    if (!(await endUserSession(tx, who.userId, input.id))) throw new DomainError('record_not_found');
    const only = input.id;
    afterCommit(tx, () => ctx.live.endSessions(who.userId, { only }));
    return { ended: 1 };
  }
  const ended = await endOtherUserSessions(tx, who.userId, who.sessionId);
  afterCommit(tx, () => ctx.live.endSessions(who.userId, { except: who.sessionId }));
  return { ended };
}

/**
 * The new-device mail's link: ends the session that sign-in opened, once. An unknown, used or expired token is
 * refused; a valid one whose session already ended (signed out, expired) is spent and answers `ended: false`.
 */
export async function endByLink(tx: Tx, ctx: AppContext, token: string) {
  const link = await repo.spendEndLink(tx, sha256(token), iso(ctx.clock.now()));
  if (!link) throw new DomainError('session_link_invalid');
  // the link was made with its session, at the same moment: a later session that got a reused id is not it
  const ended = await endUserSession(tx, link.user_id, link.session_id, link.created_at);
  if (ended) afterCommit(tx, () => ctx.live.endSessions(link.user_id, { only: link.session_id }));
  return { ended };
}

/** Removes a customer's devices and links, before the customer is deleted. */
export const forgetCustomer = (tx: Tx, userId: number) => repo.deleteCustomerRows(tx, userId);
