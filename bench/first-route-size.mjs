#!/usr/bin/env node
// First-route budget of the customer app: every script Chromium downloads to show the first route, measured
// against the real server (built app, fresh database), gzip level 9 — the .gz twins the server sends.
// Two first routes count: a visitor's (the launch guard's login page) and a signed-in customer's (Home).
// Pages and chunks loaded only on demand later (another page, the first form submit) are not counted. The Hall, Order
// and My tabs opened first must not load code they need only on a tap (ON_DEMAND below).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { build } from '../scripts/build.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

const BUDGET_KB = 120;
const PORT = Number(process.env.BENCH_PORT ?? 8197);
const BASE = `http://127.0.0.1:${PORT}`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('No build of apps/web found. Build first: npm run build');
  process.exit(1);
}

// the compiled server, as `npm start` runs it (built here if missing or out of date)
await build({ targets: ['server'], quiet: true });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-bench-'));
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitReady() {
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become ready');
}

/** Opens `url` in a fresh context (optionally with a stored session) and sums the gzip size of the scripts it loads. */
async function measure(browser, name, url, session, readySelector) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  if (session) {
    await context.addInitScript((s) => {
      localStorage.setItem('token', s.token);
      localStorage.setItem('userInfo', JSON.stringify(s.user));
    }, session);
  }
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (res) => {
    if (res.request().resourceType() !== 'script' || !res.url().startsWith(BASE)) return;
    scripts.set(
      res.url(),
      res.body().then((b) => gzipSync(b, { level: 9 }).length),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForSelector(readySelector, { state: 'visible' });
  await page.waitForLoadState('networkidle');
  const sizes = await Promise.all([...scripts].map(async ([u, size]) => [new URL(u).pathname, await size]));
  await context.close();
  const total = sizes.reduce((sum, [, s]) => sum + s, 0) / 1024;
  const budget = name.startsWith('first route') ? ` (budget ${BUDGET_KB} KB)` : '';
  console.info(`${name}: ${total.toFixed(1)} KB gzip in ${sizes.length} scripts${budget}`);
  for (const [p, s] of sizes.sort((a, b) => b[1] - a[1])) console.info(`    ${(s / 1024).toFixed(1).padStart(6)} KB  ${p}`);
  return { total, paths: sizes.map(([p]) => p) };
}

/**
 * Code a tab page needs only after a tap, so its first load must not fetch it (every script is parsed and run on a
 * slow phone before the page settles): the request schemas (zod), which only a form's submit needs.
 */
const ON_DEMAND = [/\/schemas-[\w-]+\.js$/];
const TAB_PAGES = [
  { name: 'Hall', hash: '/pages/dating/dating' },
  { name: 'Order', hash: '/pages/orders/orders' },
  { name: 'My', hash: '/pages/mine/mine' },
];

let failed = false;
try {
  await waitReady();
  const login = await (
    await fetch(`${BASE}/api/v1/user/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'demo@c2c.local', password: 'Demo12345', lang: 'en' }),
    })
  ).json();
  if (login.code !== 200) throw new Error(`demo sign-in failed: ${login.msg}`);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const visitor = (await measure(browser, 'first route, visitor (login)', `${BASE}/`, null, 'input[type="password"]')).total;
    const member = (await measure(browser, 'first route, signed in (home)', `${BASE}/`, login.data, '.adm-tab-bar')).total;
    const worst = Math.max(visitor, member);
    console.info(`first-route JS: ${worst.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
    if (worst > BUDGET_KB) {
      console.error(`Over budget: ${worst.toFixed(1)} KB > ${BUDGET_KB} KB`);
      failed = true;
    }
    for (const tab of TAB_PAGES) {
      const { paths } = await measure(
        browser,
        `tab page opened first (${tab.name})`,
        `${BASE}/#${tab.hash}`,
        login.data,
        '.adm-tab-bar',
      );
      const early = paths.filter((p) => ON_DEMAND.some((re) => re.test(p)));
      if (early.length > 0) {
        console.error(`${tab.name} loads on-demand code with the page: ${early.join(', ')}`);
        failed = true;
      }
    }
  } finally {
    await browser.close();
  }
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? err.message : err}`);
  failed = true;
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
