#!/usr/bin/env node
// `npm run restore -- <file> [--force]`: puts a backup in place of the SQLite database at DATA_DIR/c2c.sqlite.
// The file must be a whole C2C database (integrity check, migrations table, ledger tables). An existing database is
// replaced only with --force, never while a server holds it open, and is kept as DATA_DIR/backups/replaced-<time>.sqlite.
// On PostgreSQL (DATABASE_URL) it prints how to use pg_restore instead.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from '@c2c/sqlite';
import { checkC2cDatabase, databaseFile, postgresAdvice } from './sqlite-file.mjs';

const stamp = (d = new Date()) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

export class RestoreRefused extends Error {}

/**
 * Takes the database at `file` apart from every other connection: a server holds its file open (in WAL mode) for as
 * long as it runs, and leaving WAL needs the only connection, so this fails while any server uses it. On success the
 * WAL is folded into the file and removed, so the file alone is the whole database.
 */
function closeLiveDatabase(file) {
  const db = new Database(file, { fileMustExist: true, timeout: 1000 });
  try {
    const mode = db.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw new RestoreRefused(`${file} is in use (a server has it open); stop the server first`);
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    if (err.code === 'SQLITE_BUSY' || err.code === 'SQLITE_LOCKED')
      throw new RestoreRefused(`${file} is in use (a server has it open); stop the server first`);
    throw err;
  } finally {
    db.close();
  }
}

/** Restores `source` as the database of DATA_DIR; answers where the replaced database was kept (or null). */
export async function restore({ source, force = false, env = process.env }) {
  const from = path.resolve(source);
  if (!fs.existsSync(from)) throw new RestoreRefused(`${from} does not exist`);
  try {
    checkC2cDatabase(from);
  } catch (err) {
    throw new RestoreRefused(err.message);
  }
  const { dataDir, file } = databaseFile(env);
  if (path.resolve(file) === from) throw new RestoreRefused('that file is the database itself');
  fs.mkdirSync(dataDir, { recursive: true });
  const exists = fs.existsSync(file);
  if (exists && !force) throw new RestoreRefused(`${file} exists; add --force to replace it (it is kept in ${dataDir}/backups/)`);

  // refused before anything is written while a server uses the database
  if (exists) closeLiveDatabase(file);

  // a copy through SQLite's backup (not a byte copy), checked, next to the target, so the last step is one rename
  const incoming = `${file}.restoring`;
  try {
    fs.rmSync(incoming, { force: true });
    const src = new Database(from, { readonly: true, fileMustExist: true });
    try {
      await src.backup(incoming, { progress: () => 1 << 30 });
    } finally {
      src.close();
    }
    fs.chmodSync(incoming, 0o600);
    checkC2cDatabase(incoming);
  } catch (err) {
    fs.rmSync(incoming, { force: true });
    throw err;
  }

  let kept = null;
  if (exists) {
    // a server may have opened it during the copy
    try {
      closeLiveDatabase(file);
    } catch (err) {
      fs.rmSync(incoming, { force: true });
      throw err;
    }
    // no leftover WAL of the old database may be replayed onto the restored one
    for (const suffix of ['-wal', '-shm']) if (fs.existsSync(file + suffix)) fs.rmSync(file + suffix);
    kept = path.join(dataDir, 'backups', `replaced-${stamp()}.sqlite`);
    fs.mkdirSync(path.dirname(kept), { recursive: true, mode: 0o700 });
    fs.renameSync(file, kept);
  } else {
    for (const suffix of ['-wal', '-shm']) fs.rmSync(file + suffix, { force: true });
  }
  fs.renameSync(incoming, file);
  return kept;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.env.DATABASE_URL?.trim()) {
    console.error(postgresAdvice());
    process.exit(2);
  }
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((a) => a !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) {
    console.error('usage: npm run restore -- <backup file> [--force]');
    process.exit(2);
  }
  try {
    const kept = await restore({ source: files[0], force });
    console.info(`restored ${path.resolve(files[0])} as ${databaseFile().file}`);
    if (kept) console.info(`the database it replaced is kept as ${kept}`);
    console.info('Start the server with the audit key (AUDIT_KEY or DATA_DIR/audit.key) this database was keyed with.');
  } catch (err) {
    console.error(`restore refused: ${err.message}`);
    process.exit(1);
  }
}
