import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_API, API, checkAnswer, type Envelope, OK } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { CompiledQuery, type Kysely } from 'kysely';
import { TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { AppContext } from '../src/context.js';
import type { Database } from '../src/db/database.js';
import { withPgUser } from '../src/db/pg-url.js';
import type { DB } from '../src/db/schema.js';
import { inTransaction, type Tx } from '../src/db/transaction.js';
import type { JobRunner } from '../src/jobs/runner.js';
import { TestClock } from '../src/lib/clock.js';
import { checkLedger } from '../src/modules/ledger/ledger.service.js';
import { seedFirstStart } from '../src/seed.js';

export const OWNER = { email: 'owner@test.local', password: 'OwnerPass123', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP' };
export const HOUSE_CODE = 'HOUSE2026';
export const PASSWORD = 'Passw0rd!x';

/** Which database this run uses: PostgreSQL when the suite runs with DATABASE_URL (CI runs both). */
export const onPostgres = !!process.env.DATABASE_URL;

export interface TestServer {
  url: string;
  app: FastifyInstance;
  ctx: AppContext;
  /** the database itself, for tests that arrange or inspect rows directly */
  db: Kysely<DB>;
  /** runs `work` in a transaction of the server's database, as a route or a job does */
  tx<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  clock: TestClock;
  /** the server's job runner: its timers run only when the test starts the server with `jobs: true` */
  jobs: JobRunner;
  dataDir: string;
  /** the prefix of this server's Redis keys (used when the run has REDIS_URL) */
  redisPrefix: string;
  /** a customer call; each comes from its own client address unless `ip` is given (the server trusts X-Forwarded-For in tests) */
  call<T = Record<string, unknown>>(
    path: string,
    body?: Record<string, string>,
    token?: string,
    ip?: string,
  ): Promise<Envelope<T>>;
  /** an operator call; from 127.0.0.1 unless `ip` is given */
  admin<T = Record<string, unknown>>(
    path: string,
    body?: Record<string, unknown>,
    token?: string,
    ip?: string,
  ): Promise<Envelope<T>>;
  /** the 6-digit code of the newest mail to `email` in the outbox */
  lastCode(email: string): string;
  mails(email: string): string[];
  totp(secret?: string): string;
  close(): Promise<void>;
}

/** A real server on a random port over a fresh, migrated database (SQLite file, or a schema of its own on PostgreSQL). */
export async function startServer(opts: BuildOptions & { env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-test-'));
  const schema = onPostgres ? `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : '';
  await fromTemplate(dataDir, schema);
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_SCHEMA: schema,
    REDIS_URL: process.env.REDIS_URL,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    ADMIN_TOTP_SECRET: OWNER.totpSecret,
    HOUSE_INVITE_CODE: HOUSE_CODE,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
    ...opts.env,
  });
  const clock = opts.clock instanceof TestClock ? opts.clock : new TestClock();
  const redisPrefix = `test:${schema || path.basename(dataDir)}:`;
  const { app, ctx, jobs } = await buildApp(config, { redisPrefix, jobs: false, ...opts, clock });
  await seedFirstStart(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const outbox = path.join(dataDir, 'outbox');

  const mails = (email: string) =>
    fs.existsSync(outbox)
      ? fs
          .readdirSync(outbox)
          .sort()
          .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
          .filter((m) => m.includes(`To: ${email}`))
      : [];

  return {
    url,
    app,
    ctx,
    db: ctx.database.db,
    tx: (work) => inTransaction({ database: ctx.database, log: ctx.log }, work),
    clock,
    jobs,
    dataDir,
    redisPrefix,
    call: customerCall(url),
    admin: adminCall(url),
    lastCode(email) {
      const all = mails(email);
      const m = /\b(\d{6})\b/.exec(decodeMail(all.at(-1) ?? ''));
      if (!m) throw new Error(`no code mailed to ${email}`);
      return m[1]!;
    },
    mails: (email) => mails(email).map(decodeMail),
    totp: (secret = OWNER.totpSecret) =>
      new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: clock.now().getTime() }),
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (process.env.REDIS_URL) {
        const redis = new Redis(process.env.REDIS_URL);
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
        redis.disconnect();
      }
      if (schema) {
        const c = new pg.Client({ connectionString: withPgUser(process.env.DATABASE_URL!) });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await c.end();
      }
    },
  };
}

/**
 * Gives a new server the database the run's global set-up migrated (test/global-setup.ts): a copy of the SQLite file,
 * or the template schema's statements under this server's schema name. The server's own migration step then finds
 * every migration applied. Without a template (a file run outside this config) the server migrates, as `main` does.
 */
async function fromTemplate(dataDir: string, schema: string): Promise<void> {
  if (!schema) {
    const file = inject('sqliteTemplate');
    if (file) fs.copyFileSync(file, path.join(dataDir, 'c2c.sqlite'));
    return;
  }
  const template = inject('pgTemplate');
  if (!template?.sql) return;
  const c = new pg.Client({ connectionString: withPgUser(process.env.DATABASE_URL!) });
  await c.connect();
  try {
    await c.query(template.sql.replaceAll(template.schema, schema));
  } finally {
    await c.end();
  }
}

/** Customer calls to the server at `url`; each comes from its own client address unless `ip` is given. */
export function customerCall(url: string): TestServer['call'] {
  return async (p, body = {}, token, ip = randomIp()) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': ip,
        ...(token ? { 'x-access-token': token } : {}),
      },
      body: new URLSearchParams({ lang: 'en', ...body }),
    });
    return checked(p, await res.json());
  };
}

/** Operator calls to the server at `url`; from 127.0.0.1 unless `ip` is given. */
export function adminCall(url: string): TestServer['admin'] {
  return async (p, body = {}, token, ip) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { 'x-admin-token': token } : {}),
        ...(ip ? { 'x-forwarded-for': ip } : {}),
      },
      body: JSON.stringify({ lang: 'en', ...body }),
    });
    return checked(p, await res.json());
  };
}

/**
 * Waits for a server child process to print `{"url": …}` (test/serve-node.ts, reliability/crash-node.ts) and answers
 * the URL; fails with the child's standard error when it exits first or stays silent for `timeoutMs` (then kills it).
 */
export function urlOfChild(child: ChildProcess, what: string, timeoutMs: number): Promise<string> {
  let stderr = '';
  child.stderr!.on('data', (d) => {
    stderr += d;
  });
  return new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${what} did not start in ${timeoutMs / 1000} s: ${stderr}`));
    }, timeoutMs);
    child.stdout!.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{"url"'));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}): ${stderr}`));
    });
  });
}

