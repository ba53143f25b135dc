// `npm run bench:http`: the HTTP benchmark with its budgets. Starts the built server (apps/server/dist) on a
// fresh SQLite file, or on PostgreSQL + Redis with --pg / DATABASE_URL, prepares customers with money through the real
// API, then measures with autocannon in a separate process, 50 connections: a bare node:http server (the yardstick),
// in turns with each of the authenticated read and the two ledger writes. Prints a table and exits non-zero when a
// budget fails.
//   --quick          short phases (CI, about a minute and a half)
//   --duration N     seconds per measured phase (default 30; --quick 10)
//   --connections N  (default 50)
//   --pg             PostgreSQL + Redis (DATABASE_URL, REDIS_URL; defaults to the local ones)
//   --cpu-prof DIR   runs the server with `node --cpu-prof` and writes its profile to DIR
//   --only NAME      measures only the calls whose name contains NAME (read, withdraw, saleu) — for profiling
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../scripts/cluster.mjs';
import { BANK_FORM, totp } from './lib/client.mjs';
import { agePayoutAccounts } from './lib/payout-accounts.mjs';
import { withPgUser } from './lib/pg-url.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const serverMain = path.join(root, 'apps/server/dist/main.js');
const ledgerCheck = path.join(root, 'apps/server/dist/ledger-check.js');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    duration: { type: 'string' },
    connections: { type: 'string', default: '50' },
    pg: { type: 'boolean', default: false },
    'cpu-prof': { type: 'string' },
    only: { type: 'string' },
  },
});
const onPg = args.pg || !!process.env.DATABASE_URL;
const duration = Number(args.duration ?? (args.quick ? 8 : 30));
const warmup = args.quick ? 2 : 5;
const connections = Number(args.connections);
/** customers sharing the load: each connection is one of them (the sign-up throttle allows 20 per address an hour) */
const CUSTOMERS = 16;

const BUDGETS = {
  readRatio: onPg ? 0.3 : 0.35,
  writeRatio: onPg ? 0.04 : 0.12,
  p99Ms: 25,
  rssMb: 150,
};

if (!fs.existsSync(serverMain) || !fs.existsSync(ledgerCheck)) {
  process.stderr.write('bench:http measures the built server: run `npm run build` first (apps/server/dist is missing)\n');
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-bench-http-'));
const children = new Set();
const cleanups = [];

function startChild(cmd, argv, opts) {
  const child = spawn(cmd, argv, opts);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

// ---------- the server ----------
const secret = Array.from(randomBytes(16), (b) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'[b % 32]).join('');
const OWNER = { email: 'bench-owner@bench.local', password: `Bench${randomBytes(6).toString('hex')}1`, secret };
const HOUSE = `BENCH${randomBytes(3).toString('hex').toUpperCase()}`;
const schema = onPg ? `bench_${process.pid}_${randomBytes(3).toString('hex')}` : '';
const databaseUrl = onPg ? (process.env.DATABASE_URL ?? 'postgres://127.0.0.1:5432/test') : undefined;
const redisUrl = onPg ? (process.env.REDIS_URL ?? 'redis://127.0.0.1:6379') : undefined;

const serverEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  DATA_DIR: path.join(tmp, 'data'),
  PORT: '0',
  HOST: '127.0.0.1',
  ADMIN_EMAIL: OWNER.email,
  ADMIN_PASSWORD: OWNER.password,
  ADMIN_TOTP_SECRET: OWNER.secret,
  HOUSE_INVITE_CODE: HOUSE,
  SEED_DEMO: 'false',
  // the bench's set-up calls come "through a proxy" from many addresses, as customers do; the load is from loopback
  TRUST_PROXY: 'true',
  ...(onPg ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, REDIS_URL: redisUrl } : {}),
};
if (onPg) {
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: withPgUser(databaseUrl) });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  });
}
cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function startServer() {
  const logFile = path.join(tmp, 'server.log');
  const out = fs.openSync(logFile, 'w');
  const prof = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(args['cpu-prof'])] : [];
  const child = startChild(process.execPath, [...SERVER_NODE_FLAGS, ...prof, serverMain], {
    env: serverEnv,
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const until = Date.now() + 60_000;
  for (;;) {
    const text = fs.readFileSync(logFile, 'utf8');
    const m = /Customer app:\s+(http:\/\/[^/\s]+)\//.exec(text);
    if (m) return { child, url: m[1], logFile };
    if (child.exitCode !== null || Date.now() > until) throw new Error(`the server did not start:\n${text.slice(-3000)}`);
    await sleep(100);
  }
}

async function startBare() {
  const child = startChild(process.execPath, [path.join(here, 'bare-server.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      const m = /listening (\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error('the bare server did not start')));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------- API calls for the set-up ----------
const randomIp = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

async function customerCall(base, p, fields, token, ip = randomIp()) {
  const res = await fetch(base + p, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': ip,
      ...(token ? { 'x-access-token': token } : {}),
    },
    body: new URLSearchParams({ lang: 'en', ...fields }).toString(),
  });
  return res.json();
}
async function adminCall(base, p, body, token) {
  const res = await fetch(base + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-admin-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return res.json();
}
const must = (what, r) => {
  if (r.code !== 200) throw new Error(`${what}: ${r.code} ${r.msg}`);
  return r.data;
};

function decodeMail(raw) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
    return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));
  return body;
}
async function mailedCode(email) {
  const outbox = path.join(serverEnv.DATA_DIR, 'outbox');
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const mails = fs.existsSync(outbox) ? fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8')) : [];
    const mail = mails.find((m) => m.includes(`To: ${email}`));
    const code = mail && /\b(\d{6})\b/.exec(decodeMail(mail))?.[1];
    if (code) return code;
    await sleep(50);
  }
  throw new Error(`no code mailed to ${email}`);
}

