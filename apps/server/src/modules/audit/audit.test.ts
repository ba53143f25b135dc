import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_API, errorCode } from '@c2c/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerToken, serverForFile, startServer, type TestServer } from '../../../test/harness.js';
import { inTransaction } from '../../db/transaction.js';
import { AUDIT_KEY_FILE, loadAuditKey } from '../../lib/audit-key.js';
import { auditVerify } from '../../scripts/audit-verify.js';
import { ANCHOR_ACTION, ensureKeyedChain, GENESIS, verifyChain } from './audit.service.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startServer();
  token = await ownerToken(s);
  for (const code of ['AAAA1', 'BBBB2', 'CCCC3']) await s.admin(ADMIN_API.inviteCodeCreate, { code }, token);
});
afterAll(() => s?.close());

type Verified = { ok: boolean; checked: number; broken_at: number | null; problem: string | null };
const verify = (checkpoint?: string) =>
  s.admin<Verified>(ADMIN_API.auditVerify, checkpoint === undefined ? {} : { checkpoint }, token);
const takeCheckpoint = async () => (await s.admin<{ checkpoint: string; id: number }>(ADMIN_API.auditCheckpoint, {}, token)).data;
const rows = (srv = s) => srv.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
type Row = Awaited<ReturnType<typeof rows>>[number];
const readHead = async () =>
  (await s.db.selectFrom('settings').select('value').where('key', '=', 'audit.head').executeTakeFirstOrThrow()).value;
const writeHead = (value: string, srv = s) =>
  srv.db.updateTable('settings').set({ value }).where('key', '=', 'audit.head').execute();

/** What an attacker without the key can compute: the plain SHA-256 chain of the old format. */
const plainHash = (r: Omit<Row, 'hash'>) =>
  createHash('sha256')
    .update(`${r.prev_hash}\n${JSON.stringify([r.id, r.at, r.operator_id, r.operator_email, r.action, r.target, r.detail])}`)
    .digest('hex');
/** Relinks `chain` (in id order) from `prev` with plain hashes, as a rewrite would. */
function relinkPlain(chain: Row[], prev = GENESIS): Row[] {
  return chain.map((r) => {
    const linked = { ...r, prev_hash: prev };
    const hash = plainHash(linked);
    prev = hash;
    return { ...linked, hash };
  });
}
/** Replaces the whole log with `chain` and points the head at its end, guard lifted. */
async function replaceChain(chain: Row[], srv = s) {
  await withoutGuard(async () => {
    await srv.db.deleteFrom('audit_log').execute();
    for (const r of chain) await srv.db.insertInto('audit_log').values(r).execute();
  }, srv);
  const last = chain.at(-1);
  await writeHead(last ? `${last.id}:${last.hash}` : `0:${GENESIS}`, srv);
}

