import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * The reliability suites' global set-up: they need the real PostgreSQL and Redis (DATABASE_URL, REDIS_URL) and refuse
 * to run without them rather than skip. Each suite appends its summary line to a file (test/figures.ts); after the run
 * they are printed here, in the main process, so they reach the log however the reporter treats a passing test's output.
 */
export default function setup(project: TestProject) {
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((v) => !process.env[v]);
  if (missing.length)
    throw new Error(
      `test:reliability runs on PostgreSQL and Redis: set ${missing.join(' and ')} ` +
        '(e.g. DATABASE_URL=postgres://127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run test:reliability)',
    );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-figures-'));
  const file = path.join(dir, 'figures.txt');
  fs.writeFileSync(file, '');
  project.provide('figuresFile', file);
  return () => {
    const lines = fs.readFileSync(file, 'utf8').trim();
    process.stdout.write(`\nreliability figures:\n${lines ? lines.replace(/^/gm, '  ') : '  (none written)'}\n\n`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    figuresFile: string;
  }
}
