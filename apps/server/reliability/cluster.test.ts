/**
 * Several nodes behave as one: each suite starts a cluster the way docs/operations.md says (`npm run
 * cluster`'s startCluster: compiled server processes on one PostgreSQL schema and one Redis prefix, behind HAProxy),
 * sends customer traffic through the balancer, and goes to one node directly where the test needs that node.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_API, API, type Envelope, errorCode, type LiveServerMessage, WS_PATH } from '@c2c/shared';
import { Redis } from 'ioredis';
import { TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Cluster, startCluster } from '../../../scripts/cluster.mjs';
import { withPgUser } from '../src/db/pg-url.js';
import { BANK_FORM, checked, decodeMail, HOUSE_CODE, OWNER, PASSWORD, PNG } from '../test/harness.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { DATABASE_URL, REDIS_URL } = process.env;

function needServices() {
  if (!DATABASE_URL || !REDIS_URL)
    throw new Error(
      'the multi-node tests need PostgreSQL and Redis: set DATABASE_URL and REDIS_URL ' +
        '(DATABASE_URL=postgres://127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379)',
    );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface TestCluster extends Cluster {
  env: Record<string, string>;
  /** SQL on the cluster's schema */
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** a customer call; `ip` (sent to a node directly) stands for the client address the balancer would have passed on */
  call<T = Record<string, unknown>>(
    base: string,
    p: string,
    body?: Record<string, string>,
    token?: string,
    ip?: string,
  ): Promise<Envelope<T>>;
  admin<T = Record<string, unknown>>(
    base: string,
    p: string,
    body?: Record<string, unknown>,
    token?: string,
  ): Promise<Envelope<T>>;
  lastCode(email: string): string;
  close(): Promise<void>;
}

