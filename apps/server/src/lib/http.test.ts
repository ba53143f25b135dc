import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';
import { startDraining } from './http.js';

let s: TestServer;
let webDist: string;
let adminDist: string;
beforeAll(async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-dist-'));
  webDist = path.join(root, 'web');
  adminDist = path.join(root, 'admin');
  for (const [dir, title] of [
    [webDist, 'web'],
    [adminDist, 'admin'],
  ] as const) {
    fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>${title}</title>`);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log('${title}')`);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(`console.log('${title} (gzip twin)')`));
  }
  s = await startServer({ webDist, adminDist });
});
afterAll(() => s?.close());

describe('the envelope', () => {
  it('answers an unknown path with 404 and the envelope, in the caller language', async () => {
    const res = await fetch(`${s.url}/api/v1/no/such`, { method: 'POST', body: new URLSearchParams({ lang: 'de' }) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 1001, msg: 'Diese Funktion gibt es nicht', data: {} });
    const get = await fetch(`${s.url}/api/v1/nothing?lang=ja`);
    expect(((await get.json()) as { msg: string }).msg).toBe('この機能は存在しません');
  });

  it('answers an oversized body with 413 and the envelope', async () => {
    const res = await fetch(`${s.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh-TW' },
      body: `email=${'a'.repeat(70_000)}`,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 1002, msg: '上傳內容過大', data: {} });
  });

  it('answers a malformed body with 400 and the envelope, without internals', async () => {
    const res = await fetch(`${s.url}/api/admin/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"email":',
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: number; msg: string };
    expect(body).toEqual({ code: 1000, msg: 'The request could not be read', data: {} });
    const odd = await fetch(`${s.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: '<x/>',
    });
    expect(odd.status).toBe(415);
    expect(((await odd.json()) as { code: number }).code).toBe(1000);
  });

  it('falls back to English for an unknown language and reads zh-CN style tags', async () => {
    expect((await s.call('/api/v1/user/login', { email: '', lang: 'xx-YY' })).msg).toBe('Please enter email');
    expect((await s.call('/api/v1/user/login', { email: '', lang: 'zh_CN' })).msg).toBe('请输入邮箱');
    expect((await s.call('/api/v1/user/login', { email: '', lang: 'zh-Hant-HK' })).msg).toBe('請輸入電子郵件');
  });

  it('turns repeated fields into a validation error, not a crash', async () => {
    const res = await fetch(`${s.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=a@b.co&email=c@d.co&password=x',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { code: number }).code).toBe(1101);
  });
});

/** What came back on a raw connection until the server closed it: status line, headers, body. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function parseRaw(raw: string): RawAnswer {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

/** Writes `chunks` on a raw TCP connection (so framing can be wrong on purpose) and reads until the server closes it. */
async function raw(url: string, ...chunks: (string | (() => Promise<void>))[]): Promise<RawAnswer> {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (d) => received.push(d));
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  for (const chunk of chunks) {
    if (typeof chunk === 'function') await chunk();
    else socket.write(chunk);
  }
  await closed;
  return parseRaw(Buffer.concat(received).toString('utf8'));
}

const READ_FAILED = { code: 1000, msg: 'The request could not be read', data: {} };

describe('the envelope below the routes', () => {
  it('answers oversize headers with 431 and the envelope', async () => {
    const res = await raw(s.url, `GET /api/v1/config/get HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body)).toEqual(READ_FAILED);
  });

  it('answers broken framing with 400 and the envelope', async () => {
    const broken = [
      // a chunk size that is not hex
      'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
      // both a length and chunked (request smuggling)
      'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
      // not HTTP at all
      'HELLO THERE\r\n\r\n',
      // a method HTTP does not have
      'FROB / HTTP/1.1\r\nHost: x\r\n\r\n',
      // a header line without a colon
      'GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n',
    ];
    for (const request of broken) {
      const res = await raw(s.url, request);
      expect(res.status, request).toBe(400);
      expect(JSON.parse(res.body), request).toEqual(READ_FAILED);
    }
  });

  it('answers a malformed URL with 400 and the envelope, in the caller language', async () => {
    const res = await raw(s.url, 'GET /uploads/%E0%A4%A HTTP/1.1\r\nHost: x\r\nAccept-Language: de\r\nConnection: close\r\n\r\n');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 1000, msg: 'Die Anfrage konnte nicht gelesen werden', data: {} });
  });

  it('answers the live-update path with the envelope when it is not a valid WebSocket handshake', async () => {
    const plain = await fetch(`${s.url}/ws?lang=de`);
    expect(plain.status).toBe(404);
    expect(await plain.json()).toEqual({ code: 1001, msg: 'Diese Funktion gibt es nicht', data: {} });
    const res = await raw(
      s.url,
      'GET /ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
        'Sec-WebSocket-Key: short\r\nAccept-Language: ja\r\n\r\n',
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ code: 1000, msg: 'リクエストを読み取れませんでした', data: {} });
  });

  it('answers a call with the wrong method with 405 and the envelope', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${s.url}/api/v1/user/login?lang=ja`, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(await res.json()).toEqual({ code: 1000, msg: 'リクエストを読み取れませんでした', data: {} });
    }
  });

  it('answers JSON that is empty, broken or poisoned, and unknown content types, with the envelope', async () => {
    for (const [type, body] of [
      ['application/json', ''],
      ['application/json', '{"a":1'],
      ['application/json', '{"__proto__":{"x":1}}'],
      ['application/json', '{"constructor":{"prototype":{"x":1}}}'],
      ['application/x-www-form-urlencoded', '%E0%A4%A=%'],
      ['multipart/form-data', '--x\r\n'],
      ['image/png', 'x'],
    ]) {
      const res = await fetch(`${s.url}/api/admin/v1/auth/login`, { method: 'POST', headers: { 'content-type': type! }, body });
      const answer = (await res.json()) as { code: number; msg: string; data: unknown };
      expect(Object.keys(answer).sort(), `${type} ${body}`).toEqual(['code', 'data', 'msg']);
      expect(answer.code, `${type} ${body}`).not.toBe(1003);
    }
  });

  it('answers a request that arrives while the server shuts down with 503 and the envelope', async () => {
    const closing = await startServer();
    let shutdown: Promise<void> | undefined;
    const res = await raw(
      closing.url,
      'POST /api/v1/config/get HTTP/1.1\r\nHost: x\r\n',
      async () => {
        shutdown = closing.close();
        // the listener is closed once shutdown has begun; the request under way is then still answered
        while (closing.app.server.listening) await new Promise((r) => setTimeout(r, 5));
      },
      'Accept-Language: zh-CN\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\n\r\n',
    );
    await shutdown;
    expect(res.status).toBe(503);
    expect(res.headers.connection).toBe('close');
    expect(JSON.parse(res.body)).toEqual({ code: 1006, msg: '服务正在重启，请稍后再试', data: {} });
  });
});

describe('a node draining before it stops (main.ts, SIGTERM behind a balancer)', () => {
  it('answers what arrives on an open connection with 503 once the body is read, then ends the connection cleanly', async () => {
    const node = await startServer();
    try {
      const socket = net.connect(Number(new URL(node.url).port), '127.0.0.1');
      const received: Buffer[] = [];
      socket.on('data', (d) => received.push(d));
      let reset = false;
      socket.on('error', (err: NodeJS.ErrnoException) => {
        reset = err.code === 'ECONNRESET';
      });
      const ended = new Promise<void>((resolve) => socket.on('end', () => resolve()));
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      const body = 'lang=de&x=0123456789';
      const head = `POST /api/v1/config/get HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n`;
      // a keep-alive connection a balancer holds: one request answered normally
      socket.write(head + body);
      while (!Buffer.concat(received).toString().includes('"code":200')) await new Promise((r) => setTimeout(r, 5));
      received.length = 0;

      startDraining(node.app);
      socket.write(head + body.slice(0, 8));
      await new Promise((r) => setTimeout(r, 150));
      // no answer while the body is still arriving: closing now would reset the connection under unread bytes
      expect(Buffer.concat(received).length).toBe(0);
      socket.write(body.slice(8));
      await ended;
      const res = parseRaw(Buffer.concat(received).toString('utf8'));
      expect(res.status).toBe(503);
      expect(res.headers.connection).toBe('close');
      expect(JSON.parse(res.body)).toEqual({ code: 1006, msg: expect.any(String), data: {} });
      expect(reset).toBe(false);
      socket.destroy();
    } finally {
      await node.close();
    }
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${s.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ data: { database: true } });
  });
});

