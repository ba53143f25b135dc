import fs from 'node:fs';
import path from 'node:path';
import Database from '@c2c/sqlite';
import type { Browser, Page } from '@playwright/test';
import { TOTP } from 'otpauth';
import { BASE_URL, HOUSE_CODE, OWNER } from '../playwright.config';

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

/** Every mail to `email` in the server's outbox so far, oldest first, decoded (headers dropped). */
export function mailsTo(email: string): string[] {
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .sort()
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`))
    .map(decode);
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

/** A customer signed up through the API and the mail outbox (the sign-up screens have their own walk). */
export async function signUpByApi(
  tag: string,
  password: string,
  lang = 'en',
): Promise<{ email: string; token: string; user: Record<string, unknown> }> {
  const email = `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
  // each customer signs up from an address of their own, through the proxy the e2e server trusts (TRUST_PROXY), as
  // real customers do: the walks sign up more people than one address may in an hour (the throttle has its own tests)
  const client = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const post = (p: string, body: Record<string, string>) =>
    fetch(`${BASE_URL}${p}`, {
      method: 'POST',
      headers: { 'x-forwarded-for': client },
      body: new URLSearchParams({ lang, ...body }),
    }).then((r) => r.json() as Promise<{ code: number; msg: string; data: { token: string; user: Record<string, unknown> } }>);
  await post('/api/v1/sms/send-code', { email });
  const reg = await post('/api/v1/user/register', {
    email,
    code: await codeFromOutbox(email),
    password,
    confirm_password: password,
    invite_code: HOUSE_CODE,
  });
  if (reg.code !== 200) throw new Error(`sign-up of ${email}: ${reg.msg}`);
  return { email, token: reg.data.token, user: reg.data.user };
}

type AdminAnswer = { code: number; msg: string; data: { token?: string } };
const adminCall = (p: string, body: Record<string, unknown>, token?: string) =>
  fetch(`${BASE_URL}${p}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-admin-token': token } : {}) },
    body: JSON.stringify({ lang: 'en', ...body }),
  }).then((r) => r.json() as Promise<AdminAnswer>);

/**
 * An owner session for the walks that work in the console, signed in through the operator API once and shared by every
 * walk and worker of the run through a file in the data folder (the TOTP sign-in screens have their own walk in
 * console.spec). A TOTP code is single-use, so a sign-in per walk used to wait up to 30 s for a fresh code; now a walk
 * waits only when the shared session has ended (a password change signs the other sessions out).
 */
async function ownerSession(): Promise<string> {
  const file = path.join(process.env.E2E_DATA_DIR!, 'owner-session');
  const lock = `${file}.lock`;
  const valid = async (token: string) => (await adminCall('/api/admin/v1/auth/me', {}, token)).code === 200;
  for (;;) {
    const cached = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (cached && (await valid(cached))) return cached;
    // one worker signs in at a time; the others wait for its token (a stale lock, left by a worker that died, expires)
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
    } catch {
      if (Date.now() - fs.statSync(lock, { throwIfNoEntry: false })!.mtimeMs > 90_000) fs.rmSync(lock, { force: true });
      await new Promise((r) => setTimeout(r, 250));
      continue;
    }
    try {
      const fresh = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (fresh && fresh !== cached && (await valid(fresh))) return fresh;
      const token = await ownerSignInByApi();
      fs.writeFileSync(file, token);
      return token;
    } finally {
      fs.rmSync(lock, { force: true });
    }
  }
}

/**
 * The owner's sign-in through the operator API. The server takes the code of this 30-second step or of a step either
 * side (clock drift) once each, so when this step's code is spent (console.spec signed in with it) the next step's is
 * tried before waiting for a fresh one.
 */
async function ownerSignInByApi(): Promise<string> {
  const totp = new TOTP({ secret: OWNER.totpSecret });
  for (let attempt = 0; attempt < 3; attempt++) {
    for (const timestamp of [Date.now(), Date.now() + 30_000]) {
      const res = await adminCall('/api/admin/v1/auth/login', {
        email: OWNER.email,
        password: OWNER.password,
        totp: totp.generate({ timestamp }),
      });
      if (res.code === 200 && res.data.token) return res.data.token;
    }
    await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
  }
  throw new Error('the owner could not sign in through the operator API');
}

/** The owner in the console, on a desktop screen, with the run's shared owner session stored as the console does. */
export async function ownerInConsole(browser: Browser): Promise<Page> {
  const token = await ownerSession();
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript((t: string) => {
    if (!localStorage.getItem('c2c_admin_token')) localStorage.setItem('c2c_admin_token', t);
  }, token);
  const page = await context.newPage();
  await page.goto('/admin/');
  await page.getByRole('menuitem', { name: 'Recharges' }).waitFor({ state: 'visible' });
  return page;
}

/**
 * A phone screen (390×844) signed in as the app stores a session (the sign-in screens have their own walk in
 * customer.spec), in `lang`; answers a page of it, not yet opened anywhere. `routed`: the walk changes answers on the
 * way (`page.route`), so the app's service worker is kept out — it takes control of the page while it loads
 * (`clientsClaim`), and a request that passes through it is not one Playwright routes.
 */
export async function signedInPhone(
  browser: Browser,
  session: { token: string; user: Record<string, unknown> },
  lang = 'en',
  options: { routed?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...(options.routed ? { serviceWorkers: 'block' as const } : {}),
  });
  await context.addInitScript(
    (s: { token: string; user: string; lang: string }) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', s.token);
      localStorage.setItem('userInfo', s.user);
      localStorage.setItem('lang', s.lang);
    },
    { token: session.token, user: JSON.stringify(session.user), lang },
  );
  return context.newPage();
}

/**
 * A payout account receives withdrawals and sales only 24 hours after binding; the e2e server runs on the real clock,
 * so a walk that binds and then pays out moves the customer's accounts' `usable_at` into the past in the database.
 */
export function agePayoutAccounts(email: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'c2c.sqlite'), { timeout: 10_000 });
  try {
    db.prepare(
      "UPDATE payout_accounts SET usable_at = '2000-01-01T00:00:00.000Z' WHERE user_id = (SELECT id FROM users WHERE email = ?)",
    ).run(email);
  } finally {
    db.close();
  }
}

export { BANK_FORM, GERMAN_BANK_FIELDS } from '../../packages/shared/test-fixtures/payout-accounts.mjs';

export type OperatorAnswer = { code: number; msg: string; data: Record<string, unknown> };

/** The owner's operator API, with the console page's session: for set-up a walk's screens are not about. */
export async function operatorApi(admin: Page) {
  const token = await admin.evaluate(() => localStorage.getItem('c2c_admin_token'));
  return async (p: string, body: Record<string, unknown>): Promise<OperatorAnswer> =>
    (await (
      await fetch(`${BASE_URL}/api/admin/v1/${p}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', 'X-Admin-Token': token ?? '' },
      })
    ).json()) as OperatorAnswer;
}
