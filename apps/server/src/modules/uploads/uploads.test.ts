import fs from 'node:fs';
import path from 'node:path';
import { errorCode } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { ownerToken, PNG, serverForFile, signUp, upload } from '../../../test/harness.js';

const s = serverForFile();

const stored = () => {
  const dir = path.join(s.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const rows = async () =>
  Number(
    (
      await s.db
        .selectFrom('uploads')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('attach/upload', () => {
  it('stores a real image under a random name and serves it to its owner and to operators only', async () => {
    const alice = await signUp(s);
    const bob = await signUp(s);
    const res = await upload(s, alice.token, PNG, 'holiday photo.PNG');
    expect(res.body.code).toBe(200);
    expect(res.body.data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(stored()).toContain(res.body.data.url.slice('/uploads/'.length));

    const get = (headers: Record<string, string>) => fetch(s.url + res.body.data.url, { headers });
    const own = await get({ 'x-access-token': alice.token });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await own.arrayBuffer()).equals(PNG)).toBe(true);
    expect((await get({ 'x-admin-token': await ownerToken(s) })).status).toBe(200);
    // another customer, nobody, and a forged token all get the same 404
    const strangers: Record<string, string>[] = [{ 'x-access-token': bob.token }, {}, { 'x-admin-token': 'A'.repeat(43) }];
    for (const headers of strangers) {
      const other = await get(headers);
      expect(other.status).toBe(404);
      expect(await other.text()).not.toContain('PNG');
    }
  });

  it('refuses a non-image renamed .png, and stores nothing', async () => {
    const { token } = await signUp(s);
    const before = [stored().length, await rows()];
    const fake = Buffer.from('<?php system($_GET["c"]); ?>'.padEnd(200, ' '));
    const res = await upload(s, token, fake, 'shell.png', 'image/png');
    expect(res.body).toMatchObject({ code: errorCode('upload_type'), msg: 'Please upload a JPEG, PNG or WebP image' });
    const gif = await upload(s, token, Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'a.png');
    expect(gif.body.code).toBe(errorCode('upload_type'));
    expect([stored().length, await rows()]).toEqual(before);
  });

  it('refuses an oversized file with a clear message, and stores nothing', async () => {
    const { token } = await signUp(s);
    const before = [stored().length, await rows()];
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(s, token, big, 'big.png');
    expect(res.body).toMatchObject({ code: errorCode('upload_too_large'), msg: 'The image may be at most 5 MB' });
    expect([stored().length, await rows()]).toEqual(before);
  });

  it('ignores a path-traversal file name and serves nothing outside the uploads folder', async () => {
    const { token } = await signUp(s);
    const res = await upload(s, token, PNG, '../../../../etc/passwd.png');
    expect(res.body.code).toBe(200);
    expect(res.body.data.url).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    expect(fs.existsSync(path.join(s.dataDir, 'etc'))).toBe(false);
    for (const p of [
      '/uploads/..%2f..%2fc2c.sqlite',
      '/uploads/%2e%2e%2fc2c.sqlite',
      '/uploads/../c2c.sqlite',
      '/uploads/c2c.sqlite',
    ]) {
      const r = await fetch(s.url + p, { headers: { 'x-access-token': token } });
      expect(r.status).toBe(404);
    }
  });

  it('needs a session and the field named file', async () => {
    expect((await upload(s, undefined, PNG)).body.code).toBe(-1);
    const { token } = await signUp(s);
    expect((await upload(s, token, PNG, 'a.png', 'image/png', 'picture')).body.code).toBe(errorCode('credentials_required'));
  });

  it('answers a multipart body it cannot read with 400 and the envelope, and stores nothing', async () => {
    const { token } = await signUp(s);
    const before = await rows();
    for (const body of ['\u0000', '{"a":', '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nab']) {
      const res = await fetch(`${s.url}/api/v1/attach/upload`, {
        method: 'POST',
        headers: { 'x-access-token': token, 'content-type': 'multipart/form-data; boundary=zz', 'accept-language': 'de' },
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({
        code: errorCode('bad_request'),
        msg: 'Die Anfrage konnte nicht gelesen werden',
        data: {},
      });
    }
    expect(await rows()).toBe(before);
  });

  it('reads multipart bodies on the upload call only: another call answers one with 415 and the envelope', async () => {
    const { token } = await signUp(s);
    const before = { rows: await rows(), files: stored().length };
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${s.url}/api/v1/userinfo/get-money-info`, {
      method: 'POST',
      headers: { 'x-access-token': token, 'accept-language': 'de' },
      body: form,
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      code: errorCode('bad_request'),
      msg: 'Die Anfrage konnte nicht gelesen werden',
      data: {},
    });
    expect({ rows: await rows(), files: stored().length }).toEqual(before);
  });
});
