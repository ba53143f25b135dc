#!/usr/bin/env node
// Draws the customer app's install icons (apps/web/public/pwa-*.png) from its favicon with Chromium: 192 and 512 px
// with the favicon's rounded square, and a maskable 512 px one whose background fills the square and whose mark stays
// inside the central 80% safe zone that launchers may crop to a circle. Run again after the favicon changes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
const svg = fs.readFileSync(path.join(pub, 'favicon.svg'), 'utf8');
const maskable = svg
  .replace(/<rect [^>]*\/>/, (rect) => rect.replace(/ rx="[^"]*"/, ''))
  .replace(
    /<text /,
    // scale the mark to 80% around the centre
    '<text transform="translate(6.4 6.4) scale(0.8)" ',
  );

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const [name, size, source] of [
    ['pwa-192x192.png', 192, svg],
    ['pwa-512x512.png', 512, svg],
    ['pwa-maskable-512x512.png', 512, maskable],
  ]) {
    await page.setViewportSize({ width: size, height: size });
    const sized = source.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
    await page.screenshot({ path: path.join(pub, name), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    console.info(`wrote ${name}`);
  }
} finally {
  await browser.close();
}
