import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import {
  checked,
  HOUSE_CODE,
  OWNER,
  PASSWORD,
  serverForFile,
  signIn,
  signUp,
  type TestServer,
  uniqueEmail,
} from '../../../test/harness.js';
import { TestClock } from '../../lib/clock.js';
import { CUSTOMER_DEVICES, DEVICE_TOKENS_KEPT, deviceCookie, trustedDevice } from '../../lib/device-cookie.js';

const s = serverForFile();

const onRedis = !!process.env.REDIS_URL;
const WRONG = 'Wrong12345';
const code = errorCode;
/** sixty attacking client addresses */
const attackers = Array.from({ length: 60 }, (_, i) => `203.0.113.${i + 1}`);

/**
 * A browser: it keeps the cookies the server sets (name=value) and sends them back, as a browser does for the
 * same-origin sign-in call.
 */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(private readonly server: () => TestServer) {}
  async post(path: string, body: Record<string, string>, ip: string) {
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.server().url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams({ lang: 'en', ...body }),
    });
    const setCookie = res.headers.getSetCookie();
    for (const c of setCookie) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      this.jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return { ...checked(path, await res.json()), setCookie };
  }
}

const countOf = (answers: { code: number }[], key: Parameters<typeof errorCode>[0]) =>
  answers.filter((a) => a.code === code(key)).length;

