import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { onPostgres, startServer, type TestServer } from '../../test/harness.js';

let s: TestServer;

describe('migration 018: the daily withdrawal sum', () => {
  it('reads only the index withdrawals_user_day, never the customer’s whole history', async () => {
    s = await startServer();
    try {
      if (onPostgres) {
        const rows = await sql<{
          indexdef: string;
        }>`select indexdef from pg_indexes where indexname = 'withdrawals_user_day'`.execute(s.db);
        expect(rows.rows[0]?.indexdef).toMatch(/\(user_id, created_at, status, amount\)/);
        return;
      }
      // the query vip.repository's withdrawnSum runs on every withdraw/create
      const plan = await sql<{ detail: string }>`explain query plan select sum(amount) as total from withdrawals
        where user_id = ${1} and created_at >= ${'2026-01-01T00:00:00.000Z'} and status != ${'rejected'}`.execute(s.db);
      expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(
        /USING COVERING INDEX withdrawals_user_day \(user_id=\? AND created_at>\?\)/,
      );
    } finally {
      await s.close();
    }
  });
});
