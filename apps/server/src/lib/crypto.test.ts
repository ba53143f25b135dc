import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultPasswordHashConcurrency } from './crypto.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * In a fresh process (a test worker's own peak says nothing): eight sign-ins hash at once with `concurrency` slots;
 * how far the peak resident memory (VmHWM) rose over the process's peak before, in MiB, and the most hashes seen
 * running at once.
 */
function burst(concurrency: number): { rise: number; running: number; hashes: number } {
  const script = `
    import fs from 'node:fs';
    import { hashPassword, passwordHashLoad, setPasswordHashConcurrency, verifyPassword } from ${JSON.stringify(path.join(here, 'crypto.ts'))};
    const peak = () => Number(/VmHWM:\\s+(\\d+) kB/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    setPasswordHashConcurrency(${concurrency});
    const stored = await hashPassword('warm-up password');
    const before = peak();
    let running = 0;
    const watch = setInterval(() => { running = Math.max(running, passwordHashLoad().running); }, 1);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      i % 2 ? hashPassword('password ' + i) : verifyPassword(stored, 'warm-up password')));
    clearInterval(watch);
    const hashes = results.filter((r) => r === true || (typeof r === 'string' && r.startsWith('$argon2id$'))).length;
    console.log(JSON.stringify({ rise: peak() - before, running, hashes }));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, UV_THREADPOOL_SIZE: '4' },
  });
  return JSON.parse(out.trim().split('\n').at(-1)!);
}

describe('password hashing', () => {
  // VmHWM, the peak it reads, is Linux's
  it.runIf(process.platform === 'linux')(
    'holds one argon2id hash per slot in memory however many sign-ins arrive at once',
    { timeout: 60_000 },
    () => {
      const one = burst(1);
      const four = burst(4);
      expect(one.hashes).toBe(8);
      expect(four.hashes).toBe(8);
      expect(one.running).toBe(1);
      expect(four.running).toBe(4);
      // each hash holds 19 MiB, and the warm-up hash set the peak for one: one slot adds (almost) nothing to it, four add
      // up to three more hashes, fewer where the threads overlap less: at least one more whole hash shows the measure
      // sees what the slots hold back
      expect(one.rise).toBeLessThan(12);
      expect(four.rise).toBeGreaterThan(19);
      expect(four.rise - one.rise).toBeGreaterThan(12);
    },
  );

  it('uses half the cores by default, at least one and at most libuv’s four threads', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultPasswordHashConcurrency(cores))).toEqual([1, 1, 1, 2, 4, 4]);
  });
});
