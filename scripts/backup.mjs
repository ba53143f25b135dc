#!/usr/bin/env node
// `npm run backup [-- <file>]`: an online copy of the SQLite database, consistent while the server runs and writes,
// to DATA_DIR/backups/c2c-<UTC time>.sqlite or to <file>. The copy is one read transaction (WAL lets the server write
// on meanwhile), checked afterwards, and readable by its owner only (it holds password hashes and the ledger).
// On PostgreSQL (DATABASE_URL) it prints how to use pg_dump instead.
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

/** Copies the live database to `target` (default DATA_DIR/backups/c2c-<time>.sqlite); answers the path written. */
export async function backup({ target, env = process.env } = {}) {
  const { dataDir, file } = databaseFile(env);
  if (!fs.existsSync(file)) throw new Error(`no database at ${file} (is DATA_DIR right?)`);
  const out = path.resolve(target ?? path.join(dataDir, 'backups', `c2c-${stamp()}.sqlite`));
  if (fs.existsSync(out)) throw new Error(`${out} exists already; name another file`);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial`;
  const source = new Database(file, { fileMustExist: true, timeout: 10_000 });
  try {
    // all pages in one step: one read transaction, so the copy is the database at one moment even while the server
    // writes (page by page, SQLite would restart the copy after each write of another connection)
    await source.backup(partial, { progress: () => 1 << 30 });
  } catch (err) {
    fs.rmSync(partial, { force: true });
    throw err;
  } finally {
    source.close();
  }
  fs.chmodSync(partial, 0o600);
  checkC2cDatabase(partial);
  fs.renameSync(partial, out);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.env.DATABASE_URL?.trim()) {
    console.error(postgresAdvice());
    process.exit(2);
  }
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('-')) {
    console.error('usage: npm run backup [-- <file>]   (default DATA_DIR/backups/c2c-<time>.sqlite)');
    process.exit(2);
  }
  try {
    const out = await backup({ target: args[0] });
    console.info(`backup: ${out} (${Math.round(fs.statSync(out).size / 1024)} KB)`);
    console.info('Keep DATA_DIR/audit.key (unless AUDIT_KEY is set) and DATA_DIR/uploads/ with it: the database needs both.');
  } catch (err) {
    console.error(`backup failed: ${err.message}`);
    process.exit(1);
  }
}