/** Another node of `first`'s deployment: the same server code in a process of its own, on the same database and Redis keys. */
export interface TestNode {
  url: string;
  call: TestServer['call'];
  admin: TestServer['admin'];
  /** whether the node's process is still running */
  alive(): boolean;
  close(): Promise<void>;
}

/**
 * Starts a second server process on `first`'s database (the same SQLite file in its DATA_DIR, or the same PostgreSQL
 * schema) and Redis prefix, as a second node behind a load balancer would run. A process of its own, not a second app
 * in this one: SQLite's wait for a lock another connection holds blocks the whole process, so two nodes in one process
 * would stall each other. `first` keeps the database; closing the node leaves it.
 */
export async function startNode(first: TestServer): Promise<TestNode> {
  const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
  const child = spawn(tsx, [path.resolve(import.meta.dirname, 'serve-node.ts')], {
    env: {
      ...process.env,
      DATA_DIR: first.dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      DATABASE_SCHEMA: first.ctx.config.databaseSchema ?? '',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_TOTP_SECRET: OWNER.totpSecret,
      HOUSE_INVITE_CODE: HOUSE_CODE,
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      REDIS_PREFIX: first.redisPrefix,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let running = true;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running = false;
      resolve();
    }),
  );
  const url = await urlOfChild(child, 'node', 30_000);
  return {
    url,
    call: customerCall(url),
    admin: adminCall(url),
    alive: () => running,
    async close() {
      child.stdin.end();
      await exited;
    },
  };
}

