import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { OWNER } from '../playwright.config';

export const ARTIFACTS = path.resolve(import.meta.dirname, '../artifacts');

export async function shot(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

function decode(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head ?? ''))
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head ?? '')) {
    return Buffer.from(
      body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  }
  return body;
}

/** Waits for the newest verification mail to `email` in the server's outbox and answers its 6-digit code. */
export async function codeFromOutbox(email: string, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (fs.existsSync(outbox)) {
      const mails = fs
        .readdirSync(outbox)
        .sort()
        .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        .filter((m) => m.includes(`To: ${email}`));
      const code = /\b(\d{6})\b/.exec(decode(mails.at(-1) ?? ''))?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${email}`);
}

export const ownerTotp = () => new TOTP({ secret: OWNER.totpSecret }).generate();

/** A real 1×1 PNG: what a customer uploads as a transfer screenshot. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
