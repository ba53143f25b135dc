// `npm run backup` copies the SQLite database while the compiled server writes to it, and `npm run restore` puts such a
// copy back: the restored database passes the ledger check and holds every row written before the backup began.
// Restore refuses files that are not C2C databases, an existing database without --force, and a database in use.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import Database from '@c2c/sqlite';
import { TOTP } from 'otpauth';
import { buildServer, SERVER_DIR } from '../apps/server/build.mjs';
import { ROOT } from './build.mjs';

const OWNER = { email: 'owner@backup.test', password: 'OwnerPass123', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DP' };
const HOUSE = 'HOUSE2026';
const cleanups = [];
after(() => {
  for (const fn of cleanups.reverse()) fn();
});

const tempDir = (tag) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `c2c-${tag}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** the environment of a server (and of the scripts) on `dataDir`, nothing from the caller's that points elsewhere */
function envFor(dataDir, port = 0) {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    ADMIN_TOTP_SECRET: OWNER.totpSecret,
    HOUSE_INVITE_CODE: HOUSE,
  };
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL', 'AUDIT_KEY']) delete env[key];
  return env;
}

/** runs one of the npm scripts' commands as `npm run` does (from the repository root) */
function script(name, args, env) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', `${name}.mjs`), ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout + r.stderr };
}

let outdir;
before(async () => {
  outdir = fs.mkdtempSync(path.join(SERVER_DIR, '.test-dist-'));
  cleanups.push(() => fs.rmSync(outdir, { recursive: true, force: true }));
  await buildServer({ outdir, quiet: true });
});

async function startServer(dataDir) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
    env: envFor(dataDir, port),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  for (const s of [child.stdout, child.stderr]) s.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanups.push(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // gone
    }
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 30_000; ; ) {
    if (child.exitCode !== null) assert.fail(`server exited:\n${output}`);
    if (
      await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) assert.fail(`server not ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  let ip = 0;
  const call = async (p, body, headers = {}) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.18.7.${++ip % 250}`, ...headers },
      body: JSON.stringify({ lang: 'en', ...body }),
    });
    return res.json();
  };
  return {
    url,
    call,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function lastCode(dataDir, email) {
  const outbox = path.join(dataDir, 'outbox');
  for (const f of fs.readdirSync(outbox).sort().reverse()) {
    const raw = fs.readFileSync(path.join(outbox, f), 'utf8');
    if (!raw.includes(`To: ${email}`)) continue;
    const [head, ...rest] = raw.split(/\r?\n\r?\n/);
    let body = rest.join('\n\n');
    if (/base64/i.test(head)) body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    else body = body.replace(/=\r?\n/g, '');
    const m = /\b(\d{6})\b/.exec(body);
    if (m) return m[1];
  }
  throw new Error(`no code for ${email}`);
}

/** a running server with the owner signed in and one customer; `adjust(n)` credits the customer 1.00 with reason w-n */
async function serverWithCustomer(dataDir) {
  const server = await startServer(dataDir);
  const totp = new TOTP({ secret: OWNER.totpSecret, digits: 6, period: 30 }).generate();
  const login = await server.call('/api/admin/v1/auth/login', { email: OWNER.email, password: OWNER.password, totp });
  assert.equal(login.code, 200, JSON.stringify(login));
  const admin = { 'x-admin-token': login.data.token };
  const email = `backup.${process.pid}@example.com`;
  assert.equal((await server.call('/api/v1/sms/send-code', { email })).code, 200);
  const reg = await server.call('/api/v1/user/register', {
    email,
    code: lastCode(dataDir, email),
    password: 'Passw0rd!x',
    confirm_password: 'Passw0rd!x',
    invite_code: HOUSE,
  });
  assert.equal(reg.code, 200, JSON.stringify(reg));
  const userId = reg.data.user.id;
  const adjust = async (n) => {
    const r = await server.call('/api/admin/v1/user/adjust', { id: userId, amount: '1.00', reason: `w-${n}` }, admin);
    assert.equal(r.code, 200, JSON.stringify(r));
  };
  return { server, adjust };
}

const reasons = (file) => {
  const db = new Database(file, { readonly: true });
  try {
    return new Set(db.prepare("select reason from user_adjustments where reason like 'w-%'").pluck().all());
  } finally {
    db.close();
  }
};

test('a backup taken while the server writes restores to a database that passes the ledger check and holds the earlier rows', async () => {
  const live = tempDir('live');
  const { server, adjust } = await serverWithCustomer(live);
  try {
    // the ledger moves all the time: one writer after another, until told to stop
    let n = 0;
    const done = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const k = ++n;
        await adjust(k);
        done.push(k);
      }
    })();
    while (done.length < 20) await new Promise((r) => setTimeout(r, 20));
    const before = new Set(done);
    const target = path.join(tempDir('backups'), 'during-writes.sqlite');
    const backup = spawn(process.execPath, [path.join(ROOT, 'scripts/backup.mjs'), target], { cwd: ROOT, env: envFor(live) });
    let backupOut = '';
    for (const s of [backup.stdout, backup.stderr]) s.on('data', (d) => (backupOut += d));
    const code = await new Promise((resolve) => backup.once('exit', resolve));
    const later = new Set(done);
    writing = false;
    await writer;
    assert.equal(code, 0, backupOut);
    assert.match(backupOut, /backup: .*during-writes\.sqlite/);
    assert.ok(later.size > before.size, 'no write happened while the backup ran; the test shows nothing');
    assert.equal((fs.statSync(target).mode & 0o777).toString(8), '600');

    // restored into a fresh data folder (no database there yet: no --force needed)
    const restored = tempDir('restored');
    fs.copyFileSync(path.join(live, 'audit.key'), path.join(restored, 'audit.key'));
    const r = script('restore', [target], envFor(restored));
    assert.equal(r.code, 0, r.out);
    const file = path.join(restored, 'c2c.sqlite');
    const got = reasons(file);
    for (const k of before) assert.ok(got.has(`w-${k}`), `adjustment w-${k}, made before the backup, is missing`);
    // what the copy holds is one moment: every adjustment it has was finished or under way by the time it ended
    for (const k of got) assert.ok(Number(k.slice(2)) <= n, k);

    const check = spawnSync(process.execPath, [path.join(outdir, 'ledger-check.js')], {
      env: envFor(restored),
      encoding: 'utf8',
    });
    assert.equal(check.status, 0, check.stdout + check.stderr);
    assert.match(check.stdout, /every journal balances/);

    // and a server starts on it (its migrations and audit chain accept it)
    const again = await startServer(restored);
    await again.stop();
  } finally {
    await server.stop();
  }
});

test('restore refuses a file that is not a C2C database, an existing database without --force, and one a server holds', async () => {
  const dir = tempDir('refuse');
  const { server, adjust } = await serverWithCustomer(dir);
  let serverUp = true;
  try {
    await adjust(1);
    const good = path.join(tempDir('bk'), 'good.sqlite');
    const made = script('backup', [good], envFor(dir));
    assert.equal(made.code, 0, made.out);
    assert.equal(script('backup', [good], envFor(dir)).code, 1, 'a backup overwrote an existing file');

    const other = path.join(tempDir('other'), 'other.sqlite');
    const db = new Database(other);
    db.exec('create table notes (id integer primary key, text text)');
    db.close();
    const notOurs = script('restore', [other, '--force'], envFor(dir));
    assert.equal(notOurs.code, 1);
    assert.match(notOurs.out, /not a C2C database: it has no migrations table/);
    const text = path.join(path.dirname(other), 'text.sqlite');
    fs.writeFileSync(text, 'hello, not a database at all');
    assert.match(script('restore', [text, '--force'], envFor(dir)).out, /not a readable SQLite database/);

    const noForce = script('restore', [good], envFor(dir));
    assert.equal(noForce.code, 1);
    assert.match(noForce.out, /exists; add --force/);

    const inUse = script('restore', [good, '--force'], envFor(dir));
    assert.equal(inUse.code, 1);
    assert.match(inUse.out, /in use \(a server has it open\)/);
    assert.ok(!fs.existsSync(path.join(dir, 'c2c.sqlite.restoring')));

    // the server still works on its database, which was left as it was
    await adjust(2);
    await server.stop();
    serverUp = false;
    assert.ok(reasons(path.join(dir, 'c2c.sqlite')).has('w-2'));

    const forced = script('restore', [good, '--force'], envFor(dir));
    assert.equal(forced.code, 0, forced.out);
    const kept = /kept as (\S+)/.exec(forced.out)?.[1];
    assert.ok(kept && fs.existsSync(kept), forced.out);
    // the old database's WAL went with it: none is left to be replayed onto the restored file
    assert.ok(!fs.existsSync(path.join(dir, 'c2c.sqlite-wal')));
    assert.deepEqual(reasons(kept), new Set(['w-1', 'w-2']));
    assert.deepEqual(reasons(path.join(dir, 'c2c.sqlite')), new Set(['w-1']));
    const again = await startServer(dir);
    await again.stop();
  } finally {
    if (serverUp) await server.stop();
  }
});

test('on PostgreSQL both scripts point to pg_dump and pg_restore and copy nothing', () => {
  const env = { ...envFor(tempDir('pg')), DATABASE_URL: 'postgres://127.0.0.1:5432/c2c' };
  for (const name of ['backup', 'restore']) {
    const r = script(name, name === 'restore' ? ['x.sqlite'] : [], env);
    assert.equal(r.code, 2);
    assert.match(r.out, /pg_dump --format=custom/);
    assert.match(r.out, /pg_restore --clean/);
  }
});