/**
 * Every answer a test reads goes through here: a successful one's `data` must match the contract of its path exactly
 * (packages/shared/src/contract.ts), so a test fails when the server answers an undocumented or mistyped shape.
 */
export function checked<T>(path: string, answer: unknown): Envelope<T> {
  const envelope = answer as Envelope<T>;
  if (envelope?.code === OK) checkAnswer(path, envelope.data);
  return envelope;
}

/** Decodes the quoted-printable or base64 body nodemailer writes, enough to read codes and words. */
export function decodeMail(raw: string): string {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head ?? ''))
    return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head ?? '')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    return `${head}\n\n${Buffer.from(bytes, 'latin1').toString('utf8')}`;
  }
  return raw;
}

let seq = 0;
const randomIp = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;
export const uniqueEmail = (tag = 'user') => `${tag}.${process.pid}.${Date.now()}.${seq++}@example.com`;

/** Signs a customer up through the real mail outbox; answers their token and user. */
export async function signUp(s: TestServer, opts: { email?: string; invite?: string; lang?: string } = {}) {
  const email = opts.email ?? uniqueEmail();
  const sent = await s.call('/api/v1/sms/send-code', { email, lang: opts.lang ?? 'en' });
  if (sent.code !== 200) throw new Error(`send-code: ${sent.msg}`);
  const res = await s.call<{ token: string; user: { id: number; invite_code: string; email: string } }>('/api/v1/user/register', {
    email,
    code: s.lastCode(email),
    password: PASSWORD,
    confirm_password: PASSWORD,
    invite_code: opts.invite ?? HOUSE_CODE,
    lang: opts.lang ?? 'en',
  });
  if (res.code !== 200) throw new Error(`register: ${res.msg}`);
  return { email, ...res.data };
}

/** A customer's sign-in with the password `signUp` gave them (`over` adds to or replaces fields); answers the answer. */
export const signIn = (s: Pick<TestServer, 'call'>, email: string, over: Record<string, string> = {}, ip?: string) =>
  s.call<{ token: string }>(API.login, { email, password: PASSWORD, ...over }, undefined, ip);

/** A customer's change of the password `signUp` gave them to `to`, confirmed (`over` adds to or replaces fields). */
export const changePassword = (
  s: Pick<TestServer, 'call'>,
  token: string,
  to = 'Changed123',
  over: Record<string, string> = {},
) => s.call(API.changePassword, { old_password: PASSWORD, password: to, confirm_password: to, ...over }, token);

export async function ownerToken(s: TestServer): Promise<string> {
  const res = await s.admin<{ token: string }>('/api/admin/v1/auth/login', {
    email: OWNER.email,
    password: OWNER.password,
    totp: s.totp(),
  });
  if (res.code !== 200) throw new Error(`owner login: ${res.msg}`);
  // the next sign-in needs the next TOTP step (a used code is refused)
  s.clock.advance(30_000);
  return res.data.token;
}

/** A connection of its own to `s`'s PostgreSQL schema, standing in for another server process. */
export async function otherPgProcess(s: { ctx: { config: { databaseSchema: string | undefined } } }): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: withPgUser(process.env.DATABASE_URL!),
    options: `-c search_path=${s.ctx.config.databaseSchema}`,
  });
  await client.connect();
  return client;
}

/**
 * `s` as the test server of the file (or describe block) that called `serverForFile`: its properties are read from the
 * server started before the block's tests, so the block can name it before it exists. Read before the start or after
 * the close, it throws.
 */
