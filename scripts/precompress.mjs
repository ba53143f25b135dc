#!/usr/bin/env node
// Writes .br and .gz twins of every text asset of a built app, so the server sends compressed files
// without compressing on each request (@fastify/static `preCompressed`).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'dist');
let count = 0;
for (const entry of fs.readdirSync(dir, { recursive: true })) {
  const file = path.join(dir, String(entry));
  if (!/\.(js|css|html|svg|json)$/.test(file) || !fs.statSync(file).isFile()) continue;
  const data = fs.readFileSync(file);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  count += 1;
}
console.info(`precompress: ${count} files in ${path.relative(process.cwd(), dir) || '.'} (.br and .gz)`);
