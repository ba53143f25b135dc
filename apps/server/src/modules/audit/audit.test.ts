import { ADMIN_API } from '@c2c/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, startServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = await ownerToken(s);
  for (const code of ['AAAA1', 'BBBB2', 'CCCC3']) await s.admin(ADMIN_API.inviteCodeCreate, { code }, token);
});
afterAll(() => s?.close());

const verify = () => s.admin<{ ok: boolean; checked: number; broken_at: number | null }>(ADMIN_API.auditVerify, {}, token);

/** What someone with direct database access could do: lift the append-only guard. */
async function withoutGuard(fn: () => Promise<unknown>) {
  const db = s.db;
  if (s.ctx.database.dialect === 'sqlite') {
    await sql`DROP TRIGGER audit_log_no_update`.execute(db);
    await sql`DROP TRIGGER audit_log_no_delete`.execute(db);
    await fn();
    await sql`CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
      db,
    );
    await sql`CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(
      db,
    );
  } else {
    await sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`.execute(db);
    await fn();
    await sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`.execute(db);
  }
}

describe('audit chain', () => {
  it('is intact after ordinary use and lists newest first with paging', async () => {
    const res = await verify();
    expect(res.data).toMatchObject({ ok: true, broken_at: null });
    expect(res.data.checked).toBeGreaterThanOrEqual(5);
    const page = await s.admin<{ list: { id: number }[]; total: number }>(ADMIN_API.auditList, { page: 1, page_size: 2 }, token);
    expect(page.data.list).toHaveLength(2);
    expect(page.data.list[0]!.id).toBeGreaterThan(page.data.list[1]!.id);
    expect(page.data.total).toBe(res.data.checked);
  });

  it('refuses updates and deletes at the database', async () => {
    await expect(s.db.updateTable('audit_log').set({ detail: '{}' }).where('id', '=', 1).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(s.db.deleteFrom('audit_log').where('id', '=', 1).execute()).rejects.toThrow(/append-only/);
  });

  it('detects an edited entry', async () => {
    const target = await s.db
      .selectFrom('audit_log')
      .select(['id', 'detail'])
      .where('action', '=', 'invite_code.create')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await withoutGuard(() =>
      s.db.updateTable('audit_log').set({ detail: '{"forged":true}' }).where('id', '=', target.id).execute(),
    );
    expect((await verify()).data).toMatchObject({ ok: false, broken_at: target.id });
    await withoutGuard(() => s.db.updateTable('audit_log').set({ detail: target.detail }).where('id', '=', target.id).execute());
    expect((await verify()).data.ok).toBe(true);
  });

  it('detects a deleted entry in the middle and a cut-off tail', async () => {
    const rows = await s.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const middle = rows[2]!;
    await withoutGuard(() => s.db.deleteFrom('audit_log').where('id', '=', middle.id).execute());
    expect((await verify()).data).toMatchObject({ ok: false, broken_at: middle.id });
    await withoutGuard(() => s.db.insertInto('audit_log').values(middle).execute());
    expect((await verify()).data.ok).toBe(true);

    const last = await s.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    await withoutGuard(() => s.db.deleteFrom('audit_log').where('id', '=', last.id).execute());
    expect((await verify()).data).toMatchObject({ ok: false, broken_at: last.id });
  });
});