/** What someone with direct database access could do: lift the append-only guard. */
async function withoutGuard(fn: () => Promise<unknown>, srv = s) {
  const db = srv.db;
  if (srv.ctx.database.dialect === 'sqlite') {
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
    expect(res.data).toMatchObject({ ok: true, broken_at: null, problem: null });
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
    expect((await verify()).data).toMatchObject({ ok: false, broken_at: target.id, problem: 'entry' });
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
    expect((await verify()).data).toMatchObject({ ok: false, broken_at: last.id, problem: 'tail' });
    await withoutGuard(() => s.db.insertInto('audit_log').values(last).execute());
    expect((await verify()).data.ok).toBe(true);
  });

  it('is keyed from its first entry, an anchor naming the key', async () => {
    const [anchor] = await rows();
    expect(anchor).toMatchObject({ id: 1, action: ANCHOR_ACTION, operator_id: null, prev_hash: GENESIS });
    expect(JSON.parse(anchor!.detail)).toMatchObject({ plain_entries: 0, key_id: expect.stringMatching(/^[0-9a-f]{16}$/) });
  });

  it('detects a rewrite whose plain SHA-256 hashes and head were recomputed', async () => {
    const original = await rows();
    const head = await readHead();
    const target = original.find((r) => r.action === 'invite_code.create')!;
    const forged = original.map((r) => (r.id === target.id ? { ...r, detail: '{"forged":true}' } : r));
    const before = forged.filter((r) => r.id < target.id);
    await replaceChain([...before, ...relinkPlain(forged.slice(before.length), before.at(-1)!.hash)]);
    expect((await verify()).data).toMatchObject({ ok: false, broken_at: target.id, problem: 'entry' });

    // the whole chain rebuilt without the key, anchor and all, is no better
    await replaceChain(relinkPlain(forged));
    expect((await verify()).data).toMatchObject({ ok: false, broken_at: 1, problem: 'entry' });
    const withoutAnchor = forged.filter((r) => r.action !== ANCHOR_ACTION).map((r, i) => ({ ...r, id: i + 1 }));
    await replaceChain(relinkPlain(withoutAnchor));
    expect((await verify()).data).toMatchObject({ ok: false, problem: 'unkeyed' });

    await replaceChain(original);
    expect(await readHead()).toBe(head);
    expect((await verify()).data.ok).toBe(true);
  });

  it('detects a cut-off tail against a checkpoint kept elsewhere', async () => {
    const kept = await takeCheckpoint();
    expect(kept.checkpoint).toMatch(/^\d+:[0-9a-f]{64}$/);
    expect((await verify(kept.checkpoint)).data).toMatchObject({ ok: true, problem: null });
    await s.admin(ADMIN_API.inviteCodeCreate, { code: 'DDDD4' }, token);
    expect((await verify(kept.checkpoint)).data.ok).toBe(true);

    // the last entry goes, and the head is moved back to what is then the last (its hash is in the table)
    const original = await rows();
    const head = await readHead();
    const kept2 = await takeCheckpoint();
    const cut = original.slice(0, -1);
    await withoutGuard(() => s.db.deleteFrom('audit_log').where('id', '>', cut.at(-1)!.id).execute());
    await writeHead(`${cut.at(-1)!.id}:${cut.at(-1)!.hash}`);
    expect((await verify()).data.ok).toBe(true); // without a checkpoint this cannot be seen
    expect((await verify(kept2.checkpoint)).data).toMatchObject({
      ok: false,
      broken_at: cut.at(-1)!.id + 1,
      problem: 'checkpoint',
    });
    expect((await verify(kept.checkpoint)).data.ok).toBe(true); // the older checkpoint is still in the chain

    // a checkpoint whose entry differs
    const other = `${kept.id}:${'a'.repeat(64)}`;
    expect((await verify(other)).data).toMatchObject({ ok: false, broken_at: kept.id, problem: 'checkpoint' });

    await withoutGuard(async () => {
      for (const r of original.slice(-1)) await s.db.insertInto('audit_log').values(r).execute();
    });
    await writeHead(head);
    expect((await verify(kept2.checkpoint)).data.ok).toBe(true);
  });

  it('refuses a malformed checkpoint, in the caller language', async () => {
    const res = await s.admin(ADMIN_API.auditVerify, { checkpoint: '12:xyz', lang: 'de' }, token);
    expect(res.code).toBe(errorCode('checkpoint_format'));
    expect((await verify('')).data.ok).toBe(true);
  });

  it('detects a wrong key', async () => {
    const result = await inTransaction(s.ctx, (tx) => verifyChain(tx, randomBytes(32)));
    expect(result).toMatchObject({ ok: false, broken_at: 1, problem: 'key' });
    expect(await inTransaction(s.ctx, (tx) => verifyChain(tx, s.ctx.auditKey))).toMatchObject({ ok: true });
  });

  it('creates the key file with mode 0600 in DATA_DIR and reuses it; refuses one others may read', () => {
    const file = path.join(s.dataDir, AUDIT_KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const again = loadAuditKey({ auditKey: undefined, dataDir: s.dataDir }, { create: true });
    expect(again.key.equals(s.ctx.auditKey)).toBe(true);
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(s.ctx.auditKey.toString('hex'));

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-key-'));
    try {
      expect(() => loadAuditKey({ auditKey: undefined, dataDir: dir }, { create: false })).toThrow(/no audit key/);
      const made = loadAuditKey({ auditKey: undefined, dataDir: path.join(dir, 'new') }, { create: true });
      expect(made.key).toHaveLength(32);
      expect(fs.readdirSync(path.join(dir, 'new'))).toEqual([AUDIT_KEY_FILE]);
      fs.chmodSync(path.join(dir, 'new', AUDIT_KEY_FILE), 0o644);
      expect(() => loadAuditKey({ auditKey: undefined, dataDir: path.join(dir, 'new') }, { create: true })).toThrow(/chmod 600/);
      expect(loadAuditKey({ auditKey: 'k'.repeat(32), dataDir: dir }, { create: false }).source).toBe('AUDIT_KEY');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is checked by the CLI with the server key, against a checkpoint, and refuses a wrong key', async () => {
    const env = {
      DATA_DIR: s.dataDir,
      DATABASE_URL: process.env.DATABASE_URL,
      DATABASE_SCHEMA: s.ctx.config.databaseSchema,
    };
    const run = async (extra: Record<string, string>, args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await auditVerify({ ...env, ...extra }, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
      return { code, out: out.join('\n'), err: err.join('\n') };
    };
    const { checkpoint } = await takeCheckpoint();
    const ok = await run({}, [checkpoint]);
    expect(ok).toMatchObject({ code: 0 });
    expect(ok.out).toContain(`checkpoint ${checkpoint} matches`);
    expect(ok.out).toContain(`current checkpoint (keep it outside the system): ${checkpoint}`);

    const wrongKey = await run({ AUDIT_KEY: 'w'.repeat(40) }, []);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.err).toContain('another key');

    const ahead = await run({}, [`${Number(checkpoint.split(':')[0]) + 5}:${'b'.repeat(64)}`]);
    expect(ahead.code).toBe(1);
    expect(ahead.err).toContain('cut off or rewritten');
    expect((await run({}, ['not-a-checkpoint'])).code).toBe(2);
  });
});

