import { ADMIN_API, API, errorCode, errorMessage } from '@c2c/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER, PASSWORD, signUp, startServer, type TestServer, uniqueEmail } from '../../../test/harness.js';
import { delayAfter, FREE_FAILURES, MAX_DELAY_SECONDS } from '../../lib/sign-in-throttle.js';
import { GATE } from '../../lib/throttle.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

const onRedis = !!process.env.REDIS_URL;
const WRONG = 'Wrong12345';
const code = errorCode;
/** ten attacking client addresses */
const attackers = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);

const login = (email: string, password: string, ip: string) => s.call(API.login, { email, password }, undefined, ip);
const opLogin = (password: string, ip: string) =>
  s.admin(ADMIN_API.login, { email: OWNER.email, password, totp: s.totp() }, undefined, ip);

/** What waiting out the account's delay does, without the test sleeping for it. */
const openGate = (key: string) => s.ctx.throttle.reset(key, GATE);

describe('sign-in throttles', () => {
  it('grows the account delay from 1 s, doubling, up to the cap', () => {
    expect([FREE_FAILURES, FREE_FAILURES + 1, FREE_FAILURES + 2, FREE_FAILURES + 4, 1000].map(delayAfter)).toEqual([
      0,
      1,
      2,
      8,
      MAX_DELAY_SECONDS,
    ]);
  });

  it('lets the real customer in from an eleventh address while ten addresses attack the account', async () => {
    const { email } = await signUp(s);
    const answers = new Set<number>();
    for (let round = 0; round < 11; round++) for (const ip of attackers) answers.add((await login(email, WRONG, ip)).code);
    // the attack met wrong-password answers, then the account's delay; never a success
    expect([...answers].sort()).toEqual([code('rate_limited_wait'), code('login_failed')].sort());
    const waited = await login(email, WRONG, attackers[0]!);
    expect(waited.code).toBe(code('rate_limited_wait'));
    const seconds = Number(/(\d+) s/.exec(waited.msg)?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    expect((await s.call(API.login, { email, password: WRONG, lang: 'de' }, undefined, attackers[1])).msg).toMatch(
      /^Zu viele fehlgeschlagene Versuche, bitte versuchen Sie es in \d+ s erneut$/,
    );

    const real = await login(email, PASSWORD, '198.51.100.11');
    expect(real.code).toBe(200);
    // and again, from the same address, while the attack goes on
    expect((await login(email, WRONG, attackers[2]!)).code).toBe(code('rate_limited_wait'));
    expect((await login(email, PASSWORD, '198.51.100.11')).code).toBe(200);
  });

  it('holds back an address that failed only for the delay, then checks its password again', async () => {
    const { email } = await signUp(s);
    const ip = '198.51.100.20';
    for (let i = 0; i < FREE_FAILURES + 1; i++) expect((await login(email, WRONG, ip)).code).toBe(code('login_failed'));
    const held = await login(email, PASSWORD, ip);
    expect(held).toMatchObject({ code: code('rate_limited_wait'), msg: errorMessage('rate_limited_wait', 'en', { seconds: 1 }) });
    await new Promise((r) => setTimeout(r, 1100));
    expect((await login(email, PASSWORD, ip)).code).toBe(200);
  });

  it('stops one address after 10 tries on one account, and not the others', async () => {
    const { email } = await signUp(s);
    const ip = '198.51.100.30';
    for (let i = 0; i < 10; i++) {
      expect((await login(email, WRONG, ip)).code).toBe(code('login_failed'));
      await openGate(`login:delay:${email}`);
    }
    expect((await login(email, PASSWORD, ip)).code).toBe(code('rate_limited'));
    expect((await login(email, PASSWORD, '198.51.100.31')).code).toBe(200);
  });

  it('stops one address after 50 tries over any accounts, and not the others', async () => {
    const ip = '198.51.100.40';
    for (let i = 0; i < 50; i++) expect((await login(uniqueEmail('ip'), WRONG, ip)).code).toBe(code('login_failed'));
    const { email } = await signUp(s);
    expect((await login(email, PASSWORD, ip)).code).toBe(code('rate_limited'));
    expect((await login(email, PASSWORD, '198.51.100.41')).code).toBe(200);
  });

  it('lets the owner operator in from an eleventh address while ten addresses attack the account', async () => {
    for (let round = 0; round < 11; round++)
      for (const ip of attackers)
        expect([code('operator_login_failed'), code('rate_limited_wait')]).toContain((await opLogin('nope-nope-1', ip)).code);
    expect((await opLogin('nope-nope-1', attackers[0]!)).code).toBe(code('rate_limited_wait'));
    expect((await opLogin(OWNER.password, '198.51.100.50')).code).toBe(200);
    s.clock.advance(30_000);
  });

  it('stops an operator address after 10 tries on one account, and after 30 over any', async () => {
    const ip = '198.51.100.60';
    for (let i = 0; i < 10; i++) {
      expect((await opLogin('nope-nope-1', ip)).code).toBe(code('operator_login_failed'));
      await openGate(`oplogin:delay:${OWNER.email}`);
    }
    expect((await opLogin(OWNER.password, ip)).code).toBe(code('rate_limited'));
    expect((await opLogin(OWNER.password, '198.51.100.61')).code).toBe(200);
    s.clock.advance(30_000);

    const other = '198.51.100.62';
    for (let i = 0; i < 30; i++)
      expect(
        (await s.admin(ADMIN_API.login, { email: uniqueEmail('op'), password: 'nope-nope-1', totp: '123456' }, undefined, other))
          .code,
      ).toBe(code('operator_login_failed'));
    expect((await opLogin(OWNER.password, other)).code).toBe(code('rate_limited'));
  });

  it('gives every throttle key an expiry', async () => {
    const { email, token } = await signUp(s);
    await login(email, WRONG, '198.51.100.70');
    await s.call(API.changePassword, { old_password: WRONG, password: 'NewPass123', confirm_password: 'NewPass123' }, token);
    await s.call(API.sendCode, { email: uniqueEmail('ttl') });
    if (onRedis) {
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        const keys = await redis.keys(`${s.redisPrefix}throttle*`);
        // send-code (address, e-mail), sign-in (address, pair, failures, delay), password change, sign-up…
        expect(keys.length).toBeGreaterThanOrEqual(6);
        for (const key of keys) expect(await redis.pttl(key), key).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    } else {
      // in memory the counters live in this process; they still count within their window
      expect(await s.ctx.throttle.count(`login:pair:${email}:198.51.100.70`, { points: 10, seconds: 900 })).toBe(1);
    }
  });
});
