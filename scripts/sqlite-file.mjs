// What the backup and restore scripts share: where the server's SQLite file is, and what makes a file a C2C database.
import path from 'node:path';
import Database from '@c2c/sqlite';

/** the server's SQLite file, as apps/server/src/config.ts and db/sqlite-database.ts find it (DATA_DIR, default ./data) */
export function databaseFile(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR?.trim() || './data');
  return { dataDir, file: path.join(dataDir, 'c2c.sqlite') };
}

/** the message for a PostgreSQL install: its own tools make and restore consistent dumps while the server runs */
export function postgresAdvice(env = process.env) {
  const schema = env.DATABASE_SCHEMA?.trim();
  const only = schema ? ` --schema=${schema}` : '';
  return [
    'DATABASE_URL is set: the data is in PostgreSQL, which these scripts do not copy. Use its own tools (consistent while the server runs):',
    `  backup:  pg_dump --format=custom${only} --file=c2c-$(date -u +%Y%m%dT%H%M%SZ).dump "$DATABASE_URL"`,
    `  restore: pg_restore --clean --if-exists --no-owner${only} --dbname="$DATABASE_URL" c2c-<time>.dump   (stop the servers first)`,
    'Keep AUDIT_KEY (or DATA_DIR/audit.key) and DATA_DIR/uploads/ with the dump.',
  ].join('\n');
}

/**
 * Checks that `file` is a whole C2C database: SQLite's integrity check passes and it holds Kysely's migration table
 * with the server's migrations and the ledger's tables. Answers the names of the migrations it has; throws otherwise.
 */
export function checkC2cDatabase(file) {
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new Error(`SQLite integrity check: ${integrity}`);
  } catch (err) {
    db?.close();
    throw new Error(`${file} is not a readable SQLite database (${err.message})`);
  }
  try {
    const tables = new Set(db.prepare("select name from sqlite_master where type = 'table'").pluck().all());
    if (!tables.has('kysely_migration')) throw new Error(`${file} is not a C2C database: it has no migrations table`);
    const migrations = db.prepare('select name from kysely_migration order by name').pluck().all();
    if (!migrations.some((m) => m.startsWith('001')))
      throw new Error(`${file} is not a C2C database: its migrations are not ours`);
    for (const t of ['accounts', 'journals', 'postings', 'users'])
      if (!tables.has(t)) throw new Error(`${file} is not a C2C database: table ${t} is missing`);
    return migrations;
  } finally {
    db.close();
  }
}