/** The owner signs in; a merchant buys; customers get money, a payout account and a daily limit the load cannot reach. */
async function prepare(base) {
  const admin = must(
    'owner sign-in',
    await adminCall(base, '/api/admin/v1/auth/login', { email: OWNER.email, password: OWNER.password, totp: totp(OWNER.secret) }),
  ).token;
  const merchant = must(
    'merchant',
    await adminCall(
      base,
      '/api/admin/v1/merchant/create',
      {
        name: 'Bench buyer',
        price: '7.10',
        currency: 'CNY',
        quantity: '100000000000',
        min: '10',
        max: '1000',
        methods: ['bank'],
      },
      admin,
    ),
  ).id;
  const customers = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const email = `bench${i}-${randomBytes(4).toString('hex')}@bench.local`;
    const ip = randomIp();
    must('send-code', await customerCall(base, '/api/v1/sms/send-code', { email }, undefined, ip));
    const code = await mailedCode(email);
    const reg = must(
      'register',
      await customerCall(
        base,
        '/api/v1/user/register',
        { email, code, password: 'Passw0rd!x', confirm_password: 'Passw0rd!x', invite_code: HOUSE },
        undefined,
        ip,
      ),
    );
    const bk = must('bank account', await customerCall(base, '/api/v1/bankinfo/create', BANK_FORM, reg.token)).id;
    must(
      'credit',
      await adminCall(
        base,
        '/api/admin/v1/user/adjust',
        { id: reg.user.id, amount: '100000000', reason: 'benchmark funds' },
        admin,
      ),
    );
    // the top VIP level by the owner's hand (audited, as in production): its daily withdrawal limit (500,000 USDT) is
    // not what is measured
    must('vip', await adminCall(base, '/api/admin/v1/user/set-vip', { id: reg.user.id, level: 3, reason: 'benchmark' }, admin));
    customers.push({ token: reg.token, bk: String(bk) });
  }
  // the load withdraws and sells to the accounts at once: as if they were bound over 24 hours ago
  await agePayoutAccounts({ dataDir: serverEnv.DATA_DIR, databaseUrl, schema });
  return { admin, merchant, customers };
}

/** The customers' own count of their rows in a list call (its `total`), summed. */
async function countRows(base, customers, listPath) {
  let sum = 0;
  for (const c of customers)
    sum += must(listPath, await customerCall(base, listPath, { page: '1', page_size: '1' }, c.token)).total;
  return sum;
}

