// A throw-away deployment for a benchmark: N server processes (the compiled server, as `npm start` runs it) on one
// database — a fresh SQLite file, or a fresh schema on PostgreSQL when DATABASE_URL is set — and, when REDIS_URL is
// set, one Redis database of their own, emptied before and after, so counters of an earlier run (upload throttles
// keyed by user id) cannot leak into this one.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '../../scripts/cluster.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

import { withPgUser } from './pg-url.mjs';

const SERVER = path.join(root, 'apps/server/dist/main.js');
const LEDGER_CHECK = path.join(root, 'apps/server/dist/ledger-check.js');

export const OWNER = { email: 'owner@bench.local', password: 'BenchOwner123', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPBENCHAAA' };
export const HOUSE_CODE = 'BENCH2026';

/** A PostgreSQL URL with a user name (trust auth on this machine names the OS user, as the server does). */
export const pgUrl = withPgUser;

/** REDIS_URL pointed at database `db` (keys of one Redis database never meet another's). */
function redisUrlWithDb(url, db) {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

async function emptyRedisDb(url) {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', 'c2c:*', 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function waitReady(url, child) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server on ${url} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${url} did not become ready in 60 s`);
}

/**
 * Starts `nodes` server processes on ports `basePort`, `basePort + 1`, ... The first one alone runs the migrations
 * and the first-start seed (owner, house code); the others start once it is ready.
 */
export async function startDeployment({ nodes = 2, basePort = 9510, databaseUrl, redisUrl, logLevel = 'warn' }) {
  if (!fs.existsSync(SERVER) || !fs.existsSync(LEDGER_CHECK))
    throw new Error('no compiled server in apps/server/dist: build it first (node scripts/build.mjs server)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-bench-trading-'));
  const schema = databaseUrl ? `bench_trading_${process.pid}` : undefined;
  // one of Redis's 16 databases, away from 0 where the test harness keeps its prefixed keys
  const redis = redisUrl ? redisUrlWithDb(redisUrl, 8 + (process.pid % 8)) : undefined;
  if (redis) await emptyRedisDb(redis);
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    ADMIN_TOTP_SECRET: OWNER.totpSecret,
    HOUSE_INVITE_CODE: HOUSE_CODE,
    SEED_DEMO: 'false',
    // the simulated customers come from distinct addresses (X-Forwarded-For), as behind a load balancer
    TRUST_PROXY: 'true',
    DATABASE_URL: databaseUrl ?? '',
    DATABASE_SCHEMA: schema ?? '',
    REDIS_URL: redis ?? '',
  };
  const children = [];
  const urls = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', resolve);
            c.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    for (let i = 0; i < nodes; i++) {
      const port = basePort + i;
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER], {
        env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await waitReady(url, child);
      urls.push(url);
    }
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    urls,
    dataDir,
    schema,
    env,
    pids: children.map((c) => c.pid),
    stop,
    /** the server's own `npm run ledger:check` on this database: { ok, output } */
    ledgerCheck() {
      return new Promise((resolve) => {
        const child = spawn(process.execPath, [LEDGER_CHECK], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let output = '';
        child.stdout.on('data', (d) => {
          output += d;
        });
        child.stderr.on('data', (d) => {
          output += d;
        });
        child.once('exit', (code) => resolve({ ok: code === 0, output: output.trim() }));
      });
    },
    /** Removes the database, the Redis keys and the data folder (kept when `keep`, to look into a failed run). */
    async remove({ keep = false } = {}) {
      if (redis) await emptyRedisDb(redis);
      if (keep) return;
      if (schema) {
        const c = new pg.Client({ connectionString: pgUrl(databaseUrl) });
        await c.connect();
        await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await c.end();
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Sign-up codes from the outbox (DATA_DIR/outbox/*.eml, one file per mail): each refresh reads only files not seen
 * before, so a thousand sign-ups do not re-read the whole folder each time.
 */
export class Outbox {
  constructor(dataDir) {
    this.dir = path.join(dataDir, 'outbox');
    this.seen = new Set();
    this.codes = new Map();
  }

  refresh() {
    if (!fs.existsSync(this.dir)) return;
    for (const f of fs.readdirSync(this.dir)) {
      if (this.seen.has(f)) continue;
      const file = path.join(this.dir, f);
      const mail = decodeMail(fs.readFileSync(file, 'utf8'));
      const to = /^To: (\S+)/m.exec(mail)?.[1];
      const code = /\b(\d{6})\b/.exec(mail.slice(mail.search(/\r?\n\r?\n/)))?.[1];
      if (to && code) this.codes.set(to, code);
      // a file still being written reads short: it is read again later, unless it has its code or is old enough
      if ((to && code) || Date.now() - fs.statSync(file).mtimeMs > 2000) this.seen.add(f);
    }
  }

  /** The code mailed to `email`, waiting up to 10 s for the file. */
  async codeFor(email) {
    for (let i = 0; i < 100; i++) {
      const code = this.codes.get(email);
      if (code) return code;
      await new Promise((r) => setTimeout(r, 100));
      this.refresh();
    }
    throw new Error(`no sign-up code mailed to ${email}`);
  }
}

/** Decodes the quoted-printable or base64 body nodemailer writes, enough to read a code. */
function decodeMail(raw) {
  const cut = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, cut);
  const body = raw.slice(cut);
  if (/Content-Transfer-Encoding: base64/i.test(head))
    return `${head}\n\n${Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')}`;
  if (/Content-Transfer-Encoding: quoted-printable/i.test(head))
    return `${head}\n\n${body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16)))}`;
  return raw;
}
