import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from '@c2c/sqlite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { onPostgres, serverForFile } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import { migrate } from './migrate.js';
import { openDatabase } from './open-database.js';
import { withPgUser } from './pg-url.js';

/**
 * The test servers start from a database the run migrated once (test/global-setup.ts) instead of migrating their own.
 * This proves that they do, and that what they get is what the migrations make: the same tables, columns, indexes,
 * constraints, triggers and rows as a database migrated from empty.
 */

type Fingerprint = Record<string, unknown>;

/** Structure and rows of a SQLite file; the migrations' run timestamps aside. */
function sqliteFingerprint(file: string): Fingerprint {
  const db = new SQLite(file, { readonly: true });
  try {
    const objects = db
      .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
      .all() as { type: string; name: string }[];
    const rows: Record<string, unknown[]> = {};
    for (const o of objects.filter((x) => x.type === 'table'))
      rows[o.name] = db.prepare(`SELECT * FROM "${o.name}" ORDER BY 1`).all().map(withoutTimestamp(o.name));
    return { objects, rows };
  } finally {
    db.close();
  }
}

async function pgFingerprint(c: pg.Client, schema: string): Promise<Fingerprint> {
  const q = async (text: string) =>
    JSON.parse(JSON.stringify((await c.query(text, [schema])).rows).replaceAll(schema, 'SCHEMA')) as unknown[];
  const tables = (await q(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE' ORDER BY 1",
  )) as { table_name: string }[];
  const rows: Record<string, unknown[]> = {};
  for (const { table_name: t } of tables)
    rows[t] = (await c.query(`SELECT * FROM "${schema}"."${t}" ORDER BY 1`)).rows.map(withoutTimestamp(t));
  return {
    columns: await q(
      `SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default
       FROM information_schema.columns WHERE table_schema = $1 ORDER BY 1, 3`,
    ),
    indexes: await q('SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY 1, 2'),
    constraints: await q(
      `SELECT r.relname, k.conname, pg_get_constraintdef(k.oid) AS def FROM pg_constraint k
       JOIN pg_class r ON r.oid = k.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
       WHERE n.nspname = $1 ORDER BY 1, 2`,
    ),
    triggers: await q(
      `SELECT r.relname, t.tgname, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
       JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
       WHERE n.nspname = $1 AND NOT t.tgisinternal ORDER BY 1, 2`,
    ),
    functions: await q(
      `SELECT p.proname, pg_get_functiondef(p.oid) AS def FROM pg_proc p
       JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = $1 ORDER BY 1`,
    ),
    sequences: await q('SELECT sequencename, last_value FROM pg_sequences WHERE schemaname = $1 ORDER BY 1'),
    rows: JSON.parse(JSON.stringify(rows, (_, v) => (typeof v === 'bigint' ? String(v) : v))),
  };
}

/** A row without the moments of its making (the migrations stamp their rows with the clock): what else it holds. */
const withoutTimestamp = (table: string) => (row: unknown) => {
  const { timestamp: _, ...rest } = row as Record<string, unknown>;
  const kept = table === 'kysely_migration' ? rest : (row as Record<string, unknown>);
  return Object.fromEntries(
    Object.entries(kept).map(([k, v]) => [
      k,
      v instanceof Date || (typeof v === 'string' && /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/.test(v)) ? 'a moment' : v,
    ]),
  );
};

describe('the test servers’ migrated template', () => {
  const s = serverForFile();
  const dirs: string[] = [];
  const schemas: string[] = [];
  const pgClient = () => new pg.Client({ connectionString: withPgUser(process.env.DATABASE_URL!) });

  /** A database migrated from empty by the real migrations, as the first start of a server does it. */
  async function freshlyMigrated(): Promise<{ file: string; schema: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-fresh-'));
    dirs.push(dir);
    const schema = onPostgres ? `fresh_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : '';
    if (schema) schemas.push(schema);
    const database = await openDatabase(
      loadConfig({ DATA_DIR: dir, DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }),
    );
    try {
      await migrate(database.db as never, database.dialect, schema || undefined);
    } finally {
      await database.close();
    }
    return { file: path.join(dir, 'c2c.sqlite'), schema };
  }

  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    if (schemas.length) {
      const c = pgClient();
      await c.connect();
      for (const schema of schemas) await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await c.end();
    }
  });

  it('is where a test server starts: its migrations ran once, before the server, at the run’s set-up', async () => {
    const ran = await s.db
      .selectFrom('kysely_migration' as never)
      .select(['name' as never, 'timestamp' as never])
      .orderBy('name' as never)
      .execute();
    let template: unknown[];
    if (onPostgres) {
      const { schema } = inject('pgTemplate');
      expect(schema).not.toBe('');
      const c = pgClient();
      await c.connect();
      template = (await c.query(`SELECT name, timestamp FROM "${schema}".kysely_migration ORDER BY name`)).rows;
      await c.end();
    } else {
      const file = inject('sqliteTemplate');
      expect(file).not.toBe('');
      const db = new SQLite(file, { readonly: true });
      template = db.prepare('SELECT name, timestamp FROM kysely_migration ORDER BY name').all();
      db.close();
    }
    expect(ran.length).toBeGreaterThan(0);
    expect(JSON.stringify(ran)).toBe(JSON.stringify(template));
  });

  it('holds what the migrations make from an empty database', async () => {
    const fresh = await freshlyMigrated();
    if (!onPostgres) {
      expect(sqliteFingerprint(inject('sqliteTemplate'))).toEqual(sqliteFingerprint(fresh.file));
      return;
    }
    // the template as a server gets it: its statements replayed under another schema's name
    const template = inject('pgTemplate');
    const copy = `copy_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    schemas.push(copy);
    const c = pgClient();
    await c.connect();
    try {
      await c.query(template.sql.replaceAll(template.schema, copy));
      const expected = await pgFingerprint(c, fresh.schema);
      expect((expected.columns as unknown[]).length).toBeGreaterThan(50);
      expect(await pgFingerprint(c, copy)).toEqual(expected);
    } finally {
      await c.end();
    }
  });
});