// ---------- load ----------
function runLoad(job) {
  return new Promise((resolve, reject) => {
    const child = startChild(process.execPath, [path.join(here, 'load.mjs'), JSON.stringify(job)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.once('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) return reject(new Error(`the load generator failed (exit ${code})`));
      resolve(JSON.parse(line));
    });
  });
}

function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** CPU seconds a process has used (user + system), from /proc: a cost per request that a busy machine does not skew. */
function cpuSecondsOf(pid, withEndedChildren = false) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    // cutime and cstime: what its children used before they ended (PostgreSQL's postmaster reaps its backends)
    return (withEndedChildren ? own + Number(fields[13]) + Number(fields[14]) : own) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU seconds used so far by every PostgreSQL process of this machine (its server's backends, WAL writer, checkpointer),
 * read from /proc; 0 on SQLite or where PostgreSQL runs elsewhere. What the database costs a request, beside the node.
 */
function databaseCpuSeconds() {
  if (!onPg) return 0;
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    // a backend that ended (its connection replaced) left its time with the postmaster
    const seconds = cpuSecondsOf(pid, true);
    if (Number.isFinite(seconds)) total += seconds;
  }
  return total;
}

/** The latency (ms) that a fraction `q` of all the runs' answers took at most (their counts by millisecond merged). */
function percentile(runs, q) {
  const counts = new Map();
  for (const r of runs)
    for (const [ms, n] of Object.entries(r.latencies)) counts.set(Number(ms), (counts.get(Number(ms)) ?? 0) + n);
  const sorted = [...counts].sort((a, b) => a[0] - b[0]);
  const all = sorted.reduce((n, [, c]) => n + c, 0);
  let seen = 0;
  for (const [ms, c] of sorted) {
    seen += c;
    if (seen >= q * all) return ms;
  }
  return Number.NaN;
}

/** How many slices of each measured phase: the yardstick and the call take turns (`measure`). */
const SLICES = 3;
const YARDSTICK = { path: '/', sessions: [{ form: {} }] };

/**
 * Warms both up, then measures one call and the yardstick (the bare server) in turns — bare, call, bare, call, … —
 * `SLICES` slices each, `duration` in all for each: the host's load moves by the minute (its bare server measured
 * 13–26k req/s between runs), and slices side by side see the same share of it. Samples the server's RSS and CPU time
 * while the call runs. Throughput is over all slices, and p50 and p99 over all their answers.
 */
async function measure(name, job, { bareUrl, url, pid }) {
  await runLoad({ ...YARDSTICK, url: bareUrl, duration: warmup, connections });
  const warm = await runLoad({ ...job, url, duration: warmup, connections });
  let peak = 0;
  let cpuSeconds = 0;
  let databaseSeconds = 0;
  const bare = [];
  const slices = [];
  const slice = duration / SLICES;
  for (let i = 0; i < SLICES; i++) {
    bare.push(await runLoad({ ...YARDSTICK, url: bareUrl, duration: slice, connections }));
    const timer = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 100);
    const cpu0 = cpuSecondsOf(pid);
    const database0 = databaseCpuSeconds();
    slices.push(await runLoad({ ...job, url, duration: slice, connections }));
    cpuSeconds += cpuSecondsOf(pid) - cpu0;
    databaseSeconds += databaseCpuSeconds() - database0;
    clearInterval(timer);
    peak = Math.max(peak, memoryOf(pid).rss);
  }
  const sum = (rs, k) => rs.reduce((n, r) => n + r[k], 0);
  const total = sum(slices, 'total');
  return {
    name,
    requests: sum(slices, 'requests') / SLICES,
    bare: sum(bare, 'requests') / SLICES,
    total,
    p50: percentile(slices, 0.5),
    p99: percentile(slices, 0.99),
    bareP99: percentile(bare, 0.99),
    errors: sum(slices, 'errors'),
    non2xx: sum(slices, 'non2xx'),
    ok: sum(slices, 'ok'),
    notOk: sum(slices, 'notOk'),
    samples: [...new Set(slices.flatMap((r) => r.samples))].slice(0, 5),
    cpuMsPerRequest: (cpuSeconds * 1000) / total,
    databaseMsPerRequest: (databaseSeconds * 1000) / total,
    warmOk: warm.ok,
    warmNotOk: warm.notOk,
    warmErrors: warm.errors,
    rssPeak: peak,
  };
}

/** A plain text table: one column per key, right-aligned figures. */
function formatTable(rows) {
  const keys = Object.keys(rows[0] ?? {});
  const width = keys.map((k) => Math.max(k.length, ...rows.map((r) => String(r[k]).length)));
  const line = (cells) =>
    `${cells.map((c, i) => (i === 0 ? String(c).padEnd(width[i]) : String(c).padStart(width[i]))).join('  ')}\n`;
  return line(keys) + rows.map((r) => line(keys.map((k) => r[k]))).join('');
}