describe('customer sign-in with device cookies', () => {
  it('checks at most 10 passwords on one customer from 60 addresses at once, and lets the known browser in', async () => {
    const { email } = await signUp(s);
    const known = new Browser(() => s);
    // the customer signed in on this browser before: it holds a device cookie for the account
    expect((await known.post(API.login, { email, password: PASSWORD }, '198.51.100.10')).code).toBe(200);

    const attack = await Promise.all(attackers.map((ip) => new Browser(() => s).post(API.login, { email, password: WRONG }, ip)));
    // (the known browser's own first sign-in, a success, used none of the account's 10 tries without a cookie)
    expect(countOf(attack, 'login_failed')).toBe(10);
    expect(countOf(attack, 'rate_limited_wait')).toBe(50);
    expect(attack.find((a) => a.code === code('rate_limited_wait'))!.msg).toMatch(
      /^Too many failed attempts, please try again in \d+ s$/,
    );

    // the attack goes on; the known browser signs in from anywhere, a browser without its cookie (even with the
    // right password) waits with the attackers
    expect((await known.post(API.login, { email, password: PASSWORD }, '198.51.100.11')).code).toBe(200);
    expect((await new Browser(() => s).post(API.login, { email, password: WRONG }, attackers[0]!)).code).toBe(
      code('rate_limited_wait'),
    );
    expect((await new Browser(() => s).post(API.login, { email, password: PASSWORD }, '198.51.100.12')).code).toBe(
      code('rate_limited_wait'),
    );
    expect((await known.post(API.login, { email, password: PASSWORD }, '198.51.100.13')).code).toBe(200);
  });

  it('counts tries one after another alike, and a cookie for another account or a forged one does not help', async () => {
    const { email } = await signUp(s);
    const other = await signUp(s);
    const browser = new Browser(() => s);
    expect((await browser.post(API.login, { email: other.email, password: PASSWORD }, '198.51.100.20')).code).toBe(200);
    const forged = new Browser(() => s);
    const [id, expires] = browser.jar.get(CUSTOMER_DEVICES.name)!.split('.');
    forged.jar.set(CUSTOMER_DEVICES.name, `${id}.${expires}.${'A'.repeat(43)}`);

    const answers = [];
    for (const [i, ip] of attackers.entries())
      answers.push(await (i % 2 ? browser : forged).post(API.login, { email, password: WRONG }, ip));
    expect(countOf(answers, 'login_failed')).toBe(10);
    expect(countOf(answers, 'rate_limited_wait')).toBe(50);
  });

  it('stops a browser that keeps failing with its cookie after 10 tries, and not the others', async () => {
    const { email } = await signUp(s);
    const typist = new Browser(() => s);
    const careful = new Browser(() => s);
    for (const b of [typist, careful])
      expect((await b.post(API.login, { email, password: PASSWORD }, '198.51.100.30')).code).toBe(200);
    for (let i = 0; i < 10; i++)
      expect((await typist.post(API.login, { email, password: WRONG }, '198.51.100.30')).code).toBe(code('login_failed'));
    expect((await typist.post(API.login, { email, password: PASSWORD }, '198.51.100.30')).code).toBe(code('rate_limited_wait'));
    expect((await careful.post(API.login, { email, password: PASSWORD }, '198.51.100.30')).code).toBe(200);
  });

  it('trusts a browser that reset the password with the mailed code, while strangers keep the account busy', async () => {
    const { email } = await signUp(s);
    await Promise.all(attackers.slice(0, 12).map((ip) => new Browser(() => s).post(API.login, { email, password: WRONG }, ip)));
    const fresh = new Browser(() => s);
    expect((await fresh.post(API.login, { email, password: PASSWORD }, '198.51.100.40')).code).toBe(code('rate_limited_wait'));

    expect((await s.call(API.sendCode, { email, scene: 'forget' })).code).toBe(200);
    const reset = { email, code: s.lastCode(email), password: 'Reset12345', confirm_password: 'Reset12345' };
    expect((await fresh.post(API.forget, reset, '198.51.100.40')).code).toBe(200);
    expect((await fresh.post(API.login, { email, password: 'Reset12345' }, '198.51.100.41')).code).toBe(200);
  });

  it('gives a browser that signs up a cookie, sent only with the sign-in call and never to scripts', async () => {
    const email = uniqueEmail('cookie');
    await s.call(API.sendCode, { email });
    const browser = new Browser(() => s);
    const reg = { email, code: s.lastCode(email), password: PASSWORD, confirm_password: PASSWORD, invite_code: HOUSE_CODE };
    const res = await browser.post(API.register, reg, '198.51.100.50');
    expect(res.code).toBe(200);
    expect(res.setCookie).toHaveLength(1);
    expect(res.setCookie[0]).toMatch(
      /^c2c_device=[\w-]{22}\.\d+\.[\w-]{43}; Max-Age=31536000; Path=\/api\/v1\/user\/login; HttpOnly; SameSite=Strict$/,
    );
    expect(trustedDevice(s.ctx, CUSTOMER_DEVICES, email, `c2c_device=${browser.jar.get('c2c_device')}`)).toBeDefined();
    expect(trustedDevice(s.ctx, CUSTOMER_DEVICES, uniqueEmail('else'), `c2c_device=${browser.jar.get('c2c_device')}`)).toBe(
      undefined,
    );
  });

  it('stops one address after 50 tries over any accounts without a cookie, and not the others', async () => {
    const ip = '198.51.100.60';
    for (let i = 0; i < 50; i++)
      expect((await s.call(API.login, { email: uniqueEmail('ip'), password: WRONG }, undefined, ip)).code).toBe(
        code('login_failed'),
      );
    const { email } = await signUp(s);
    expect((await signIn(s, email, {}, ip)).code).toBe(code('rate_limited'));
    expect((await signIn(s, email, {}, '198.51.100.61')).code).toBe(200);
  });

  it('gives every throttle key an expiry', async () => {
    const { email, token } = await signUp(s);
    await s.call(API.login, { email, password: WRONG }, undefined, '198.51.100.70');
    await s.call(API.changePassword, { old_password: WRONG, password: 'NewPass123', confirm_password: 'NewPass123' }, token);
    await s.call(API.sendCode, { email: uniqueEmail('ttl') });
    if (onRedis) {
      const redis = new Redis(process.env.REDIS_URL!);
      try {
        const keys = await redis.keys(`${s.redisPrefix}throttle*`);
        // send-code (address, e-mail), sign-in (address, account's two windows), password change, sign-up…
        expect(keys.length).toBeGreaterThanOrEqual(6);
        for (const key of keys) expect(await redis.pttl(key), key).toBeGreaterThan(0);
      } finally {
        redis.disconnect();
      }
    } else {
      // in memory the counters live in this process; they still count within their window
      expect(await s.ctx.throttle.count(`login:account:900:${email}`, { points: 10, seconds: 900 })).toBe(1);
    }
  });
});

