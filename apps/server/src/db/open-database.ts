import { setImmediate as served } from 'node:timers/promises';
import type { CompiledQuery } from 'kysely';
import type { Config } from '../config.js';
import type { Database } from './database.js';
import { openSqlite, readSqliteInSlices } from './sqlite-database.js';

/**
 * Runs one long read (a snapshot of every customer's holdings) and hands its rows to `onSlice` `slice` at a time,
 * serving the event loop between slices, without holding back any writer:
 * - SQLite: on a read-only connection of its own, whose read transaction is one point of the WAL for the whole
 *   statement while the main connection goes on writing; integers come back as bigint.
 * - PostgreSQL: one statement on a pooled connection (one snapshot of committed data), handed over in slices.
 */
export async function readInSlices(
  database: Database,
  query: CompiledQuery,
  slice: number,
  onSlice: (rows: Record<string, unknown>[]) => unknown,
): Promise<void> {
  const file = database.sqlite?.file;
  if (file) return readSqliteInSlices(file, query, slice, onSlice);
  const { rows } = await database.db.executeQuery<Record<string, unknown>>(query);
  for (let i = 0; i < rows.length; i += slice) {
    await onSlice(rows.slice(i, i + slice));
    await served();
  }
}

/** Opens PostgreSQL when `config.databaseUrl` is set, else the embedded SQLite file in `config.dataDir`. */
export async function openDatabase(config: Config): Promise<Database> {
  const { databaseUrl } = config;
  // loaded only for PostgreSQL: a server on SQLite does not carry the driver in its memory
  if (databaseUrl) return (await import('./pg-database.js')).openPostgres({ ...config, databaseUrl });
  return openSqlite(config);
}
