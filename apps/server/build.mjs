#!/usr/bin/env node
// Compiles the server to plain JavaScript: one ESM bundle per entry point in dist/, run with `node`.
// @c2c/shared is a workspace package whose exports point at TypeScript source, so it is bundled in;
// every other package (fastify, better-sqlite3, pg, …) stays an import that Node resolves from node_modules.
// The output stays one folder below apps/server/ (like src/), so paths derived from import.meta.url still hold.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

export const SERVER_DIR = path.dirname(fileURLToPath(import.meta.url));

/** dist/<name>.js ← src/<path> */
export const ENTRY_POINTS = {
  main: 'src/main.ts',
  'ledger-check': 'src/scripts/ledger-check.ts',
  'audit-verify': 'src/scripts/audit-verify.ts',
};

/** Bare imports stay external except our own workspace packages (TypeScript source, nothing to run as is). */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@c2c/') ? undefined : { external: true }));
  },
};

/**
 * Bundles the server into `outdir` (default dist/, emptied first). The folder must sit directly in apps/server/
 * so that imports of packages resolve from the repository's node_modules and repo-relative paths stay right.
 */
export async function buildServer({ outdir = path.join(SERVER_DIR, 'dist'), quiet = false } = {}) {
  if (path.dirname(path.resolve(outdir)) !== SERVER_DIR) throw new Error(`outdir must be a folder in ${SERVER_DIR}`);
  fs.rmSync(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: SERVER_DIR,
    entryPoints: Object.entries(ENTRY_POINTS).map(([out, src]) => ({ in: src, out })),
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    legalComments: 'none',
    logLevel: quiet ? 'error' : 'warning',
    metafile: true,
    plugins: [externalPackages],
  });
  if (!quiet) {
    const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
    const sizes = outputs.map(([file, o]) => `${path.basename(file)} ${Math.round(o.bytes / 1024)} KB`).join(', ');
    console.info(`server: ${path.relative(process.cwd(), outdir) || '.'}/ (${sizes})`);
  }
  return result;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
