import { DomainError } from './errors.js';
import type { Limit, Throttle } from './throttle.js';

/**
 * The throttles of a sign-in (customers and operators alike), built so that nobody can lock another person out:
 * - per client address, over every account (`perIp`);
 * - per account and address (`perPair`): an address that keeps guessing one account is stopped, the others are not;
 * - per account over every address, a growing delay instead of a block: after `FREE_FAILURES` failed tries within
 *   `FAILURE_WINDOW_SECONDS`, each failure closes the account's gate for 1, 2, 4 … up to `MAX_DELAY_SECONDS`
 *   seconds. The gate holds back only addresses that have themselves failed on the account since their last
 *   success, so the account's owner, signing in from an address that has not failed, is never kept out by
 *   failures elsewhere.
 */
export interface SignInLimits {
  /** the key space: `login` for customers, `oplogin` for operators */
  scope: string;
  perIp: Limit;
  perPair: Limit;
}

export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 60;
export const FAILURE_WINDOW_SECONDS = 900;

const pairKey = (l: SignInLimits, account: string, ip: string) => `${l.scope}:pair:${account}:${ip}`;
const gateKey = (l: SignInLimits, account: string) => `${l.scope}:delay:${account}`;

/** Counts the attempt and refuses it (`rate_limited`, or `rate_limited_wait` with the seconds left) when over a limit. */
export async function beforeSignIn(throttle: Throttle, l: SignInLimits, account: string, ip: string): Promise<void> {
  if ((await throttle.hit(`${l.scope}:ip:${ip}`, l.perIp)) > 0) throw new DomainError('rate_limited');
  const pair = pairKey(l, account, ip);
  if ((await throttle.count(pair, l.perPair)) > 0) {
    const wait = await throttle.held(gateKey(l, account));
    if (wait > 0) throw new DomainError('rate_limited_wait', { seconds: wait });
  }
  if ((await throttle.hit(pair, l.perPair)) > 0) throw new DomainError('rate_limited');
}

/** The delay after the `failures`-th failed try on one account: none for the first few, then doubling up to the cap. */
export const delayAfter = (failures: number): number =>
  failures <= FREE_FAILURES ? 0 : Math.min(2 ** (failures - FREE_FAILURES - 1), MAX_DELAY_SECONDS);

/** Counts a failed try against the account as a whole and closes its gate for the growing delay. */
export async function signInFailed(throttle: Throttle, l: SignInLimits, account: string): Promise<void> {
  const delay = delayAfter(await throttle.tally(`${l.scope}:failures:${account}`, FAILURE_WINDOW_SECONDS));
  if (delay > 0) await throttle.hold(gateKey(l, account), delay);
}

/** After a success the address starts afresh for this account; the account's failures stand (an attack goes on). */
export async function signInSucceeded(throttle: Throttle, l: SignInLimits, account: string, ip: string): Promise<void> {
  await throttle.reset(pairKey(l, account, ip), l.perPair);
}
