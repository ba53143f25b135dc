import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserServer, chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { PNG, shot } from './support';

/**
 * The installable app, walked on a server and a browser of its own: going offline for real means stopping that server,
 * and the walk never switches a browser context with a service worker offline (Playwright's setOffline on such a
 * context hung the full suite on a busy machine). Both are stopped by process at the end, whatever happens.
 */

/** Width and height of a PNG, read from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The built server (the suite's webServer command built it) on its own port and data folder, with the demo customer. */
async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.resolve(import.meta.dirname, '../../apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGKILL');
  throw new Error('the walk’s own server did not start');
}

/** Stops the server and waits until it is gone (SIGKILL if it does not end in 10 s). */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Every path in the page's Cache Storage (the worker's caches). */
async function cachedPaths(): Promise<string[]> {
  const urls: string[] = [];
  for (const name of await caches.keys()) {
    for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
  }
  return urls;
}

test('the customer app installs, opens offline with the offline state, and never answers the API from cache', async () => {
  // installing the worker precaches the whole shell (every page and language): more than the default minute when
  // the machine is busy
  test.setTimeout(150_000);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-e2e-pwa-'));
  let server: ChildProcess | undefined;
  let browserServer: BrowserServer | undefined;
  try {
    server = await startServer(port, dataDir);
    browserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    const browser = await chromium.connect(browserServer.wsEndpoint());
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await expect(page.locator('input[type="password"]')).toBeVisible();

    // The manifest: linked, served as a manifest, and what an install needs.
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const manifestAnswer = await fetch(`${base}${href}`);
    expect(manifestAnswer.status).toBe(200);
    expect(manifestAnswer.headers.get('content-type')).toContain('application/manifest+json');
    const manifest = await manifestAnswer.json();
    expect(manifest).toMatchObject({
      name: 'C2C',
      short_name: 'C2C',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f1220',
      background_color: '#0f1220',
    });
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of icons) {
      const answer = await fetch(`${base}${icon.src}`);
      expect(answer.status, icon.src).toBe(200);
      expect(answer.headers.get('content-type')).toBe(icon.type);
      expect(pngSize(Buffer.from(await answer.arrayBuffer())).join('x')).toBe(icon.sizes);
    }
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f1220');

    // The worker's script is revalidated on every check for an update, never kept for long.
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    // It registers and controls the page (a first install takes over at once), with the shell precached.
    await page.waitForFunction(async () => {
      await navigator.serviceWorker.ready;
      return navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') ?? false;
    });
    // While online the page reads API answers and a stored upload (GETs and POSTs answered 200: what a cache could keep).
    expect(await page.evaluate(() => fetch('/api/v1/nothing?lang=en').then((r) => r.status))).toBe(404);
    const login = await fetch(`${base}/api/v1/user/login`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'demo@c2c.local', password: 'Demo12345', lang: 'en' }),
    }).then((r) => r.json() as Promise<{ code: number; data: { token: string } }>);
    expect(login.code).toBe(200);
    const token = login.data.token;
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
    const stored = await fetch(`${base}/api/v1/attach/upload`, {
      method: 'POST',
      headers: { 'x-access-token': token },
      body: form,
    }).then((r) => r.json() as Promise<{ code: number; data: { url: string } }>);
    expect(stored.code).toBe(200);
    // past the browser's own HTTP cache (the server lets it keep an upload for an hour): only the worker could answer
    const readUpload = ([url, t]: string[]) =>
      fetch(url!, { headers: { 'x-access-token': t! }, cache: 'no-store' }).then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      );
    const readConfig = () =>
      fetch('/api/v1/config/get', { method: 'POST', body: new URLSearchParams({ lang: 'en' }) }).then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      );
    expect(await page.evaluate(readUpload, [stored.data.url, token])).toBe('answered 200');
    expect(await page.evaluate(readConfig)).toBe('answered 200');
    const cached = await page.evaluate(cachedPaths);
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/manifest.webmanifest');
    expect(cached.filter((u) => u.endsWith('.js')).length).toBeGreaterThan(10);
    expect(cached.filter((u) => /^\/(api|uploads|ws|admin|metrics)(\/|$)/.test(u))).toEqual([]);

    // Offline for real: the server is gone. The app still opens (in another language too: every language's texts are
    // part of the shell) and says it is offline, although the device itself is online.
    await stopServer(server);
    await page.evaluate(() => localStorage.setItem('lang', 'de'));
    await page.reload();
    await expect(page.locator('input[type="password"]')).toBeVisible();
    const banner = page.getByRole('status').filter({ hasText: 'offline' });
    await expect(banner).toHaveText('Sie sind offline: Bis die Verbindung zurück ist, kann nichts geladen oder gesendet werden.');
    await shot(page, 'pwa-offline');

    // Nothing the server computes comes from the cache: the API calls and the upload fail, and a visit to the API,
    // uploads, live updates, console or metrics gets no page of this app.
    expect(await page.evaluate(readConfig)).toBe('failed');
    expect(
      await page.evaluate(() =>
        fetch('/api/v1/nothing?lang=en').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    expect(await page.evaluate(readUpload, [stored.data.url, token])).toBe('failed');
    const other = await context.newPage();
    for (const p of ['/admin/', '/api/v1/nothing', '/uploads/none.png', '/ws', '/metrics']) {
      await expect(other.goto(`${base}${p}`), p).rejects.toThrow(/ERR_CONNECTION_REFUSED/);
    }
    expect((await page.evaluate(cachedPaths)).filter((u) => /^\/(api|uploads|ws|admin|metrics)(\/|$)/.test(u))).toEqual([]);

    // The server is back: the app finds out by itself within seconds, and the offline state ends without a tap.
    server = await startServer(port, dataDir);
    await expect(banner).toHaveCount(0, { timeout: 15_000 });
  } finally {
    // by process, not through the page: nothing here waits on a browser that might not answer
    await browserServer?.kill();
    if (server) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