describe('device cookies', () => {
  const ctx = (auditKey: string, publicUrl = 'http://localhost:8080') => ({
    auditKey: Buffer.from(auditKey),
    clock: new TestClock(),
    config: { publicUrl } as TestServer['ctx']['config'],
  });
  const pairOf = (setCookie: string) => setCookie.split(';')[0]!;

  it('are signed with a key derived from the audit key: good on every node that shares it, and until they expire', () => {
    const a = ctx('k'.repeat(32));
    const cookie = pairOf(deviceCookie(a, CUSTOMER_DEVICES, 'a@example.com', undefined));
    expect(trustedDevice(ctx('k'.repeat(32)), CUSTOMER_DEVICES, 'a@example.com', cookie)).toBeDefined();
    expect(trustedDevice(ctx('x'.repeat(32)), CUSTOMER_DEVICES, 'a@example.com', cookie)).toBeUndefined();
    a.clock.advance(366 * 86_400_000);
    expect(trustedDevice(a, CUSTOMER_DEVICES, 'a@example.com', cookie)).toBeUndefined();
  });

  it('keep one token per account, a few accounts per browser, and are Secure over https', () => {
    const c = ctx('k'.repeat(32), 'https://c2c.example');
    let cookie: string | undefined;
    const accounts = Array.from({ length: DEVICE_TOKENS_KEPT + 1 }, (_, i) => `u${i}@example.com`);
    for (const account of [...accounts, accounts.at(-1)!]) {
      const set = deviceCookie(c, CUSTOMER_DEVICES, account, cookie);
      expect(set).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
      cookie = pairOf(set);
    }
    expect(cookie!.split('~')).toHaveLength(DEVICE_TOKENS_KEPT);
    expect(accounts.map((a) => trustedDevice(c, CUSTOMER_DEVICES, a, cookie) !== undefined)).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('operator sign-in with device cookies', () => {
  const o = serverForFile();

  it('checks at most 10 passwords on the owner from 60 addresses at once, and lets the owner’s console in', async () => {
    const ownerConsole = new Browser(() => o);
    const owner = () => ({ email: OWNER.email, password: OWNER.password, totp: o.totp() });
    const signedIn = await ownerConsole.post(ADMIN_API.login, owner(), '198.51.100.80');
    expect(signedIn.code).toBe(200);
    expect(signedIn.setCookie[0]).toMatch(/^c2c_op_device=.*; Path=\/api\/admin\/v1\/auth\/login; HttpOnly; SameSite=Strict$/);
    o.clock.advance(30_000);

    const attack = await Promise.all(
      attackers.map((ip) =>
        new Browser(() => o).post(ADMIN_API.login, { email: OWNER.email, password: 'nope-nope-1', totp: o.totp() }, ip),
      ),
    );
    expect(countOf(attack, 'operator_login_failed')).toBe(10);
    expect(countOf(attack, 'rate_limited_wait')).toBe(50);

    expect((await ownerConsole.post(ADMIN_API.login, owner(), '198.51.100.81')).code).toBe(200);
    o.clock.advance(30_000);
    expect((await new Browser(() => o).post(ADMIN_API.login, owner(), '198.51.100.82')).code).toBe(code('rate_limited_wait'));
    const german = await o.admin(ADMIN_API.login, { ...owner(), lang: 'de' }, undefined, '198.51.100.83');
    expect(german.msg).toMatch(/^Zu viele fehlgeschlagene Versuche, bitte versuchen Sie es in \d+ s erneut$/);
  });
});
