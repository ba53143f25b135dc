import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.js';

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
