import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability`: the long suites (crashes, 10,000-case fuzz, multi-node tests) plus the races
 * and the access matrix of the everyday suite, all on PostgreSQL + Redis. Each suite writes one summary line of
 * figures; the global set-up prints them together at the end, so they stand in the CI log whatever the reporter keeps.
 */
export default defineConfig({
  test: {
    include: ['reliability/**/*.test.ts', 'src/races.test.ts', 'src/access.test.ts'],
    globalSetup: ['test/global-setup.ts', 'reliability/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // the suites share two cores with the servers they start: one file at a time keeps their timings meaningful
    fileParallelism: false,
    silent: false,
  },
});