/** A cluster on a schema, a Redis prefix and a data folder of its own, started as docs/operations.md says. */
async function cluster(nodes: number, extra: Record<string, string> = {}): Promise<TestCluster> {
  needServices();
  const schema = `cl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-cluster-'));
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: DATABASE_URL!,
    DATABASE_SCHEMA: schema,
    REDIS_URL: REDIS_URL!,
    REDIS_PREFIX: `test:${schema}:`,
    DATA_DIR: dataDir,
    AUDIT_KEY: 'k'.repeat(64),
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    ADMIN_TOTP_SECRET: OWNER.totpSecret,
    HOUSE_INVITE_CODE: HOUSE_CODE,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...extra,
  };
  const c = await startCluster({
    nodes,
    port: await freePort(),
    env,
    log: (line) => console.info(`cluster: ${line}`),
    // a node that dies unasked for fails a test later: the end of its log says why
    onNodeExit: (node, code, signal) =>
      console.error(`${node.name} exited (${signal ?? code}):\n${fs.readFileSync(node.log, 'utf8').slice(-3000)}`),
  });
  const pool = new pg.Pool({ connectionString: withPgUser(DATABASE_URL!), max: 2, options: `-c search_path=${schema}` });
  const outbox = path.join(dataDir, 'outbox');
  return {
    ...c,
    env,
    async query(text, values) {
      return (await pool.query(text, values)).rows;
    },
    async call(base, p, body = {}, token, ip) {
      const res = await fetch(base + p, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(token ? { 'x-access-token': token } : {}),
          ...(ip ? { 'x-forwarded-for': ip } : {}),
        },
        body: new URLSearchParams({ lang: 'en', ...body }),
      });
      return checked(p, await res.json());
    },
    async admin(base, p, body = {}, token) {
      const res = await fetch(base + p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-admin-token': token } : {}) },
        body: JSON.stringify({ lang: 'en', ...body }),
      });
      return checked(p, await res.json());
    },
    lastCode(email) {
      const mails = fs
        .readdirSync(outbox)
        .sort()
        .map((f) => decodeMail(fs.readFileSync(path.join(outbox, f), 'utf8')))
        .filter((m) => m.includes(`To: ${email}`));
      const m = /\b(\d{6})\b/.exec(mails.at(-1) ?? '');
      if (!m) throw new Error(`no code mailed to ${email}`);
      return m[1]!;
    },
    async close() {
      await c.stop();
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
      const redis = new Redis(REDIS_URL!);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${env.REDIS_PREFIX}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
      // KEEP_CLUSTER=1 keeps the folder: the balancer's and the nodes' logs
      if (!process.env.KEEP_CLUSTER) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `p`, or a failure naming `what` after `ms` */
function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

let seq = 0;
const uniqueEmail = () => `cluster.${process.pid}.${Date.now()}.${seq++}@example.com`;

/** Signs a customer up through the balancer and the shared mail outbox. */
/** A new customer; with `ip`, signed up at the first node directly from that address (past the per-address limits). */
async function signUp(c: TestCluster, ip?: string) {
  const email = uniqueEmail();
  const base = ip ? c.nodes[0]!.url : c.url;
  expect((await c.call(base, API.sendCode, { email }, undefined, ip)).code).toBe(200);
  const body = { email, code: c.lastCode(email), password: PASSWORD, confirm_password: PASSWORD, invite_code: HOUSE_CODE };
  const res = await c.call<{ token: string; user: { id: number } }>(base, API.register, body, undefined, ip);
  expect(res.code, res.msg).toBe(200);
  return { email, token: res.data.token, id: res.data.user.id };
}

/** The owner signs in through the balancer (once per cluster: a TOTP step is single-use). */
async function ownerToken(c: TestCluster) {
  const totp = new TOTP({ secret: OWNER.totpSecret, digits: 6, period: 30 }).generate();
  const res = await c.admin<{ token: string }>(c.url, ADMIN_API.login, { email: OWNER.email, password: OWNER.password, totp });
  expect(res.code, res.msg).toBe(200);
  return res.data.token;
}

/** Credits a customer: screenshot upload and recharge through the balancer, approval on `approveOn`. */
async function credit(c: TestCluster, admin: string, token: string, amount: string, approveOn = c.url) {
  const form = new FormData();
  form.set('lang', 'en');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'shot.png');
  const uploaded = checked<{ url: string }>(
    API.upload,
    await (await fetch(`${c.url}${API.upload}`, { method: 'POST', body: form, headers: { 'x-access-token': token } })).json(),
  );
  expect(uploaded.code, uploaded.msg).toBe(200);
  const created = await c.call<{ id: number }>(
    c.url,
    API.rechargeCreate,
    { type: 'TRC20', amount, image: uploaded.data.url },
    token,
  );
  expect(created.code, created.msg).toBe(200);
  const approved = await c.admin(approveOn, ADMIN_API.rechargeApprove, { id: created.data.id }, admin);
  expect(approved.code, approved.msg).toBe(200);
}

/** A `/ws` client of one node, signed in with `token`. */
function live(nodeUrl: string, token: string) {
  const ws = new WebSocket(`${nodeUrl.replace('http', 'ws')}${WS_PATH}`);
  const messages: LiveServerMessage[] = [];
  const waiters: { test: (m: LiveServerMessage) => boolean; resolve: (m: LiveServerMessage) => void }[] = [];
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  ws.on('message', (raw) => {
    const m = JSON.parse(raw.toString()) as LiveServerMessage;
    messages.push(m);
    for (const w of waiters.splice(0))
      if (w.test(m)) w.resolve(m);
      else waiters.push(w);
  });
  /** the first message (already received, or still to come) that passes `test`; rejects after 5 s */
  const next = (test: (m: LiveServerMessage) => boolean) =>
    new Promise<LiveServerMessage>((resolve, reject) => {
      const seen = messages.find(test);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => reject(new Error(`no such live message in 5 s; got ${JSON.stringify(messages)}`)), 5_000);
      waiters.push({
        test,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  return { ws, messages, closed, next };
}

/** The sum of a node's /metrics samples with these labels (read directly from the node: loopback, no proxy header). */
async function metric(nodeUrl: string, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${nodeUrl}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = new Map([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have.get(k) === v)) sum += Number(m[3]);
  }
  return sum;
}

describe('two nodes behind HAProxy', () => {
  let c: TestCluster;
  let a: string;
  let b: string;
  let admin: string;
  beforeAll(async () => {
    c = await cluster(2);
    [a, b] = c.nodes.map((n) => n.url) as [string, string];
    admin = await ownerToken(c);
    expect(
      (await c.admin(c.url, ADMIN_API.addressCreate, { type: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, admin))
        .code,
    ).toBe(200);
  });
  afterAll(() => c?.close());

  it('signs up and in through the balancer, and the session works on every node', async () => {
    const u = await signUp(c);
    const login = await c.call<{ token: string }>(c.url, API.login, { email: u.email, password: PASSWORD });
    expect(login.code, login.msg).toBe(200);
    const before = await Promise.all(
      [a, b].map((n) => metric(n, 'c2c_http_request_duration_seconds_count', { route: API.getInfo, method: 'POST', code: 'ok' })),
    );
    for (const token of [u.token, login.data.token]) {
      for (const node of [a, b]) expect((await c.call<{ id: number }>(node, API.getInfo, {}, token)).data.id).toBe(u.id);
      // through the balancer, round robin: both nodes answer
      for (let i = 0; i < 4; i++) expect((await c.call<{ id: number }>(c.url, API.getInfo, {}, token)).data.id).toBe(u.id);
    }
    const after = await Promise.all(
      [a, b].map((n) => metric(n, 'c2c_http_request_duration_seconds_count', { route: API.getInfo, method: 'POST', code: 'ok' })),
    );
    // each node answered its 2 direct calls and part of the 8 through the balancer
    expect(after[0]! - before[0]!).toBeGreaterThan(2);
    expect(after[1]! - before[1]!).toBeGreaterThan(2);
    expect(after[0]! - before[0]! + (after[1]! - before[1]!)).toBe(12);
  });

  it('counts failed sign-ins across nodes: ten failures spread over two nodes hold the account back on both', async () => {
    const u = await signUp(c);
    // without a device cookie an account takes ten tries a quarter hour over all addresses (lib/sign-in-throttle)
    for (const node of [a, b, a, b, a, b, a, b, a, b])
      expect((await c.call(node, API.login, { email: u.email, password: 'Wrong12345' })).code).toBe(errorCode('login_failed'));
    for (const node of [a, b])
      expect((await c.call(node, API.login, { email: u.email, password: PASSWORD })).code).toBe(errorCode('rate_limited_wait'));
  });

  it('delivers a live event to a /ws client on node A caused by a call on node B', async () => {
    const u = await signUp(c);
    const client = live(a, u.token);
    await client.next((m) => m.type === 'ready');
    await credit(c, admin, u.token, '50', b);
    expect(await client.next((m) => m.type === 'event' && m.topic === 'money')).toMatchObject({ type: 'event', topic: 'money' });
    client.ws.close();
  });

  it('upgrades /ws through the balancer', async () => {
    const u = await signUp(c);
    const client = live(c.url, u.token);
    expect(await client.next((m) => m.type === 'ready')).toEqual({ type: 'ready' });
    client.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await client.next((m) => m.type === 'pong')).toEqual({ type: 'pong' });
    client.ws.close();
  });

  it('an operator freeze on node B closes the customer socket on node A, and the token stops working everywhere', async () => {
    const u = await signUp(c);
    const client = live(a, u.token);
    await client.next((m) => m.type === 'ready');
    const frozen = await c.admin<{ status: string }>(b, ADMIN_API.userFreeze, { id: u.id, reason: 'cluster test' }, admin);
    expect(frozen.code, frozen.msg).toBe(200);
    expect(await within(client.closed, 5_000, 'the socket on node A was not closed')).toBe(4401);
    expect(client.messages.at(-1)).toEqual({ type: 'error', code: -1 });
    for (const base of [a, b, c.url, c.url]) expect((await c.call(base, API.getInfo, {}, u.token)).code).toBe(-1);
  });
  it('keeps serving through the balancer while a node is down, and takes it back once restarted', async () => {
    const u = await signUp(c);
    const node2 = c.nodes[1]!;
    node2.kill('SIGKILL');
    expect((await node2.exited).signal).toBe('SIGKILL');
    // refused connections go to the other node (retries, redispatch) until the health checks take node2 out
    for (let i = 0; i < 6; i++) expect((await c.call<{ id: number }>(c.url, API.getInfo, {}, u.token)).data.id).toBe(u.id);
    await node2.restart();
    expect(node2.alive).toBe(true);
    expect((await c.call<{ id: number }>(node2.url, API.getInfo, {}, u.token)).data.id).toBe(u.id);
    // and the balancer takes it back after two passed health checks, 1 s apart: the next test starts on both nodes
    await new Promise((r) => setTimeout(r, 3_000));
  }, 120_000);
  // last: its eight clients leave the balancer many idle connections to both nodes, and the kill -9 above, sent
  // right after it, could meet one of them dead (a POST on a dead reused connection is closed unanswered)
  it('serves through a rolling restart (each node in turn stopped with SIGTERM and started again): no 503 reaches a client', async () => {
    const u = await signUp(c);
    const answers = new Map<string, number>();
    let running = true;
    // eight clients, each on its keep-alive connections to the balancer, one request after another
    const client = async () => {
      while (running) {
        let key: string;
        try {
          const r = await c.call<{ id: number }>(c.url, API.getInfo, {}, u.token);
          key = r.code === 200 && r.data.id === u.id ? 'ok' : `code ${r.code}`;
        } catch (err) {
          key = `${(err as Error).message} ${String((err as { cause?: { message?: string } }).cause?.message ?? '')}`;
        }
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
    };
    const clients = Array.from({ length: 8 }, client);
    await new Promise((r) => setTimeout(r, 500));
    for (const node of c.nodes) {
      node.kill('SIGTERM');
      expect((await node.exited).code).toBe(0);
      await node.restart();
      // back in the balancer's rotation after two passed health checks, 1 s apart
      await new Promise((r) => setTimeout(r, 3_000));
    }
    running = false;
    await Promise.all(clients);
    const ok = answers.get('ok') ?? 0;
    answers.delete('ok');
    // No answer but 200 reaches a client (the stopping node's 503s go to the other node). A connection the balancer
    // closes unanswered still happens, rarely (1 of ~2,500 requests in about one run of four, more often when the test
    // follows a kill -9): at most one in a thousand, down from one or two in every run before the grace period.
    const dropped = answers.get('fetch failed other side closed') ?? 0;
    answers.delete('fetch failed other side closed');
    expect(Object.fromEntries(answers)).toEqual({});
    expect(ok).toBeGreaterThan(1000);
    expect(dropped).toBeLessThanOrEqual(Math.floor((ok + dropped) / 1000));
    console.info(
      `cluster rolling restart: ${ok + dropped} requests over 2 node restarts, ${ok} answered 200, ${dropped} closed unanswered`,
    );
  }, 120_000);
});

/** `npm run ledger:check` on the cluster's database passes. */
function expectLedgerCheckClean(c: TestCluster) {
  const check = spawnSync(process.execPath, [path.join(ROOT, 'apps/server/dist/ledger-check.js')], {
    env: c.env,
    encoding: 'utf8',
  });
  expect(check.status, check.stdout + check.stderr).toBe(0);
}

/**
 * Waits until every node has finished two more runs of each job: a run reports its rows when it ends, and a node runs a
 * job's runs one after another, so every run that could have claimed a row has reported by then.
 */
async function twoMoreRuns(c: TestCluster, jobs: readonly string[], until: number) {
  const runs = () => Promise.all(jobs.flatMap((job) => c.nodes.map((n) => metric(n.url, 'c2c_job_runs_total', { job }))));
  const at = await runs();
  while (!(await runs()).every((n, i) => n >= at[i]! + 2)) {
    if (Date.now() > until) throw new Error(`the job runners did not run again: ${await runs()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('jobs on two nodes', () => {
  const ORDERS = 200;
  let c: TestCluster;
  let admin: string;
  beforeAll(async () => {
    // both nodes run their job runners, each job at least every 100 ms
    c = await cluster(2, { JOB_INTERVAL_MAX_MS: '100' });
    admin = await ownerToken(c);
    // the customers recharge to it
    expect(
      (await c.admin(c.url, ADMIN_API.addressCreate, { type: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, admin))
        .code,
    ).toBe(200);
  });
  afterAll(() => c?.close());

  it('work every due row exactly once, and the ledger stays clean', async () => {
    const product = await c.admin<{ id: number }>(
      c.url,
      ADMIN_API.lixibaoCreate,
      { name: 'Daily', rate: '1', days: 1, min: '10', max: '100', quota: '100000' },
      admin,
    );
    expect(product.code, product.msg).toBe(200);
    const customers = await Promise.all([signUp(c), signUp(c), signUp(c), signUp(c)]);
    for (const u of customers) await credit(c, admin, u.token, String((ORDERS / customers.length) * 10));
    for (let i = 0; i < ORDERS; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const u = customers[(i + k) % customers.length]!;
          const r = await c.call(c.url, API.lixibaoCreateOrder, { lixibao_id: String(product.data.id), number: '10' }, u.token);
          expect(r.code, r.msg).toBe(200);
        }),
      );
    const worked = () =>
      Promise.all(c.nodes.map((n) => metric(n.url, 'c2c_job_rows_total', { job: 'settle-interest', result: 'worked' })));
    expect(await worked()).toEqual([0, 0]);

    // every order due at once, as if a day had passed
    await c.query(`UPDATE interest_orders SET expires_at = $1`, [new Date(Date.now() - 60_000).toISOString()]);
    const deadline = Date.now() + 60_000;
    while ((await c.query<{ n: string }>(`SELECT count(*) AS n FROM interest_orders WHERE status = 'active'`))[0]!.n !== '0') {
      if (Date.now() > deadline) throw new Error('the orders were not all settled within 60 s');
      await new Promise((r) => setTimeout(r, 200));
    }

    const journals = await c.query<{ ref: string; n: string }>(
      `SELECT ref, count(*) AS n FROM journals WHERE kind = 'interest_settle' GROUP BY ref`,
    );
    expect(journals).toHaveLength(ORDERS);
    expect(journals.filter((j) => j.n !== '1')).toEqual([]);
    const orders = await c.query<{ id: number; status: string }>(`SELECT id, status FROM interest_orders ORDER BY id`);
    expect(orders.map((o) => o.status)).toEqual(Array(ORDERS).fill('settled'));
    expect(new Set(journals.map((j) => j.ref))).toEqual(new Set(orders.map((o) => `interest_order:${o.id}`)));
    // no row was claimed by both nodes: the rows each node worked add up to the orders
    await twoMoreRuns(c, ['settle-interest'], deadline + 30_000);
    const perNode = await worked();
    expect(perNode[0]! + perNode[1]!).toBe(ORDERS);
    // and no claim met another's (two claims of one row block on each other's locks, and deadlock)
    const failed = await Promise.all(
      c.nodes.map((n) => metric(n.url, 'c2c_job_rows_total', { job: 'settle-interest', result: 'failed' })),
    );
    expect(failed).toEqual([0, 0]);
    console.info(`cluster jobs: ${ORDERS} interest orders settled once each, node1 ${perNode[0]}, node2 ${perNode[1]}`);
    for (const u of customers)
      expect((await c.call<{ interest: string }>(c.url, API.getMoneyInfo, {}, u.token)).data.interest).toBe('0.00');

    expectLedgerCheckClean(c);
  }, 180_000);

  it('expire unpaid trades and dispute silent sellers once each: the listing gets each expired quantity back once', async () => {
    // more than one batch (100 rows) of each job, so both nodes claim rows of it
    const TRADES = 240;
    const seller = await signUp(c);
    await credit(c, admin, seller.token, '3000');
    const bound = await c.call<{ id: number }>(c.url, API.bankinfoCreate, { ...BANK_FORM }, seller.token);
    expect(bound.code, bound.msg).toBe(200);
    // usable for trades at once, as if bound a day ago
    await c.query(`UPDATE payout_accounts SET usable_at = $1`, ['2000-01-01T00:00:00.000Z']);
    const listed = await c.call<{ id: number }>(
      c.url,
      API.sellingCreate,
      {
        number: '3000',
        price: '7.25',
        currency: 'CNY',
        min: '10',
        max: '50',
        window_minutes: '15',
        bk_id: String(bound.data.id),
      },
      seller.token,
    );
    expect(listed.code, listed.msg).toBe(200);
    // a buyer holds at most two unpaid trades: two trades each, buyers signed up from addresses of their own
    const buyers: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let i = 0; i < TRADES / 2; i += 10)
      buyers.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => signUp(c, `198.18.${i}.${k + 1}`)))));
    const trades: { id: number; token: string }[] = [];
    for (let i = 0; i < TRADES; i += 10)
      await Promise.all(
        Array.from({ length: 10 }, async (_, k) => {
          const buyer = buyers[(i + k) % buyers.length]!;
          // through each node in turn, as a balancer spreads them
          const node = c.nodes[k % 2]!.url;
          const r = await c.call<{ id: number }>(
            node,
            API.tradeCreate,
            { selling_id: String(listed.data.id), number: '10' },
            buyer.token,
          );
          expect(r.code, r.msg).toBe(200);
          trades.push({ id: r.data.id, token: buyer.token });
        }),
      );
    // the buyers of every other trade say they paid; the rest never pay
    const paid = trades.filter((_, i) => i % 2 === 0);
    for (let i = 0; i < paid.length; i += 10)
      await Promise.all(
        paid
          .slice(i, i + 10)
          .map(async (t) => expect((await c.call(c.url, API.tradePaid, { id: String(t.id) }, t.token)).code).toBe(200)),
      );
    const remaining = async () =>
      BigInt(
        (await c.query<{ remaining: string }>(`SELECT remaining FROM listings WHERE id = $1`, [listed.data.id]))[0]!.remaining,
      );
    expect(await remaining()).toBe(3000_000000n - BigInt(TRADES) * 10_000000n);
    const jobs = ['expire-trades', 'dispute-silent-sellers'];
    const worked = () =>
      Promise.all(
        jobs.map(
          async (job) => await Promise.all(c.nodes.map((n) => metric(n.url, 'c2c_job_rows_total', { job, result: 'worked' }))),
        ),
      );
    const before = await worked();

    // every deadline passed at once, as if a day had gone by
    const past = new Date(Date.now() - 60_000).toISOString();
    await c.query(`UPDATE trades SET pay_deadline = $1 WHERE status = 'awaiting_payment'`, [past]);
    await c.query(`UPDATE trades SET release_deadline = $1 WHERE status = 'paid'`, [past]);
    const deadline = Date.now() + 60_000;
    const open = async () =>
      Number(
        (await c.query<{ n: string }>(`SELECT count(*) AS n FROM trades WHERE status IN ('awaiting_payment', 'paid')`))[0]!.n,
      );
    while ((await open()) > 0) {
      if (Date.now() > deadline) throw new Error(`${await open()} trades still open after 60 s`);
      await new Promise((r) => setTimeout(r, 200));
    }

    const rows = await c.query<{ id: number; status: string; appeal_by: string | null }>(
      `SELECT id, status, appeal_by FROM trades WHERE listing_id = $1 ORDER BY id`,
      [listed.data.id],
    );
    const paidIds = new Set(paid.map((t) => t.id));
    expect(rows.filter((r) => paidIds.has(r.id)).map((r) => `${r.status}/${r.appeal_by}`)).toEqual(
      Array(TRADES / 2).fill('disputed/system'),
    );
    expect(rows.filter((r) => !paidIds.has(r.id)).map((r) => r.status)).toEqual(Array(TRADES / 2).fill('expired'));
    // one event per trade and job, never two
    const events = await c.query<{ trade_id: number; event: string; n: string }>(
      `SELECT trade_id, event, count(*) AS n FROM trade_events WHERE event IN ('expired', 'disputed') GROUP BY trade_id, event`,
    );
    expect(events).toHaveLength(TRADES);
    expect(events.filter((e) => e.n !== '1')).toEqual([]);
    // the expired half went back to the listing once; the disputed half stays in escrow until an operator decides
    expect(await remaining()).toBe(3000_000000n - BigInt(TRADES / 2) * 10_000000n);

    // the rows the nodes worked add up to the trades
    await twoMoreRuns(c, jobs, deadline + 30_000);
    const after = await worked();
    const sums = after.map((perNode, j) => perNode.reduce((a, n, i) => a + n - before[j]![i]!, 0));
    expect(sums).toEqual([TRADES / 2, TRADES / 2]);
    const failed = await Promise.all(
      jobs.flatMap((job) => c.nodes.map((n) => metric(n.url, 'c2c_job_rows_total', { job, result: 'failed' }))),
    );
    expect(failed).toEqual([0, 0, 0, 0]);
    console.info(
      `cluster jobs: ${TRADES / 2} trades expired and ${TRADES / 2} disputed once each (per node: ` +
        `${after.map((perNode, j) => `${jobs[j]} ${perNode.map((n, i) => n - before[j]![i]!).join('/')}`).join(', ')})`,
    );
    expectLedgerCheckClean(c);
  }, 180_000);
});