// ---------- the run ----------
const failures = [];
let exitCode = 0;
try {
  const bare = await startBare();
  const server = await startServer();
  const pid = server.child.pid;
  const base = server.url;
  const t0 = Date.now();
  const { merchant, customers } = await prepare(base);
  process.stdout.write(`set-up: ${customers.length} customers with money, ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
  const sessions = (form) => customers.map((c) => ({ token: c.token, form: form(c) }));

  // the yardstick is measured in turns with each call (`measure`), so that both see the same share of a busy machine
  const rows = [];
  const skipped = { ok: 0, warmOk: 0, notOk: 0, warmNotOk: 0, errors: 0, warmErrors: 0, skipped: true };
  const phase = async (name, job) => {
    if (args.only && !name.includes(args.only)) return { name, ...skipped };
    const r = await measure(name, job, { bareUrl: bare.url, url: base, pid });
    rows.push(r);
    return r;
  };
  await phase('read userinfo/get-money-info', { path: '/api/v1/userinfo/get-money-info', sessions: sessions(() => ({})) });
  const withdraw = await phase('write withdraw/create', {
    path: '/api/v1/withdraw/create',
    sessions: sessions((c) => ({ bk_id: c.bk, amount: '10' })),
    unique: true,
  });
  const sale = await phase('write saleu/create-order', {
    path: '/api/v1/saleu/create-order',
    sessions: sessions((c) => ({ saleu_id: String(merchant), number: '10', bk_id: c.bk })),
    unique: true,
  });
  await stopChild(bare.child);
  const mem = memoryOf(pid);

  // every write answered code 200 is a row the customer sees; requests cut off at the end of a load run may have been
  // written without their answer being read, at most one per connection and run (the warm-up and each slice)
  for (const [w, list] of [
    [withdraw, '/api/v1/withdraw/list'],
    [sale, '/api/v1/saleu/list-order'],
  ]) {
    if (w.skipped) continue;
    const answered = w.ok + w.warmOk;
    const stored = await countRows(base, customers, list);
    // a timed-out request (an error, which fails the bench anyway) may have been written too
    if (stored < answered || stored > answered + (SLICES + 1) * connections + w.errors + w.warmErrors)
      failures.push(`${w.name}: ${answered} answered code 200, but ${stored} rows stored`);
    if (w.notOk || w.warmNotOk)
      failures.push(`${w.name}: ${w.notOk + w.warmNotOk} answers were not code 200 (${w.samples.join(' | ')})`);
  }

  await stopChild(server.child);
  const check = spawnSync(process.execPath, [ledgerCheck], { env: serverEnv, encoding: 'utf8' });
  const ledgerOk = check.status === 0;
  if (!ledgerOk) failures.push(`ledger check failed: ${check.stderr || check.stdout}`);

  const table = rows.map((r) => ({
    call: r.name,
    'req/s': Math.round(r.requests),
    'bare req/s': Math.round(r.bare),
    ratio: (r.requests / r.bare).toFixed(3),
    'p50 ms': r.p50,
    'p99 ms': r.p99,
    'bare p99 ms': r.bareP99,
    'N/throughput ms': ((connections / r.requests) * 1000).toFixed(1),
    errors: r.errors,
    'non-2xx': r.non2xx,
    'not code 200': r.notOk,
    'server CPU ms/req': r.cpuMsPerRequest.toFixed(3),
    ...(onPg ? { 'PostgreSQL CPU ms/req': r.databaseMsPerRequest.toFixed(2) } : {}),
    'RSS peak MB': r.rssPeak === undefined ? '' : r.rssPeak.toFixed(0),
  }));
  const cpus = os.cpus();
  process.stdout.write(
    `\nmachine: ${cpus[0]?.model ?? 'unknown cpu'}, ${cpus.length} cores, node ${process.version}, ${onPg ? 'PostgreSQL + Redis' : 'SQLite'}; ` +
      `${connections} connections, ${duration} s per call after ${warmup} s warm-up, in ${SLICES} turns with the bare server; server VmHWM ${mem.hwm.toFixed(0)} MB\n`,
  );
  process.stdout.write(formatTable(table));

  for (const r of rows) {
    const ratio = r.requests / r.bare;
    const min = r.name.startsWith('read') ? BUDGETS.readRatio : BUDGETS.writeRatio;
    if (ratio < min) failures.push(`${r.name}: ${ratio.toFixed(3)}x of bare node:http, budget >= ${min}x`);
    // The p99 budget is the read's. With N connections each waiting for its answer, the mean latency is N divided by
    // the throughput (Little's law): at this many connections a write at its throughput budget already averages about
    // the read's p99 budget, so that p99 cannot be asked of the writes; their p99 is printed with that floor next to it.
    if (r.name.startsWith('read') && r.p99 > BUDGETS.p99Ms)
      failures.push(`${r.name}: p99 ${r.p99} ms, budget <= ${BUDGETS.p99Ms} ms`);
    if (r.rssPeak > BUDGETS.rssMb)
      failures.push(`${r.name}: server RSS ${r.rssPeak.toFixed(0)} MB, budget <= ${BUDGETS.rssMb} MB`);
    if (r.errors || r.non2xx) failures.push(`${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx answers`);
  }
  if (ledgerOk) process.stdout.write('ledger check: clean\n');
  if (failures.length) {
    process.stdout.write(`\nBUDGETS FAILED:\n${failures.map((f) => `  - ${f}`).join('\n')}\n`);
    exitCode = 1;
  } else process.stdout.write('\nall budgets met\n');
} catch (err) {
  process.stderr.write(`bench:http failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  exitCode = 1;
} finally {
  for (const child of [...children]) await stopChild(child);
  for (const clean of cleanups) await Promise.resolve(clean()).catch((e) => process.stderr.write(`clean-up: ${e.message}\n`));
}
process.exit(exitCode);
