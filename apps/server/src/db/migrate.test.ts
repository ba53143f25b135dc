import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../../test/harness.js';
import { loadConfig } from '../config.js';
import { migrate } from './migrate.js';
import { openDatabase } from './open-database.js';
import { withPgUser } from './pg-url.js';

const dirs: string[] = [];
const schemas: string[] = [];
const pgClient = () => new pg.Client({ connectionString: withPgUser(process.env.DATABASE_URL!) });

afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  if (!schemas.length) return;
  const c = pgClient();
  await c.connect();
  for (const schema of schemas) await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
});

/** A new, empty database: a file on SQLite, a schema on PostgreSQL (its connections' search_path). */
async function emptyDatabase(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-migrate-'));
  dirs.push(dir);
  const schema = onPostgres ? `${tag}_${process.pid}_${Math.random().toString(36).slice(2, 10)}` : '';
  if (schema) {
    schemas.push(schema);
    const c = pgClient();
    await c.connect();
    await c.query(`CREATE SCHEMA "${schema}"`);
    await c.end();
  }
  const database = await openDatabase(
    loadConfig({ DATA_DIR: dir, DATABASE_URL: process.env.DATABASE_URL, DATABASE_SCHEMA: schema }),
  );
  return { database, schema };
}

const tableCount = async (schema: string) => {
  const c = pgClient();
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string }>('SELECT count(*) AS n FROM pg_tables WHERE schemaname = $1', [schema]);
    return Number(rows[0]!.n);
  } finally {
    await c.end();
  }
};

describe('migrations', () => {
  it('run every step on an empty database, and none a second time', async () => {
    const { database } = await emptyDatabase('mig');
    try {
      const first = await migrate(database.db as never, database.dialect);
      expect(first.length).toBeGreaterThan(20);
      expect(await migrate(database.db as never, database.dialect)).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it.runIf(onPostgres)(
    'look only at their own schema: one migrated beside it does not pass for theirs (PostgreSQL)',
    async () => {
      // Kysely's own look-up found its bookkeeping tables in any schema, took another schema's for this one's and failed
      const other = await emptyDatabase('mig_other');
      try {
        await migrate(other.database.db as never, other.database.dialect, other.schema);
      } finally {
        await other.database.close();
      }
      // the database named by the connection's search_path alone, as a node without DATABASE_SCHEMA runs in its default
      const own = await emptyDatabase('mig_own');
      try {
        const ran = await migrate(own.database.db as never, own.database.dialect);
        expect(ran.length).toBeGreaterThan(20);
        expect(await tableCount(own.schema)).toBe(await tableCount(other.schema));
      } finally {
        await own.database.close();
      }
    },
  );

  it.runIf(onPostgres)('start while other schemas of the database are made and dropped (PostgreSQL)', async () => {
    // Kysely's own look-up listed every column of every schema and failed ("schema … does not exist") when one was
    // dropped while it ran: a node's start failed for a schema not its own
    const { database, schema } = await emptyDatabase('mig_busy');
    let churning = true;
    const churn = (async () => {
      const c = pgClient();
      await c.connect();
      try {
        for (let i = 0; churning; i++) {
          const name = `mig_churn_${process.pid}_${i}`;
          await c.query(`CREATE SCHEMA "${name}"`);
          await c.query(`CREATE TABLE "${name}".t (id serial primary key, a text, b text, c text)`);
          await c.query(`DROP SCHEMA "${name}" CASCADE`);
        }
      } finally {
        await c.end();
      }
    })();
    try {
      await migrate(database.db as never, database.dialect, schema);
      // a start after the first runs no step, and looks its tables up all the same
      for (let i = 0; i < 40; i++) expect(await migrate(database.db as never, database.dialect, schema)).toEqual([]);
      expect((await sql<{ n: number }>`SELECT 1 AS n`.execute(database.db)).rows[0]?.n).toBe(1);
    } finally {
      churning = false;
      await churn;
      await database.close();
    }
  });
});
