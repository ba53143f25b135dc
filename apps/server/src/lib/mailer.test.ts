import { API } from '@c2c/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMail, startServer, type TestServer, uniqueEmail } from '../../test/harness.js';

/** A real SMTP receiver on loopback: the server sends through SMTP_URL exactly as in production. */
let smtp: SMTPServer;
const received: { to: string[]; raw: string }[] = [];
let s: TestServer;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  s = await startServer({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'C2C <no-reply@c2c.test>' } });
});
afterAll(async () => {
  await s?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

describe('mail over SMTP', () => {
  it('delivers the sign-up code in the recipient language and writes no outbox file', async () => {
    const email = uniqueEmail('smtp');
    expect((await s.call(API.sendCode, { email, lang: 'zh-Hant' })).code).toBe(200);
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    const text = decodeMail(mail!.raw);
    expect(text).toContain('您的驗證碼是');
    expect(text).toMatch(/\b\d{6}\b/);
    expect(text).toContain('From: C2C <no-reply@c2c.test>');
    expect(s.mails(email)).toHaveLength(0);
  });
});