describe('audit chain written before the key', () => {
  const old = serverForFile();

  it('is anchored by a keyed entry at upgrade, after which rewriting it is detected', async () => {
    const ownerT = await ownerToken(old);
    const now = old.clock.now().toISOString();
    // the chain as the server wrote it before: plain SHA-256, no anchor
    const legacy = relinkPlain(
      [1, 2, 3].map((id) => ({
        id,
        at: now,
        operator_id: 1,
        operator_email: 'owner@test.local',
        action: 'invite_code.create',
        target: `invite_code:OLD${id}`,
        detail: '{}',
        prev_hash: '',
        hash: '',
      })),
    );
    await replaceChain(legacy, old);
    expect((await old.admin<Verified>(ADMIN_API.auditVerify, {}, ownerT)).data).toMatchObject({ problem: 'unkeyed' });

    await inTransaction(old.ctx, (tx) => ensureKeyedChain(tx, old.ctx, old.clock.now()));
    const upgraded = await rows(old);
    expect(upgraded).toHaveLength(4);
    expect(upgraded[3]).toMatchObject({ id: 4, action: ANCHOR_ACTION, prev_hash: legacy[2]!.hash });
    expect(JSON.parse(upgraded[3]!.detail)).toMatchObject({ plain_entries: 3 });
    expect((await old.admin<Verified>(ADMIN_API.auditVerify, {}, ownerT)).data).toMatchObject({ ok: true, checked: 4 });
    // a second start adds nothing
    await inTransaction(old.ctx, (tx) => ensureKeyedChain(tx, old.ctx, old.clock.now()));
    expect(await rows(old)).toHaveLength(4);
    await old.admin(ADMIN_API.inviteCodeCreate, { code: 'NEWER1' }, ownerT);
    expect((await old.admin<Verified>(ADMIN_API.auditVerify, {}, ownerT)).data).toMatchObject({ ok: true, checked: 5 });

    // rewriting a plain entry and recomputing the plain hashes up to the anchor breaks the anchor's link
    const all = await rows(old);
    const forged = relinkPlain(all.slice(0, 3).map((r) => (r.id === 2 ? { ...r, target: 'invite_code:FORGED' } : r)));
    await replaceChain([...forged, ...all.slice(3)], old);
    expect((await old.admin<Verified>(ADMIN_API.auditVerify, {}, ownerT)).data).toMatchObject({
      ok: false,
      broken_at: 4,
      problem: 'entry',
    });

    // a plain chain that does not check out is not blessed with an anchor
    await replaceChain(
      forged.map((r) => (r.id === 2 ? { ...r, detail: '{"x":1}' } : r)),
      old,
    );
    await inTransaction(old.ctx, (tx) => ensureKeyedChain(tx, old.ctx, old.clock.now()));
    expect(await rows(old)).toHaveLength(3);
  });
});
