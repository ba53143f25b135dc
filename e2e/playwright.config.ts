import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.mjs';

// E2E_PORT lets several checkouts run their suites side by side.
export const PORT = Number(process.env.E2E_PORT ?? 8190);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const OWNER = { email: 'owner@e2e.local', password: 'OwnerE2E-pass1', totpSecret: 'KRUGS4ZANFZSAYJAORSXG5BA' };
export const HOUSE_CODE = 'E2EHOUSE';

// One fresh data folder per run, shared with the workers through the environment.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-e2e-'));

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  // two walks share the machine's two cores (workers below), so each gets twice the one-at-a-time budget
  timeout: 120_000,
  expect: { timeout: 10_000 },
  // Two walks at a time: a walk spends much of its time waiting on the server, its job rounds and the browser, so two
  // share the 2-core CI machine well. Each walk signs up its own customers; the three phases below keep the walks that
  // change what the others rely on apart. E2E_WORKERS=1 runs them one at a time.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    // the console's own TOTP sign-in walk, before the walks sign the owner in through the API (support.ts)
    { name: 'sign-in', testMatch: 'console.spec.ts' },
    { name: 'walks', testIgnore: ['console.spec.ts', 'safety.spec.ts'], dependencies: ['sign-in'] },
    // the other walks use the demo receiving address; this one removes the demo data, so it comes last
    { name: 'demo-removal', testMatch: 'safety.spec.ts', dependencies: ['walks'] },
  ],
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    // one device pixel per CSS pixel: Chromium here paints in software, and the Pixel 7's 2.625 made every frame and
    // every full-page screenshot seven times the pixels (the screenshots cost 9 of a 48-s walk)
    deviceScaleFactor: 1,
    // the walks' pages move as for someone who asked their system for less motion (both apps honour it): a click waits
    // for its target to stand still, and a sheet or drawer that slides in keeps it waiting for every frame of the slide
    reducedMotion: 'reduce',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // a failed walk keeps its trace: every action with the page's DOM before and after it, and the network. Without the
    // screencast of every frame (screenshots), which kept Chromium's GPU and browser processes busy through every walk
    // (a third of the walks' CPU); the failure's own screenshots stay (screenshot below)
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
  webServer: {
    // the compiled server, as `npm start` runs it (built first if missing or out of date)
    command: 'node ../scripts/build.mjs server --quiet && exec node --enable-source-maps ../apps/server/dist/main.js',
    url: `${BASE_URL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_TOTP_SECRET: OWNER.totpSecret,
      HOUSE_INVITE_CODE: HOUSE_CODE,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: BASE_URL,
      // the jobs' minute-long rounds (trade expiry, interest settlement) every 2 s, so walks wait seconds, not a minute
      JOB_INTERVAL_MAX_MS: '2000',
      // API sign-ups name their client address in X-Forwarded-For (support.ts signUpByApi)
      TRUST_PROXY: 'true',
    },
  },
});
