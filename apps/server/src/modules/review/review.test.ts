import { errorCode } from '@c2c/shared';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { onPostgres, ownerToken, serverForFile, signUp } from '../../../test/harness.js';
import { installErrorHandling } from '../../lib/http.js';
import { registerReviewQueue } from './review.routes.js';
import type { ReviewColumns, ReviewQueue } from './review.service.js';

/**
 * A queue the product does not have: a table and a descriptor, nothing else. The engine must give it the
 * operator list with search, approve and reject with the race, who reviewed, the audit entry and the calls.
 */
interface FixtureRow extends ReviewColumns {
  created_at: string;
}
const calls: string[] = [];
const fixtureQueue: ReviewQueue<FixtureRow, { id: number; note: string }, { id: number; status: string; reason: string }> = {
  name: 'fixture',
  table: 'fixture_reviews' as never,
  ref: (id) => `fixture:${id}`,
  paths: { list: '/api/admin/v1/fixture/list', approve: '/api/admin/v1/fixture/approve', reject: '/api/admin/v1/fixture/reject' },
  approveBody: z.object({ id: z.coerce.number().int().positive(), note: z.string().min(1) }),
  async onApprove(_tx, _ctx, row, actor, approval) {
    calls.push(`approve ${row.id} by ${actor.id}: ${approval.note}`);
    return { note: approval.note };
  },
  async onReject(_tx, _ctx, row, _actor, reason) {
    calls.push(`reject ${row.id}: ${reason}`);
    return { reason };
  },
  answer: async (_tx, r) => ({ id: r.id, status: r.status, reason: r.reason }),
  present: async () => (r) => ({ id: r.id, status: r.status, created_at: r.created_at }),
};

const s = serverForFile();
let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  await s.db.schema
    .createTable('fixture_reviews')
    .addColumn('id', onPostgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'varchar(300)', (c) => c.notNull().defaultTo(''))
    .addColumn('reviewed_by', 'integer')
    .addColumn('reviewed_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute();
  app = Fastify();
  installErrorHandling(app);
  registerReviewQueue(app, s.ctx, fixtureQueue);
  await app.ready();
  admin = await ownerToken(s);
});
afterAll(() => app?.close());

const call = async <T = Record<string, unknown>>(path: string, body: Record<string, unknown>, token = admin) => {
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: { lang: 'en', ...body },
    headers: { 'x-admin-token': token },
  });
  return res.json() as { code: number; msg: string; data: T };
};
const addRow = async (userId: number) => {
  const row = await s.db
    .insertInto('fixture_reviews' as never)
    .values({ user_id: userId, status: 'auditing', created_at: new Date().toISOString() } as never)
    .returning(sql<number>`id`.as('id'))
    .executeTakeFirstOrThrow();
  return (row as { id: number }).id;
};

describe('a review queue made of a descriptor only', () => {
  it('lists rows for operators with the customer, filtered by status and searched by e-mail', async () => {
    const alice = await signUp(s);
    const bob = await signUp(s);
    const a = await addRow(alice.user.id);
    const b = await addRow(bob.user.id);
    const all = await call<{ list: { id: number; user_email: string; reviewed_by: string | null }[]; total: number }>(
      fixtureQueue.paths.list,
      { status: 'auditing' },
    );
    expect(all.code).toBe(200);
    expect(all.data.list.map((r) => r.id)).toEqual(expect.arrayContaining([a, b]));
    expect(all.data.list.find((r) => r.id === a)).toMatchObject({ user_email: alice.email, reviewed_by: null });
    const searched = await call<{ list: { id: number }[] }>(fixtureQueue.paths.list, { keyword: bob.email });
    expect(searched.data.list.map((r) => r.id)).toEqual([b]);
    expect((await call(fixtureQueue.paths.list, {}, 'not-a-token')).code).toBe(-1);
  });

  it('approves once with what approving needs, records who did it and audits it; then refuses every second decision', async () => {
    const { user } = await signUp(s);
    const id = await addRow(user.id);
    expect((await call(fixtureQueue.paths.approve, { id })).msg).not.toBe('ok');
    const approved = await call(fixtureQueue.paths.approve, { id, note: 'checked' });
    expect(approved).toMatchObject({ code: 200, data: { id, status: 'completed' } });
    expect(calls).toContain(`approve ${id} by 1: checked`);
    expect((await call(fixtureQueue.paths.approve, { id, note: 'again' })).code).toBe(errorCode('state_conflict'));
    expect((await call(fixtureQueue.paths.reject, { id, reason: 'late' })).code).toBe(errorCode('state_conflict'));
    expect((await call(fixtureQueue.paths.approve, { id: 999_999, note: 'x' })).code).toBe(errorCode('record_not_found'));
    const listed = await call<{ list: { id: number; status: string; reviewed_by: string }[] }>(fixtureQueue.paths.list, {
      status: 'completed',
    });
    expect(listed.data.list.find((r) => r.id === id)).toMatchObject({ status: 'completed', reviewed_by: 'owner@test.local' });
    const audit = await s.db.selectFrom('audit_log').selectAll().where('target', '=', `fixture:${id}`).execute();
    expect(audit.map((e) => [e.action, JSON.parse(e.detail)])).toEqual([['fixture.approve', { note: 'checked' }]]);
  });

  it('rejects with the reason, and of five simultaneous decisions exactly one wins', async () => {
    const { user } = await signUp(s);
    const id = await addRow(user.id);
    const rejected = await call(fixtureQueue.paths.reject, { id, reason: 'blurred screenshot' });
    expect(rejected).toMatchObject({ code: 200, data: { status: 'rejected', reason: 'blurred screenshot' } });

    const raced = await addRow(user.id);
    const before = calls.length;
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () => call(fixtureQueue.paths.approve, { id: raced, note: 'race' })),
      ...Array.from({ length: 2 }, () => call(fixtureQueue.paths.reject, { id: raced, reason: 'race' })),
    ]);
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === errorCode('state_conflict'))).toHaveLength(4);
    expect(calls.length - before).toBe(1);
  });
});
