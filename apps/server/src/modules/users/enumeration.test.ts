import { API, errorCode } from '@c2c/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { HOUSE_CODE, serverForFile, signUp, type TestServer, uniqueEmail } from '../../../test/harness.js';

const s = serverForFile();
/** customers, and as many addresses without an account */
let known: string[];
let unknown: string[];
const PAIRS = 20;

beforeAll(async () => {
  known = [];
  for (let i = 0; i < PAIRS; i += 5)
    known.push(...(await Promise.all(Array.from({ length: 5 }, () => signUp(s)))).map((u) => u.email));
  unknown = known.map(() => uniqueEmail('nobody'));
  // past the resend wait of the sign-ups' own codes
  s.clock.advance(61_000);
}, 120_000);

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

type Answer = Awaited<ReturnType<TestServer['call']>>;

/**
 * Calls `call` for a customer and an address without an account, pair by pair, in alternating order (a busy machine
 * slows both alike), `rounds` times after one round to warm up. Every pair must answer alike; answers the median of
 * the pairs' time differences and the median time of a call, in milliseconds.
 */
async function timePairs(call: (email: string) => Promise<Answer>, rounds: number, between?: () => void) {
  const diffs: number[] = [];
  const all: number[] = [];
  const timed = async (email: string) => {
    const t0 = performance.now();
    const answer = await call(email);
    return { answer, ms: performance.now() - t0 };
  };
  for (let round = 0; round <= rounds; round++) {
    for (let i = 0; i < PAIRS; i++) {
      const [a, b] = i % 2 ? [known[i]!, unknown[i]!] : [unknown[i]!, known[i]!];
      const first = await timed(a);
      const second = await timed(b);
      const [k, u] = i % 2 ? [first, second] : [second, first];
      expect(u.answer, `${known[i]} / ${unknown[i]}`).toEqual(k.answer);
      if (round > 0) {
        diffs.push(k.ms - u.ms);
        all.push(k.ms, u.ms);
      }
    }
    between?.();
  }
  return { diff: median(diffs), typical: median(all) };
}

/** Within noise: the median difference under a fifth of a typical call, or under 1.5 ms for calls that quick. */
const alike = ({ diff, typical }: { diff: number; typical: number }) =>
  expect(Math.abs(diff), `median difference ${diff.toFixed(2)} ms, typical call ${typical.toFixed(2)} ms`).toBeLessThan(
    Math.max(1.5, typical / 5),
  );

describe('nobody learns from answers or timing whether an address has an account', () => {
  it('send-code for a reset and for a sign-up', async () => {
    const next = () => s.clock.advance(61_000);
    // two rounds: a file running beside this one on the second core must not decide a median of quick calls (more
    // would pass the hour's mails to one address, which the next test still needs)
    const forget = await timePairs((email) => s.call(API.sendCode, { email, scene: 'forget' }), 2, next);
    const register = await timePairs((email) => s.call(API.sendCode, { email }), 2, next);
    alike(forget);
    alike(register);
  }, 120_000);

  it('a guessed reset code, and a guessed sign-up code', async () => {
    const asked = await Promise.all(
      [...known, ...unknown].flatMap((email) => [
        s.call(API.sendCode, { email, scene: 'forget' }),
        s.call(API.sendCode, { email }),
      ]),
    );
    expect(asked.filter((a) => a.code !== 200).map((a) => a.msg)).toEqual([]);
    // per address, a code none of its mails holds (read before the clock runs: the outbox is big by now)
    const guesses = new Map(
      [...known, ...unknown].map((email) => {
        const mailed = new Set(
          s.mails(email).map(
            (m) =>
              /\b(\d{6})\b/.exec(
                m
                  .split(/\r?\n\r?\n/)
                  .slice(1)
                  .join('\n'),
              )?.[1],
          ),
        );
        return [email, ['123456', '654321', '111111'].find((c) => !mailed.has(c))!];
      }),
    );
    const wrong = (email: string) => guesses.get(email)!;
    const reset = await timePairs(
      (email) => s.call(API.forget, { email, code: wrong(email), password: 'Reset12345', confirm_password: 'Reset12345' }),
      1,
    );
    const signUpGuess = await timePairs(
      (email) =>
        s.call(API.register, {
          email,
          code: wrong(email),
          password: 'Other12345',
          confirm_password: 'Other12345',
          invite_code: HOUSE_CODE,
        }),
      1,
    );
    alike(reset);
    alike(signUpGuess);
    // the guesses were checked against a stored code, for both kinds of address
    const last = await s.call(API.forget, {
      email: unknown[0]!,
      code: wrong(unknown[0]!),
      password: 'Reset12345',
      confirm_password: 'Reset12345',
    });
    expect(last.code).toBe(errorCode('code_wrong'));
  }, 180_000);
});
