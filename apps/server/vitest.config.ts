import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while a file waits on
    // its server, the database or argon2. On SQLite every file has a server of its own (own file), so two files at a
    // time are independent. Not on PostgreSQL: a server's start lists the tables of every schema (Kysely's migrator)
    // and fails when another file drops its schema at that moment ("schema … does not exist"), so one file at a time
    // there. VITEST_MAX_WORKERS (Vitest's own) overrides.
    maxWorkers: process.env.DATABASE_URL ? 1 : 2,
    // A worker keeps the modules it loaded from one test file to the next instead of loading the server's whole module
    // graph again for each (that load took longer than many files' tests). Test files share no state through modules:
    // each starts its own server, and none mocks a module or stubs a global.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
