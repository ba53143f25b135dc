import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while a file waits on
    // its server, the database or argon2. Every file has a server of its own (own SQLite file, PostgreSQL schema and
    // Redis prefix), so two files at a time are independent. VITEST_MAX_WORKERS=1 (Vitest's own) runs one at a time.
    maxWorkers: 2,
    globalSetup: ['test/global-setup.ts'],
  },
});
