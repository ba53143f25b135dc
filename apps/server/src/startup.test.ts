import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { HOUSE_CODE, OWNER, onPostgres } from '../test/harness.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { withPgUser } from './db/database.js';
import { seedFirstStart } from './seed.js';

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
