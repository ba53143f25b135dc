// Payout accounts receive withdrawals and sales only 24 hours after binding. The benchmarks bind and pay
// out at once, so after their set-up they move every account's `usable_at` into the past, straight in the database.
import path from 'node:path';
import Database from '@c2c/sqlite';
import pg from 'pg';
import { pgUrl } from './deployment.mjs';

const AGE = 'UPDATE payout_accounts SET usable_at = created_at';

/** @param {{ dataDir: string, databaseUrl?: string, schema?: string }} where */
export async function agePayoutAccounts({ dataDir, databaseUrl, schema }) {
  if (databaseUrl) {
    const c = new pg.Client({ connectionString: pgUrl(databaseUrl), options: `-c search_path=${schema}` });
    await c.connect();
    try {
      await c.query(AGE);
    } finally {
      await c.end();
    }
    return;
  }
  const db = new Database(path.join(dataDir, 'c2c.sqlite'), { timeout: 10_000 });
  try {
    db.prepare(AGE).run();
  } finally {
    db.close();
  }
}
