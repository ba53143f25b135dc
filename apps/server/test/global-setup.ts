/**
 * Once per run, before any test file: the database every test server starts from, migrated by the real migrations
 * (src/db/migrate.ts). `startServer` copies it instead of migrating afresh, which took most of a server's start, for
 * every one of the many servers a run starts. Migrating an empty database stays proven where a start does it:
 * startup.test.ts starts real processes on empty databases.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql as kyselySql } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/open-database.js';
import { withPgUser } from '../src/db/pg-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** a migrated SQLite file to copy into a test server's data folder ('' on PostgreSQL) */
    sqliteTemplate: string;
    /** on PostgreSQL: the migrated template schema as SQL, and its name, to replace by a server's own ('' if none) */
    pgTemplate: { schema: string; sql: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-template-'));
  const url = process.env.DATABASE_URL;
  // a name found nowhere else in the dump, so replacing it renames the schema and nothing else
  const schema = url ? `c2c_template_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : '';
  const database = await openDatabase(loadConfig({ DATA_DIR: dir, DATABASE_URL: url, DATABASE_SCHEMA: schema }));
  try {
    await migrate(database.db as never, database.dialect, schema || undefined);
    // the test servers copy the database file alone: everything must be in it, not in the WAL beside it
    if (!url) await kyselySql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);
  } finally {
    await database.close();
  }

  if (!url) {
    project.provide('sqliteTemplate', path.join(dir, 'c2c.sqlite'));
    project.provide('pgTemplate', { schema: '', sql: '' });
    return async () => fs.rmSync(dir, { recursive: true, force: true });
  }

  const drop = async () => {
    const c = new pg.Client({ connectionString: withPgUser(url) });
    await c.connect();
    await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await c.end();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // the schema with its rows (the migrations' own bookkeeping and seeded settings), as plain statements; without
  // PostgreSQL's pg_dump every server migrates its own schema, as before
  let dump = '';
  try {
    dump = execFileSync('pg_dump', ['--no-owner', '--no-privileges', '--inserts', '--schema', schema, withPgUser(url)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (err) {
    console.warn(`no PostgreSQL template (each test server migrates its own schema): ${(err as Error).message}`);
  }
  // psql's meta-commands (\restrict in newer dumps) are not SQL
  const sql = dump
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  project.provide('sqliteTemplate', '');
  project.provide('pgTemplate', { schema, sql: dump ? sql : '' });
  return drop;
}
