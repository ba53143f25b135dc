import { API, errorCode, OK } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { serverForFile, signIn, signUp, type TestServer, uniqueEmail } from '../test/harness.js';

type Sessions = { list: { ip: string; current: boolean }[] };

/** The address the server recorded for the session `token` signs in with: the one Devices shows. */
async function recordedIp(s: TestServer, token: string): Promise<string> {
  const res = await s.call<Sessions>(API.securitySessions, {}, token);
  expect(res.code).toBe(OK);
  return res.data.list.find((x) => x.current)!.ip;
}

/** Signs `email` in with X-Forwarded-For `forwarded`; answers the new session's recorded address. */
async function signInFrom(s: TestServer, email: string, forwarded: string): Promise<string> {
  const res = await signIn(s, email, {}, forwarded);
  expect(res.code).toBe(OK);
  return recordedIp(s, res.data.token);
}

let spoofed = 0;
/** a different made-up left-most entry each time, as a client picking its own address would write */
const spoof = () => `192.0.2.${++spoofed % 250}`;

describe('client address behind one proxy (TRUST_PROXY=true: one hop)', () => {
  const s = serverForFile();

  it('is the address the proxy saw, whatever the client wrote before it', async () => {
    const u = await signUp(s);
    expect(await signInFrom(s, u.email, `${spoof()}, 203.0.113.60`)).toBe('203.0.113.60');
    expect(await signInFrom(s, u.email, `${spoof()},${spoof()} ,  203.0.113.61`)).toBe('203.0.113.61');
  });

  it('is never a text that is not an IP address: the socket’s address is taken instead', async () => {
    const u = await signUp(s);
    for (const forwarded of ['<b>not-an-ip</b>', '203.0.113.62, <b>not-an-ip</b>', '203.0.113.999']) {
      const res = await signIn(s, u.email, {}, forwarded);
      expect(res.code).toBe(OK);
      expect(await recordedIp(s, res.data.token)).toBe('127.0.0.1');
      const listed = JSON.stringify((await s.call<Sessions>(API.securitySessions, {}, res.data.token)).data);
      expect(listed).not.toContain('not-an-ip');
      expect(listed).not.toContain('.999');
    }
  });

  it('keeps counting one account’s guesses from one address however the client varies the left-most entry', async () => {
    const u = await signUp(s);
    const limited = [errorCode('rate_limited'), errorCode('rate_limited_wait')];
    let checked = 0;
    for (let i = 0; i < 20; i++) {
      const res = await s.call(API.login, { email: u.email, password: 'Wrong-guess-1' }, undefined, `${spoof()}, 203.0.113.63`);
      if (!limited.includes(res.code)) checked++;
    }
    // one address's failures on one account close its gate and then its count (LOGIN_LIMITS.perPair: ten) runs out
    expect(checked).toBeLessThanOrEqual(10);
  });

  it('keeps counting one address’s sign-up mails however the client varies the left-most entry', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await s.call(API.sendCode, { email: uniqueEmail('xff') }, undefined, `${spoof()}, 203.0.113.64`)).code);
    // 30 an hour from one address (LIMITS.codePerIp)
    expect(codes.slice(0, 30)).toEqual(Array(30).fill(OK));
    expect(codes[30]).toBe(errorCode('rate_limited'));
  });
});

describe.each([
  { trust: '2', forwarded: '192.0.2.1, 203.0.113.70, 10.1.2.3', seen: '203.0.113.70' },
  { trust: '127.0.0.1, 10.0.0.0/8', forwarded: '192.0.2.1, 203.0.113.71, 10.1.2.3', seen: '203.0.113.71' },
  { trust: 'false', forwarded: '203.0.113.72', seen: '127.0.0.1' },
])('client address with TRUST_PROXY=$trust', ({ trust, forwarded, seen }) => {
  const s = serverForFile({ env: { TRUST_PROXY: trust } });

  it(`takes ${seen} from X-Forwarded-For ${forwarded}`, async () => {
    const email = uniqueEmail('hops');
    // sign-up from the socket's own address alone: a forwarded address would not be trusted alike everywhere
    const u = await signUp(s, { email });
    expect(u.email).toBe(email);
    expect(await signInFrom(s, email, forwarded)).toBe(seen);
  });
});