describe('static apps', () => {
  it('serves the customer app and the console with cache rules and security headers', async () => {
    const index = await fetch(`${s.url}/`);
    expect(await index.text()).toContain('<title>web</title>');
    expect(index.headers.get('cache-control')).toBe('no-cache');
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(index.headers.get('x-frame-options')).toBe('DENY');

    // an API answer carries the REST set: never cached, never sniffed or framed, loads nothing
    const api = await fetch(`${s.url}/api/v1/userinfo/get-money-info`, { method: 'POST' });
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(api.headers.get('x-frame-options')).toBe('DENY');
    expect(api.headers.get('cross-origin-opener-policy')).toBeNull();

    const asset = await fetch(`${s.url}/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const admin = await fetch(`${s.url}/admin/`);
    expect(await admin.text()).toContain('<title>admin</title>');
    expect(admin.headers.get('cache-control')).toBe('no-cache');
    const redirect = await fetch(`${s.url}/admin`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect((await fetch(`${s.url}/admin/assets/index-abc123.js`)).headers.get('cache-control')).toContain('immutable');
  });

  it('sends the precompressed twin to a client that accepts gzip', async () => {
    const res = await fetch(`${s.url}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe("console.log('web (gzip twin)')");
  });

  it('does not serve files outside the app folders', async () => {
    const res = await fetch(`${s.url}/..%2f..%2fpackage.json`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('"workspaces"');
  });
});