function liveServer(current: () => TestServer | undefined): TestServer {
  const started = (): TestServer => {
    const s = current();
    if (!s) throw new Error('the test server is not running: use it inside a test or hook');
    return s;
  };
  return new Proxy({} as TestServer, {
    get: (_, key) => Reflect.get(started(), key),
    // a test that replaces a part of the server (its clock, a hook) changes the running server, not this stand-in
    set: (_, key, value) => Reflect.set(started(), key, value),
    has: (_, key) => Reflect.has(started(), key),
    ownKeys: () => Reflect.ownKeys(started()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(started(), key);
      return d && { ...d, configurable: true };
    },
  });
}

/**
 * One server for the tests of a file (or of the describe block that calls it), as vitest hooks: started before all
 * of them, closed after. Answers the server as those tests see it: `const s = serverForFile();`.
 */
export function serverForFile(opts: Parameters<typeof startServer>[0] = {}): TestServer {
  let s: TestServer | undefined;
  beforeAll(async () => {
    s = await startServer(opts);
  });
  afterAll(async () => {
    await s?.close();
    s = undefined;
  });
  return liveServer(() => s);
}

/**
 * The set-up every test file that moves money shares, as vitest hooks: one server for the file (`serverForFile`), and
 * after every test the ledger must balance. With `signedIn`, the owner signs in before each test (a test may move the
 * clock past the 12-hour operator session), or once before all with `owner: 'once'`; `signedIn` receives the owner's
 * token each time, before the file's own hooks run: `const s = moneyTestServer((token) => (admin = token));`.
 */
export function moneyTestServer(signedIn?: (ownerToken: string) => void, opts: { owner?: 'each' | 'once' } = {}): TestServer {
  const s = serverForFile();
  if (signedIn && opts.owner === 'once')
    beforeAll(async () => {
      signedIn(await ownerToken(s));
    });
  else if (signedIn)
    beforeEach(async () => {
      signedIn(await ownerToken(s));
    });
  afterEach(async () => {
    expect(await s.tx(checkLedger)).toEqual({ ok: true, problems: [] });
  });
  return s;
}

let operators = 0;
/** A fresh operator of `role`, created by the owner (`admin` is their token) and signed in. */
export async function operatorOf(s: TestServer, admin: string, role: 'support' | 'finance') {
  const email = `${role}.${++operators}.${process.pid}@operators.test`;
  const created = await s.admin<{ totp_secret: string }>(
    ADMIN_API.operatorCreate,
    { email, name: role, role, password: 'Operator123' },
    admin,
  );
  if (created.code !== 200) throw new Error(`${role} create: ${created.msg}`);
  const login = await s.admin<{ token: string }>(ADMIN_API.login, {
    email,
    password: 'Operator123',
    totp: s.totp(created.data.totp_secret),
  });
  if (login.code !== 200) throw new Error(`${role} login: ${login.msg}`);
  return { token: login.data.token, email };
}

