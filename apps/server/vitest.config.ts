import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker (cores - 1), which leaves a core idle while a file waits on
    // its server, the database or argon2. Every file's servers have databases of their own (a file on SQLite, a
    // schema on PostgreSQL), so two files at a time are independent. On PostgreSQL the schemas are dropped at the
    // run's end, not as each file ends: a server's start lists the tables of every schema (Kysely's migrator) and
    // failed when another file dropped its schema meanwhile (test/global-setup.ts). VITEST_MAX_WORKERS overrides.
    maxWorkers: 2,
    // A worker keeps the modules it loaded from one test file to the next instead of loading the server's whole module
    // graph again for each (that load took longer than many files' tests). Test files share no state through modules:
    // each starts its own server, and none mocks a module or stubs a global.
    isolate: false,
    globalSetup: ['test/global-setup.ts'],
  },
});
