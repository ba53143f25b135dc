import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOTP } from 'otpauth';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUSE_CODE, OWNER, onPostgres } from '../test/harness.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { withPgUser } from './db/pg-url.js';
import { FIRST_OWNER_FILE, seedFirstStart } from './seed.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0)) await clean();
});

/** The environment of the processes of one deployment: they share the database (and its data folder). */
function sharedEnv(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-startup-'));
  const schema = onPostgres ? `t_start_${process.pid}_${Math.random().toString(36).slice(2, 8)}` : '';
  cleanups.push(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!schema) return;
    const c = new pg.Client({ connectionString: withPgUser(process.env.DATABASE_URL!) });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
  });
  return {
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: process.env.DATABASE_URL,
    DATABASE_SCHEMA: schema,
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    ADMIN_TOTP_SECRET: OWNER.totpSecret,
    SEED_DEMO: 'true',
    ...env,
  };
}

const tsx = path.resolve(import.meta.dirname, '../../../node_modules/.bin/tsx');
const script = path.resolve(import.meta.dirname, '../test/start-once.ts');

/** One server process's start (migrations, then the first-start seed, as main does): answers what it seeded. */
function start(env: Record<string, string | undefined>): Promise<{ owner: boolean; houseCode: boolean; demo: boolean }> {
  return new Promise((resolve, reject) => {
    execFile(tsx, [script], { env: { ...process.env, ...env }, timeout: 60_000 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`start failed: ${stderr || err.message}`));
      else resolve(JSON.parse(stdout.trim().split('\n').at(-1)!));
    });
  });
}

describe('first start of several processes at once', () => {
  it('migrates and seeds once: every process comes up, with one owner, one house code and one demo customer', async () => {
    const barrier = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-barrier-'));
    cleanups.push(async () => fs.rmSync(barrier, { recursive: true, force: true }));
    const env = sharedEnv({ HOUSE_INVITE_CODE: HOUSE_CODE, START_BARRIER: barrier, START_COUNT: '2' });
    const started = await Promise.allSettled([start(env), start(env)]);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason) : 'up'))).toEqual(['up', 'up']);
    const seeded = started.map((s) => (s as PromiseFulfilledResult<Awaited<ReturnType<typeof start>>>).value);
    // exactly one of them seeded, and said so
    expect(seeded.filter((r) => r.owner)).toHaveLength(1);
    expect(seeded.filter((r) => r.houseCode)).toHaveLength(1);
    expect(seeded.filter((r) => r.demo)).toHaveLength(1);

    const { app, ctx } = await buildApp(loadConfig(env), { jobs: false });
    cleanups.unshift(() => app.close());
    const db = ctx.database.db;
    expect(await db.selectFrom('operators').select(['email', 'role']).execute()).toEqual([{ email: OWNER.email, role: 'owner' }]);
    expect(await db.selectFrom('house_invite_codes').select('code').execute()).toEqual([{ code: HOUSE_CODE }]);
    expect(await db.selectFrom('users').select('email').execute()).toEqual([{ email: 'demo@c2c.local' }]);
    expect((await db.selectFrom('receiving_addresses').select('type').orderBy('type').execute()).map((r) => r.type)).toEqual([
      'ERC20',
      'TRC20',
    ]);
    // a later start finds everything in place and seeds nothing
    expect(await seedFirstStart(ctx)).toEqual({});
  }, 90_000);
});

const main = path.resolve(import.meta.dirname, 'main.ts');

/**
 * Runs the server (`main.ts`) as `npm start` does until it is up, calls `whileUp` with its address, then stops it with
 * SIGTERM: answers everything it wrote, standard output and standard error together (the log and the banner).
 */
