import { dummyHash } from './crypto.js';
import { DomainError } from './errors.js';
import type { Limit, Throttle } from './throttle.js';

/**
 * The throttles of a sign-in (customers and operators alike), with device cookies (lib/device-cookie) so that a
 * stranger can neither guess without bound nor lock out the account's owner:
 * - a browser holding a device token for the account is counted per token (`perDevice`), and nothing else holds it back;
 * - every other try is counted per client address over every account (`perIp`) and against the account over every
 *   address (`perAccount`, a short window and a long one: a few tries every quarter hour, then a wait for the day's).
 * Tries are counted before the password is checked, atomically: tries sent at once cannot pass a limit together. A
 * successful one is taken back from the account's count, so only failures use it up.
 */
export interface SignInLimits {
  /** the key space: `login` for customers, `oplogin` for operators */
  scope: string;
  perIp: Limit;
  perAccount: readonly Limit[];
  perDevice: Limit;
}

/**
 * The limits of one kind of sign-in (`scope`: `login` for customers, `oplogin` for operators): `perIpPoints` tries a
 * quarter hour from one address, 10 a quarter hour and 40 a day against one account, 10 a quarter hour per device.
 */
export const signInLimits = (scope: string, perIpPoints: number): SignInLimits => ({
  scope,
  perIp: { points: perIpPoints, seconds: 900 },
  perAccount: [
    { points: 10, seconds: 900 },
    { points: 40, seconds: 86_400 },
  ],
  perDevice: { points: 10, seconds: 900 },
});

const accountKey = (l: SignInLimits, limit: Limit, account: string) => `${l.scope}:account:${limit.seconds}:${account}`;

/** Counts the try and refuses it (`rate_limited`, or `rate_limited_wait` with the seconds left) when over a limit. */
async function beforeSignIn(
  throttle: Throttle,
  l: SignInLimits,
  account: string,
  ip: string,
  device: string | undefined,
): Promise<void> {
  if (device) {
    const wait = await throttle.hit(`${l.scope}:device:${device}`, l.perDevice);
    if (wait > 0) throw new DomainError('rate_limited_wait', { seconds: wait });
    return;
  }
  if ((await throttle.hit(`${l.scope}:ip:${ip}`, l.perIp)) > 0) throw new DomainError('rate_limited');
  for (const limit of l.perAccount) {
    const wait = await throttle.hit(accountKey(l, limit, account), limit);
    if (wait > 0) throw new DomainError('rate_limited_wait', { seconds: wait });
  }
}

/**
 * The first half of a sign-in: the try counted (`beforeSignIn`), then the account `find` answers and the password hash
 * to check, a dummy one when there is no account, so both answers take as long.
 */
export async function accountToCheck<R extends { password_hash: string }>(
  throttle: Throttle,
  l: SignInLimits,
  attempt: { email: string; ip: string; device: string | undefined },
  find: () => Promise<R | undefined>,
): Promise<{ account: R | undefined; passwordHash: string }> {
  await beforeSignIn(throttle, l, attempt.email, attempt.ip, attempt.device);
  const account = await find();
  return { account, passwordHash: account?.password_hash ?? (await dummyHash()) };
}

/** After a success the device starts afresh, or the try is taken back from the account's count. */
export async function signInSucceeded(
  throttle: Throttle,
  l: SignInLimits,
  account: string,
  device: string | undefined,
): Promise<void> {
  if (device) await throttle.reset(`${l.scope}:device:${device}`, l.perDevice);
  else for (const limit of l.perAccount) await throttle.giveBack(accountKey(l, limit, account), limit);
}
