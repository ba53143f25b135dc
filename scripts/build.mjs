#!/usr/bin/env node
// Builds the customer app, the operator console and the compiled server.
//   node scripts/build.mjs               builds only what is out of date (what `npm start` runs)
//   node scripts/build.mjs --all         builds everything (`npm run build`)
//   node scripts/build.mjs server [...]  limits either to the named targets; --quiet leaves out 'up to date'
// A target is out of date when its stamp (dist/.build-stamp, written after a complete build and dated to the
// build's start) is missing or older than any of its inputs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SHARED = ['packages/shared/src', 'packages/shared/package.json', 'package-lock.json', 'tsconfig.base.json'];
const app = (dir) => [
  `${dir}/src`,
  `${dir}/public`,
  `${dir}/index.html`,
  `${dir}/vite.config.ts`,
  `${dir}/tsconfig.json`,
  `${dir}/package.json`,
  'scripts/precompress.mjs',
  ...SHARED,
];

/** name → inputs (repo-relative files or folders), output folder and how to build it */
export const TARGETS = {
  web: { inputs: app('apps/web'), out: 'apps/web/dist', build: () => npmBuild('@c2c/web') },
  admin: { inputs: app('apps/admin'), out: 'apps/admin/dist', build: () => npmBuild('@c2c/admin') },
  server: {
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'apps/server/tsconfig.json', ...SHARED],
    out: 'apps/server/dist',
    build: async () => {
      const { buildServer } = await import('../apps/server/build.mjs');
      await buildServer();
    },
  },
};

const STAMP = '.build-stamp';
/** tests and test configs do not change what is built */
const IGNORED = (name) =>
  name.startsWith('.') || name === 'node_modules' || name === 'test' || /\.test\.[cm]?[jt]sx?$/.test(name);

function npmBuild(workspace) {
  const r = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`npm run build -w ${workspace} failed`);
}

/** newest modification time (ms) among the files at `p`, 0 if there are none */
function newest(p) {
  let stat;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of fs.readdirSync(p)) if (!IGNORED(entry)) max = Math.max(max, newest(path.join(p, entry)));
  return max;
}

/** why `name` needs a build, or null when its output is newer than every input */
export function staleReason(name) {
  const t = TARGETS[name];
  let built;
  try {
    built = fs.statSync(path.join(ROOT, t.out, STAMP)).mtimeMs;
  } catch {
    return 'not built yet';
  }
  for (const input of t.inputs) if (newest(path.join(ROOT, input)) > built) return `${input} changed`;
  return null;
}

/** Builds the named targets (all by default); with `all: false` only those out of date. */
export async function build({ targets = Object.keys(TARGETS), all = false, quiet = false } = {}) {
  for (const name of targets) {
    const t = TARGETS[name];
    if (!t) throw new Error(`unknown build target '${name}' (${Object.keys(TARGETS).join(', ')})`);
    const reason = all ? 'requested' : staleReason(name);
    if (!reason) {
      if (!quiet) console.info(`build: ${name} is up to date`);
      continue;
    }
    console.info(`build: ${name} (${reason})`);
    const started = new Date();
    await t.build();
    // dated to the start, so a file saved during the build still counts as newer
    const stamp = path.join(ROOT, t.out, STAMP);
    fs.writeFileSync(stamp, '');
    fs.utimesSync(stamp, started, started);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const targets = args.filter((a) => !a.startsWith('--'));
  try {
    await build({ all: args.includes('--all'), quiet: args.includes('--quiet'), ...(targets.length ? { targets } : {}) });
  } catch (err) {
    console.error(`build failed: ${err instanceof Error ? err.message : err}`);
    process.exit(1);
  }
}
