import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { PNG, shot, signUpByApi } from './support';

/** Width and height of a PNG, read from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

test('the customer app installs, opens offline with the offline state, and never answers the API from cache', async ({
  page,
  context,
  request,
}) => {
  // installing the worker precaches the whole shell (every page and language) and the walk goes offline and back:
  // more than the default minute when CI's machine is busy
  test.setTimeout(150_000);
  await page.goto('/');
  await expect(page.locator('input[type="password"]')).toBeVisible();

  // The manifest: linked, served as a manifest, and what an install needs.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifestAnswer = await request.get(href!);
  expect(manifestAnswer.status()).toBe(200);
  expect(manifestAnswer.headers()['content-type']).toContain('application/manifest+json');
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
  expect(icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  for (const icon of icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type']).toBe(icon.type);
    expect(pngSize(await answer.body()).join('x')).toBe(icon.sizes);
  }
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0f1220');

  // The worker's script is revalidated on every check for an update, never kept for long.
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // It registers and controls the page (a first install takes over at once), with the shell precached.
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready;
    return navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') ?? false;
  });
  // While online the page reads an API answer and a stored upload (a GET answered 200: what a cache could keep).
  expect(await page.evaluate(() => fetch('/api/v1/nothing?lang=en').then((r) => r.status))).toBe(404);
  const customer = await signUpByApi('pwa', 'Pwa-e2e-pass1');
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  const stored = await fetch(`${BASE_URL}/api/v1/attach/upload`, {
    method: 'POST',
    headers: { 'x-access-token': customer.token },
    body: form,
  }).then((r) => r.json() as Promise<{ code: number; data: { url: string } }>);
  expect(stored.code).toBe(200);
  // past the browser's own HTTP cache (the server lets it keep an upload for an hour): only the worker could answer
  const readUpload = ([url, token]: string[]) =>
    fetch(url!, { headers: { 'x-access-token': token! }, cache: 'no-store' }).then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    );
  expect(await page.evaluate(readUpload, [stored.data.url, customer.token])).toBe('answered 200');
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached).toContain('/manifest.webmanifest');
  expect(cached.filter((u) => u.endsWith('.js')).length).toBeGreaterThan(10);
  expect(cached.filter((u) => /^\/(api|uploads|ws|admin|metrics)(\/|$)/.test(u))).toEqual([]);

  // Offline, the app still opens (in another language too: every language's texts are part of the shell) and says so.
  await context.setOffline(true);
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.reload();
  await expect(page.locator('input[type="password"]')).toBeVisible();
  const banner = page.getByRole('status').filter({ hasText: 'offline' });
  await expect(banner).toHaveText('Sie sind offline: Bis die Verbindung zurück ist, kann nichts geladen oder gesendet werden.');
  await shot(page, 'pwa-offline');

  // Nothing the server computes comes from the cache: the API call and the upload fail, and a
  // visit to the API, uploads, live updates, console or metrics gets no page of this app.
  const apiOffline = await page.evaluate(() =>
    fetch('/api/v1/nothing?lang=en').then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(apiOffline).toBe('failed');
  expect(await page.evaluate(readUpload, [stored.data.url, customer.token])).toBe('failed');
  const other = await context.newPage();
  for (const path of ['/admin/', '/api/v1/nothing', '/uploads/none.png', '/ws', '/metrics']) {
    await expect(other.goto(path), path).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  }
  await other.close();
  // (the banner leaving when the connection is back is offline-banner.test.tsx's: switching a context with a worker
  // back online hung Playwright once on a busy CI machine)
});
