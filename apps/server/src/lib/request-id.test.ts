import http from 'node:http';
import { API } from '@c2c/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startServer, type TestServer, uniqueEmail } from '../../test/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let s: TestServer;
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  beforeAll(async () => {
    s = await startServer({
      env: { LOG_LEVEL: 'info' },
      logStream: {
        write(line: string) {
          raw.push(line);
          lines.push(JSON.parse(line));
        },
      },
    });
  });
  afterAll(() => s?.close());

  const post = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(s.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ lang: 'en', ...body }),
    });

  it("keeps the caller's plain x-request-id, echoes it, and puts it on every log line of the request, a service's too", async () => {
    const id = `edge-${Date.now()}.a1:B2`;
    // a reset code for an address nobody has: the notice mailed instead is logged by the mailer, through the logger the
    // service's transaction runs with (not req.log)
    const res = await post(API.sendCode, { email: uniqueEmail('nobody'), scene: 'forget' }, { 'x-request-id': id });
    expect(res.headers.get('x-request-id')).toBe(id);
    expect(((await res.json()) as { code: number }).code).toBe(200);
    const mine = lines.filter((l) => l.reqId === id);
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['mail written to outbox', 'request completed']));
    // one line per request, written when it is answered, says what was asked and how it went
    expect(mine.filter((l) => l.msg === 'request completed')).toEqual([
      expect.objectContaining({ method: 'POST', url: API.sendCode, statusCode: 200, responseTime: expect.any(Number) }),
    ]);
    // each line names the id once (the request's own logger binds it already; the service line gets it added)
    for (const line of raw.filter((l) => l.includes(id))) expect(line.match(/"reqId"/g)).toHaveLength(1);
    // no line of another request carries it
    expect(lines.filter((l) => l.reqId !== id && JSON.stringify(l).includes(id))).toEqual([]);
  });

  it("puts the id on the lines of the request's mail and of its after-commit effects", async () => {
    const id = `mail-${Date.now()}`;
    // a sign-up code: mailed inside the request's transaction
    const res = await post(API.sendCode, { email: uniqueEmail('mailed'), scene: 'register' }, { 'x-request-id': id });
    expect(((await res.json()) as { code: number }).code).toBe(200);
    expect(lines.filter((l) => l.reqId === id).map((l) => l.msg)).toEqual(
      expect.arrayContaining(['mail written to outbox', 'request completed']),
    );
    // a changed password: its notice is mailed after the commit
    const { token } = await signUp(s);
    const changed = `after-${Date.now()}`;
    const answer = await fetch(s.url + API.changePassword, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-access-token': token, 'x-request-id': changed },
      body: JSON.stringify({ lang: 'en', old_password: PASSWORD, password: 'N3w-Passw0rd!', confirm_password: 'N3w-Passw0rd!' }),
    });
    expect(((await answer.json()) as { code: number }).code).toBe(200);
    await expect.poll(() => lines.filter((l) => l.reqId === changed).map((l) => l.msg)).toContain('mail written to outbox');
  });

  it('replaces an id that is too long or holds spaces, quotes or control characters with a random one', async () => {
    for (const bad of ['x'.repeat(65), 'two words', 'quote"d', 'semi;colon', '']) {
      const res = await post(API.sendCode, { email: uniqueEmail('bad') }, { 'x-request-id': bad });
      const got = res.headers.get('x-request-id') ?? '';
      expect(got, JSON.stringify(bad)).toMatch(UUID);
      expect(lines.some((l) => l.reqId === got && l.msg === 'request completed')).toBe(true);
    }
  });

  it('gives every request without an id a fresh random one, also the answers Fastify writes itself (404)', async () => {
    const a = await fetch(`${s.url}/no/such/page`);
    const b = await fetch(`${s.url}/no/such/page`);
    expect(a.status).toBe(404);
    const [ia, ib] = [a.headers.get('x-request-id'), b.headers.get('x-request-id')];
    expect(ia).toMatch(UUID);
    expect(ib).toMatch(UUID);
    expect(ia).not.toBe(ib);
  });

  it('keeps request ids off the lines written outside any request', async () => {
    const from = lines.length;
    s.ctx.log.info({ probe: true }, 'outside a request');
    const line = lines.slice(from).find((l) => l.probe === true);
    expect(line).toBeDefined();
    expect(line).not.toHaveProperty('reqId');
  });
});

describe('request ids across a body that arrives slowly', () => {
  let s: TestServer;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    s = await startServer({
      env: { LOG_LEVEL: 'info' },
      logStream: {
        write(line: string) {
          lines.push(JSON.parse(line));
        },
      },
    });
  });
  afterAll(() => s?.close());

  it("still puts the id on the service's lines when the body comes in parts (parsed in the socket's callbacks)", async () => {
    const id = `slow-${Date.now()}`;
    const body = JSON.stringify({ lang: 'en', email: uniqueEmail('slow'), scene: 'forget' });
    const { port } = new URL(s.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: API.sendCode,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-request-id': id },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 10));
      setTimeout(() => req.end(body.slice(10)), 100);
    });
    expect(status).toBe(200);
    expect(lines.filter((l) => l.reqId === id).map((l) => l.msg)).toContain('mail written to outbox');
  });
});
