// First-visit download budget of the customer app: the entry script plus every script and stylesheet index.html makes the
// browser fetch before the first route can render (modulepreload), gzip level 9. Pages loaded on demand are not counted.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const indexPath = join(dist, 'index.html');

if (!existsSync(indexPath)) {
  console.error(`No build found at ${indexPath}. Build first: npm run build -w @c2c/web`);
  process.exit(1);
}

const html = readFileSync(indexPath, 'utf8');
const attr = (tag, name) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
const js = new Set();
const css = new Set();
for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
  const src = attr(tag, 'src');
  if (src && /type\s*=\s*["']module["']/i.test(tag)) js.add(src);
}
for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
  const rel = attr(tag, 'rel')?.toLowerCase();
  const href = attr(tag, 'href');
  if (!href) continue;
  if (rel === 'modulepreload') js.add(href);
  else if (rel === 'stylesheet') (href.endsWith('.js') ? js : css).add(href);
}
if (js.size === 0) {
  console.error(`No entry script found in ${indexPath}. Rebuild: npm run build -w @c2c/web`);
  process.exit(1);
}

const gzipKb = (files) => {
  let bytes = 0;
  for (const href of files) {
    const file = join(dist, href.replace(/^\//, '').split(/[?#]/)[0]);
    if (!existsSync(file)) {
      console.error(`index.html references ${href}, which is missing from ${dist}. Rebuild: npm run build -w @c2c/web`);
      process.exit(1);
    }
    const size = gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
    console.info(`  ${href}  ${(size / 1024).toFixed(1)} KB`);
    bytes += size;
  }
  return bytes / 1024;
};

const jsKb = gzipKb(js);
const cssKb = css.size ? gzipKb(css) : 0;
console.info(`first-route JS: ${jsKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB), ${js.size} file(s)`);
console.info(`first-route CSS: ${cssKb.toFixed(1)} KB gzip (not in the budget), ${css.size} file(s)`);
if (jsKb > BUDGET_KB) {
  console.error(`Over budget by ${(jsKb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