/** A real 1×1 PNG (its magic bytes are what the server checks). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads bytes as the multipart field `file`, as the app does. */
export async function upload(
  s: TestServer,
  token: string | undefined,
  data: Buffer,
  filename = 'shot.png',
  type = 'image/png',
  field = 'file',
) {
  const form = new FormData();
  form.set('lang', 'en');
  form.set(field, new Blob([data], { type }), filename);
  const res = await fetch(`${s.url}/api/v1/attach/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { 'x-access-token': token } : {},
  });
  return { status: res.status, body: checked<{ id: number; url: string }>(API.upload, await res.json()) };
}

/** Sets up a TRC20 receiving address (once) through the operator API. */
export async function ensureAddress(s: TestServer, adminToken: string, type = 'TRC20') {
  await s.admin('/api/admin/v1/address/create', { type, address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, adminToken);
}

/** Credits a customer through the real flow: screenshot upload, recharge, operator approval. */
export async function credit(s: TestServer, adminToken: string, token: string, amount: string) {
  await ensureAddress(s, adminToken);
  const img = await upload(s, token, PNG);
  const created = await s.call<{ id: number }>(
    '/api/v1/recharge/create',
    { type: 'TRC20', amount, image: img.body.data.url },
    token,
  );
  if (created.code !== 200) throw new Error(`recharge: ${created.msg}`);
  const approved = await s.admin('/api/admin/v1/recharge/approve', { id: created.data.id }, adminToken);
  if (approved.code !== 200) throw new Error(`approve: ${approved.msg}`);
  return created.data.id;
}

export { BANK_FORM, WISE_FORM } from '../../../packages/shared/test-fixtures/payout-accounts.mjs';

/** The `n`th of distinct valid German IBANs, for a customer who binds more than one bank account. */
export function germanIban(n: number): string {
  const bban = `37040044${String(n).padStart(10, '0')}`;
  // ISO 7064 mod 97-10 over the account, the country (D=13, E=14) and 00, read as one number
  const check = 98n - (BigInt(`${bban}131400`) % 97n);
  return `DE${String(check).padStart(2, '0')}${bban}`;
}

/**
 * Makes every payout account in the test database usable now, as if bound long ago (a fixed past moment, so every
 * node's clock agrees, however far a test moved its own): for tests that bind an account and pay out to it at once.
 * The 24-hour rule itself is tested in modules/security.
 */
export async function agePayoutAccounts(s: { db: Kysely<DB> }): Promise<void> {
  await s.db.updateTable('payout_accounts').set({ usable_at: LONG_AGO }).where('usable_at', '>', LONG_AGO).execute();
}
const LONG_AGO = '2000-01-01T00:00:00.000Z';

/**
 * Runs `call` with `before` run first, in the same transaction, ahead of the first statement whose SQL matches `match`:
 * what another writer would have committed at that instant (an operator changing an offer between a sale's reading
 * it and reserving it). `before` is SQL with `?` parameters.
 */
export async function withChangeBefore(
  s: { ctx: { database: Database } },
  match: RegExp,
  before: { sql: string; parameters: unknown[] },
  call: () => Promise<unknown>,
): Promise<void> {
  let done = false;
  const database = s.ctx.database;
  const run = database.runNow;
  if (run) {
    database.runNow = (q) => {
      if (!done && match.test(q.sql)) {
        done = true;
        run(CompiledQuery.raw(before.sql, before.parameters));
      }
      return run(q);
    };
    try {
      await call();
    } finally {
      database.runNow = run;
    }
  } else {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    let n = 0;
    const pgSql = before.sql.replace(/\?/g, () => `$${++n}`);
    proto.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0] as string | { text?: unknown } | undefined;
      const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : '';
      if (!done && match.test(text.replace(/\$\d+/g, '?'))) {
        done = true;
        // queued on the same client ahead of the matched statement: it runs first, in the same transaction
        (query.call(this, pgSql, before.parameters) as Promise<unknown>).catch(() => undefined);
      }
      return query.apply(this, args);
    };
    try {
      await call();
    } finally {
      proto.query = query;
    }
  }
  expect(done, `no statement matched ${match}`).toBe(true);
}

/**
 * The SQL of every statement `call` runs on the database while it is awaited, BEGIN and COMMIT included: on SQLite
 * all of a transaction's statements pass `Database.runNow`, on PostgreSQL every one is a `query` of a pooled pg
 * client (its `$1` parameters written `?` here, as SQLite's are, so one expectation fits both).
 */
export async function statementsRunBy(s: { ctx: { database: Database } }, call: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const database = s.ctx.database;
  const run = database.runNow;
  if (run) {
    database.runNow = (q) => {
      seen.push(q.sql);
      return run(q);
    };
    try {
      await call();
    } finally {
      database.runNow = run;
    }
    return seen;
  }
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : typeof first?.text === 'string' ? first.text : undefined;
    if (text) seen.push(text.replace(/\$\d+/g, '?'));
    return query.apply(this, args);
  };
  try {
    await call();
  } finally {
    proto.query = query;
  }
  return seen;
}
