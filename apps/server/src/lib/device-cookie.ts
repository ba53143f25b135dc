import { createHmac, randomBytes } from 'node:crypto';
import { ADMIN_API, API } from '@c2c/shared';
import type { AppContext } from '../context.js';
import { safeEqual } from './crypto.js';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account holds a token signed for that account, and its tries are counted per token instead of against the account,
 * so failures elsewhere never lock it out. The cookie is HttpOnly, SameSite=Strict and travels only with the sign-in
 * call of its kind; the apps never see it.
 */
export interface DeviceCookieKind {
  name: string;
  path: string;
}
export const CUSTOMER_DEVICES: DeviceCookieKind = { name: 'c2c_device', path: API.login };
export const OPERATOR_DEVICES: DeviceCookieKind = { name: 'c2c_op_device', path: ADMIN_API.login };

/** How long a device token stays good after its sign-in. */
const DEVICE_TOKEN_DAYS = 365;
/** Tokens one browser keeps per kind (people sharing a computer each keep theirs). */
export const DEVICE_TOKENS_KEPT = 4;

const TOKEN = /^[A-Za-z0-9_-]{22}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/;

// Derived from the audit key (AUDIT_KEY or its key file): every server process of an installation signs alike, and
// a restart keeps the tokens good.
const keys = new WeakMap<Buffer, Buffer>();
function keyOf(auditKey: Buffer): Buffer {
  let key = keys.get(auditKey);
  if (!key) {
    key = createHmac('sha256', auditKey).update('device cookies').digest();
    keys.set(auditKey, key);
  }
  return key;
}

const macOf = (key: Buffer, kind: DeviceCookieKind, account: string, id: string, expires: string) =>
  createHmac('sha256', key).update(`${kind.name}\n${account}\n${id}\n${expires}`).digest('base64url');

/** The device tokens of `kind` in a Cookie header, at most `DEVICE_TOKENS_KEPT`, malformed ones left out. */
function tokensIn(cookieHeader: string | undefined, kind: DeviceCookieKind): string[] {
  if (!cookieHeader) return [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === kind.name)
      return part
        .slice(eq + 1)
        .trim()
        .split('~')
        .filter((t) => TOKEN.test(t))
        .slice(0, DEVICE_TOKENS_KEPT);
  }
  return [];
}

const isFor = (key: Buffer, kind: DeviceCookieKind, account: string, token: string, now: Date): boolean => {
  const [id = '', expires = '', mac = ''] = token.split('.');
  return Number(expires) * 1000 > now.getTime() && safeEqual(mac, macOf(key, kind, account, id, expires));
};

/** The id of a good device token the browser holds for `account`, else undefined. */
export function trustedDevice(
  ctx: Pick<AppContext, 'auditKey' | 'clock'>,
  kind: DeviceCookieKind,
  account: string,
  cookieHeader: string | undefined,
): string | undefined {
  const key = keyOf(ctx.auditKey);
  const now = ctx.clock.now();
  return tokensIn(cookieHeader, kind)
    .find((t) => isFor(key, kind, account, t, now))
    ?.split('.')[0];
}

/**
 * The Set-Cookie header after a sign-in to `account`: a new token for it first, then the browser's tokens for other
 * accounts, the oldest dropped beyond `DEVICE_TOKENS_KEPT`. Secure when the server is reached over https.
 */
export function deviceCookie(
  ctx: Pick<AppContext, 'auditKey' | 'clock' | 'config'>,
  kind: DeviceCookieKind,
  account: string,
  cookieHeader: string | undefined,
): string {
  const key = keyOf(ctx.auditKey);
  const now = ctx.clock.now();
  const id = randomBytes(16).toString('base64url');
  const expires = String(Math.floor(now.getTime() / 1000) + DEVICE_TOKEN_DAYS * 86_400);
  const others = tokensIn(cookieHeader, kind).filter((t) => !isFor(key, kind, account, t, now));
  const value = [`${id}.${expires}.${macOf(key, kind, account, id, expires)}`, ...others].slice(0, DEVICE_TOKENS_KEPT);
  const secure = ctx.config.publicUrl.startsWith('https:') ? '; Secure' : '';
  return `${kind.name}=${value.join('~')}; Max-Age=${DEVICE_TOKEN_DAYS * 86_400}; Path=${kind.path}; HttpOnly; SameSite=Strict${secure}`;
}