function runMain(env: Record<string, string | undefined>, whileUp: (url: string) => Promise<void>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [main], { env: { ...process.env, ...env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let up = false;
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const take = (d: Buffer) => {
      out += d;
      const url = /Customer app:\s+(http:\/\/\S+)\//.exec(out)?.[1];
      if (up || !url || !out.includes('Database:')) return;
      up = true;
      whileUp(url.replace('localhost', '127.0.0.1')).then(
        () => child.kill('SIGTERM'),
        (err) => {
          child.kill('SIGTERM');
          reject(err);
        },
      );
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.once('close', () => {
      clearTimeout(timer);
      if (up) resolve(out);
      else reject(new Error(`the server did not come up: ${out}`));
    });
  });
}

/** Signs the owner in to the operator API of the server at `url`; answers the envelope's code. */
async function ownerSignIn(url: string, email: string, password: string, totpSecret: string): Promise<number> {
  const res = await fetch(`${url}/api/admin/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, totp: new TOTP({ secret: totpSecret }).generate(), lang: 'en' }),
  });
  return ((await res.json()) as { code: number }).code;
}

describe('the first owner’s secrets', () => {
  it('given in the environment: nothing of them is written to the log, and no file is made', async () => {
    const env = sharedEnv();
    const out = await runMain(env, async (url) => {
      expect(await ownerSignIn(url, OWNER.email, OWNER.password, OWNER.totpSecret)).toBe(200);
    });
    expect(out).toContain(`the owner operator ${OWNER.email} was created with ADMIN_PASSWORD and ADMIN_TOTP_SECRET`);
    expect(out).not.toContain(OWNER.password);
    expect(out).not.toContain(OWNER.totpSecret);
    expect(fs.existsSync(path.join(env.DATA_DIR, FIRST_OWNER_FILE))).toBe(false);
  }, 180_000);

  it('generated: written once to a file only its user reads, which the log names, and never to the log', async () => {
    const env = sharedEnv({ ADMIN_PASSWORD: '', ADMIN_TOTP_SECRET: '' });
    const file = path.join(env.DATA_DIR, FIRST_OWNER_FILE);
    let secrets = { password: '', totp: '' };
    const out = await runMain(env, async (url) => {
      const text = fs.readFileSync(file, 'utf8');
      secrets = {
        password: /^Password:\s+(\S+)$/m.exec(text)?.[1] ?? '',
        totp: /^TOTP secret:\s+([A-Z2-7]+)/m.exec(text)?.[1] ?? '',
      };
      expect(await ownerSignIn(url, OWNER.email, secrets.password, secrets.totp)).toBe(200);
    });
    expect(secrets.password).toMatch(/^\S{10,}$/);
    expect(secrets.totp).toMatch(/^[A-Z2-7]{16,}$/);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(out).toContain(file);
    expect(out).not.toContain(secrets.password);
    expect(out).not.toContain(secrets.totp);
    // a second start finds the owner in place: the file is left as it is, and the log says nothing of it
    const before = fs.readFileSync(file, 'utf8');
    const again = await runMain(env, async () => {});
    expect(again).not.toContain(file);
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
  }, 240_000);

  it('half given: only the generated one is in the file, the given one nowhere', async () => {
    const env = sharedEnv({ ADMIN_TOTP_SECRET: '' });
    const file = path.join(env.DATA_DIR, FIRST_OWNER_FILE);
    const out = await runMain(env, async () => {});
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toMatch(/^TOTP secret:\s+[A-Z2-7]{16,}/m);
    expect(text).not.toContain(OWNER.password);
    expect(out).not.toContain(OWNER.password);
    expect(out).not.toContain(/^TOTP secret:\s+([A-Z2-7]+)/m.exec(text)![1]);
  }, 180_000);

  it('never overwrites an existing file: the start stops, and no owner is created', async () => {
    const env = sharedEnv({ ADMIN_PASSWORD: '' });
    const file = path.join(env.DATA_DIR, FIRST_OWNER_FILE);
    fs.writeFileSync(file, "an earlier owner's secrets\n", { mode: 0o600 });
    await expect(start(env)).rejects.toThrow(`${file} already exists`);
    expect(fs.readFileSync(file, 'utf8')).toBe("an earlier owner's secrets\n");
    const { app, ctx } = await buildApp(loadConfig(env), { jobs: false });
    cleanups.unshift(() => app.close());
    expect(await ctx.database.db.selectFrom('operators').select('email').execute()).toEqual([]);
  }, 180_000);
});
