import {
  ADMIN_API,
  type AdminProofSnapshot,
  API,
  errorCode,
  type LiabilityProof,
  type Page,
  type ProofRoot,
  userHash,
  verifyProof,
  wireToMicro,
} from '@c2c/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { moneyTestServer, operatorOf, ownerToken, signUp } from '../../../test/harness.js';
import { act, type Customer, customer, listing, listingWithBuyer, money, trade } from '../../../test/trading.js';
import { JOBS } from '../../jobs/registry.js';
import { createJobRunner } from '../../jobs/runner.js';
import { PARTS, PROOF_TREES_KEPT, SNAPSHOT_LEASE_MS, STALE_BUILD_MS } from './proof.service.js';
import { takeSnapshot } from './proof.steps.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const DAY = 86_400_000;

const snapshot = async (token = admin) => s.admin<AdminProofSnapshot>(ADMIN_API.proofSnapshot, {}, token);
async function takeOne(): Promise<AdminProofSnapshot> {
  const r = await snapshot();
  if (r.code !== 200) throw new Error(`snapshot: ${r.msg}`);
  return r.data;
}
const mine = (token: string, snapshotId?: number) =>
  s.call<LiabilityProof>(API.proofMine, snapshotId ? { snapshot_id: String(snapshotId) } : {}, token);
const roots = (body: Record<string, string> = {}) => s.call<Page<ProofRoot>>(API.proofRoots, body);

/** What the customers hold by the ledger's postings (not the balances the snapshot reads). */
async function liabilitiesFromPostings(): Promise<bigint> {
  const r = await s.db
    .selectFrom('postings as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select(sql<string>`coalesce(sum(p.amount), 0)`.as('t'))
    .where('a.user_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return BigInt(r.t);
}
const countOf = async (table: 'proof_snapshots' | 'users') =>
  Number(
    (
      await s.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** The leaves' sum and the stored root's sum of a snapshot. */
async function storedSums(id: number) {
  const leaves = await s.db.selectFrom('proof_leaves').select('amount').where('snapshot_id', '=', id).execute();
  const nodes = await s.db
    .selectFrom('proof_nodes')
    .select(['level', 'sum'])
    .where('snapshot_id', '=', id)
    .orderBy('level', 'desc')
    .execute();
  return { leaves: leaves.reduce((a, l) => a + l.amount, 0n), count: leaves.length, root: nodes[0]!.sum };
}

/** Changes a customer's balance behind the ledger's back (no posting): what the ledger check must refuse. */
const bumpBalance = (c: Customer, by: bigint) =>
  s.db
    .updateTable('accounts')
    .set((eb) => ({ balance: eb('balance', '+', by) }))
    .where('user_id', '=', c.id)
    .where('kind', '=', 'available')
    .execute();

describe('proof of liabilities', () => {
  it('before any snapshot: proof/mine answers proof_none, proof/roots is public and empty', async () => {
    const c = await signUp(s);
    const r = await mine(c.token);
    expect(r.code).toBe(errorCode('proof_none'));
    expect(r.msg).toBe('No proof-of-liabilities snapshot has been taken yet');
    expect(await roots()).toMatchObject({ code: 200, data: { list: [], total: 0, page: 1 } });
  });

  let holders: Customer[] = [];
  it('the root sums every customer (zero holders too, each in PARTS leaves) to the ledger total, and every path verifies', async () => {
    const rich = await customer(s, admin, '250.5');
    const seller = await customer(s, admin, '120');
    const saver = await customer(s, admin, '80');
    const empty = await customer(s, admin);
    await listing(s, seller, { number: '60', min: '10', max: '60' }); // 60 in escrow
    const w = await s.call(API.withdrawCreate, { bk_id: rich.bk, amount: '20.25' }, rich.token); // 20.25 frozen
    expect(w.code).toBe(200);
    holders = [rich, seller, saver, empty];

    const snap = await takeOne();
    expect(snap.taken_by).toBe('owner@test.local');
    expect(wireToMicro(snap.total)).toBe(await liabilitiesFromPostings());
    expect(snap.leaf_count).toBe(PARTS * (await countOf('users')));
    const sums = await storedSums(snap.id);
    expect(sums).toEqual({ leaves: wireToMicro(snap.total), count: snap.leaf_count, root: wireToMicro(snap.total) });

    for (const c of holders) {
      const r = await mine(c.token);
      expect(r.code).toBe(200);
      expect(r.data.snapshot_id).toBe(snap.id);
      expect(r.data.leaves).toHaveLength(PARTS);
      for (const leaf of r.data.leaves) expect(leaf.user_hash).toBe(await userHash(c.id));
      const checked = await verifyProof(r.data);
      expect(checked).toMatchObject({ ok: true, parts: PARTS, root_hash: snap.root_hash, total: wireToMicro(snap.total) });
      if (checked.ok) expect(checked.amount).toBe(wireToMicro((await money(s, c)).total));
    }
    const again = await mine(empty.token);
    expect(again.data.amount).toBe('0.00');
    expect(again.data.leaves.map((l) => l.amount)).toEqual(Array(PARTS).fill('0.00'));
    // every customer in the database, not only those of this file's tests, PARTS times each
    const users = await s.db.selectFrom('users').select('id').execute();
    const leafUsers = await s.db.selectFrom('proof_leaves').select('user_id').where('snapshot_id', '=', snap.id).execute();
    expect(leafUsers.map((l) => l.user_id).sort()).toEqual(users.flatMap((u) => Array(PARTS).fill(u.id)).sort());
  });

  it("splits every customer's holdings into positive random parts that add up exactly, so no leaf is anyone's whole holdings", async () => {
    const own = [await customer(s, admin, '75.25'), await customer(s, admin, '10.01')];
    const snap = await takeOne();
    const leaves = await s.db
      .selectFrom('proof_leaves')
      .select(['user_id', 'idx', 'amount'])
      .where('snapshot_id', '=', snap.id)
      .execute();
    const holdings = new Map<number, bigint[]>();
    for (const l of leaves) holdings.set(l.user_id, [...(holdings.get(l.user_id) ?? []), l.amount]);
    const wholes = new Set<bigint>();
    for (const [userId, parts] of holdings) {
      const whole = parts.reduce((a, b) => a + b, 0n);
      const ledger = await s.db
        .selectFrom('accounts')
        .select(sql<string>`coalesce(sum(balance), 0)`.as('t'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      expect([userId, whole]).toEqual([userId, BigInt(ledger.t)]);
      expect(parts).toHaveLength(PARTS);
      // positive parts whenever the holdings allow it (below PARTS micro-USDT: ones and zeros, proof-scale.test.ts)
      if (whole >= BigInt(PARTS)) for (const part of parts) expect(part > 0n && part < whole, `${userId}: ${part}`).toBe(true);
      if (whole > 0n) wholes.add(whole);
    }
    expect(holdings.get(own[0]!.id)!.reduce((a, b) => a + b, 0n)).toBe(75_250_000n);
    // what a path shows of others: its sibling leaf is a part, never another customer's whole holdings
    for (const c of [...holders, ...own]) {
      const proof = (await mine(c.token)).data;
      expect((await verifyProof(proof)).ok).toBe(true);
      const own = wireToMicro(proof.amount);
      for (const leaf of proof.leaves) {
        const sibling = wireToMicro(leaf.path[0]!.sum);
        if (sibling >= BigInt(PARTS) && sibling !== own) expect(wholes.has(sibling), `${c.id}: ${sibling}`).toBe(false);
      }
    }
  });

  it('changing any leaf amount, nonce, sibling hash or sibling sum breaks verification', async () => {
    const proof = (await mine(holders[0]!.token)).data;
    expect(proof.leaves[0]!.path.length).toBeGreaterThan(1);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const tampered: ((p: LiabilityProof) => void)[] = [
      (p) => {
        p.amount = '999999.00';
      },
    ];
    for (const i of proof.leaves.keys()) {
      tampered.push((p) => {
        p.leaves[i]!.amount = '999999.00';
      });
      tampered.push((p) => {
        p.leaves[i]!.nonce = flip(p.leaves[i]!.nonce);
      });
      for (let k = 0; k < proof.leaves[i]!.path.length; k++) {
        tampered.push((p) => {
          p.leaves[i]!.path[k]!.hash = flip(p.leaves[i]!.path[k]!.hash);
        });
        tampered.push((p) => {
          const step = p.leaves[i]!.path[k]!;
          step.sum = (Number.parseInt(step.sum, 10) + 1).toString().concat('.00');
        });
      }
    }
    for (const [i, change] of tampered.entries()) {
      const p = structuredClone(proof);
      change(p);
      expect((await verifyProof(p)).ok, `change ${i}`).toBe(false);
    }
    expect((await verifyProof(proof)).ok).toBe(true);
  });

  it("a proof shows no other customer's id, e-mail, nonce or amount beyond the sibling sums", async () => {
    const [me, ...others] = holders;
    const proof = (await mine(me!.token)).data;
    const json = JSON.stringify(proof);
    for (const o of others) {
      expect(json).not.toContain(o.email);
      expect(json).not.toContain(await userHash(o.id));
    }
    expect(json).not.toMatch(/user_id|email|"id"/);
    const otherNonces = await s.db
      .selectFrom('proof_leaves')
      .select('nonce')
      .where('snapshot_id', '=', proof.snapshot_id)
      .where('user_id', '!=', me!.id)
      .execute();
    for (const n of otherNonces) expect(json).not.toContain(n.nonce);
    // every amount in it is the caller's own (a part or the whole), the total, a sibling sum, or a parent made of those
    const allowed = new Set([proof.amount, proof.total]);
    for (const leaf of proof.leaves) {
      allowed.add(leaf.amount);
      let running = wireToMicro(leaf.amount);
      for (const step of leaf.path) {
        allowed.add(step.sum);
        running += wireToMicro(step.sum);
        expect(wireToMicro(step.parent_sum)).toBe(running);
        allowed.add(step.parent_sum);
      }
    }
    const amounts = [...json.matchAll(/"(-?\d+\.\d{2,6})"/g)].map((m) => m[1]!);
    for (const a of amounts) expect(allowed.has(a), a).toBe(true);
  });

  it('older snapshots keep answering; later customers are not in them; unknown ids are not found', async () => {
    const first = (await mine(holders[0]!.token)).data.snapshot_id;
    const late = await signUp(s);
    expect((await mine(late.token)).code).toBe(errorCode('proof_not_included'));
    const second = await takeOne();
    expect((await mine(late.token)).data.snapshot_id).toBe(second.id);
    const old = await mine(late.token, first);
    expect(old.code).toBe(errorCode('proof_not_included'));
    const back = await mine(holders[0]!.token, first);
    expect(back.data.snapshot_id).toBe(first);
    expect((await verifyProof(back.data)).ok).toBe(true);
    expect((await mine(holders[0]!.token, 999_999)).code).toBe(errorCode('record_not_found'));
    expect((await s.call(API.proofMine, { snapshot_id: 'x' }, late.token)).code).toBe(errorCode('invalid_value'));
  });

  it('roots are public and paged; only the owner takes a snapshot, audited; every operator lists them', async () => {
    const before = await countOf('proof_snapshots');
    const finance = await operatorOf(s, admin, 'finance');
    const support = await operatorOf(s, admin, 'support');
    expect((await snapshot(finance.token)).code).toBe(errorCode('forbidden'));
    expect((await snapshot(support.token)).code).toBe(errorCode('forbidden'));
    expect((await s.admin(ADMIN_API.proofSnapshot, {})).code).toBe(-1);
    expect(await countOf('proof_snapshots')).toBe(before);
    const snap = await takeOne();
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target', '=', `proof:${snap.id}`)
      .executeTakeFirstOrThrow();
    expect(audit.action).toBe('proof.snapshot');
    expect(JSON.parse(audit.detail as string)).toMatchObject({ root_hash: snap.root_hash, total: snap.total });

    const page = await roots({ page: '1', page_size: '2' });
    expect(page.data).toMatchObject({ total: before + 1, page: 1, page_size: 2 });
    expect(page.data.list).toHaveLength(2);
    const { taken_by: _, ...publicRow } = snap;
    expect(page.data.list[0]).toEqual(publicRow);
    for (const who of [admin, finance.token, support.token]) {
      const listed = await s.admin<Page<AdminProofSnapshot>>(ADMIN_API.proofList, {}, who);
      expect(listed.data.list[0]).toEqual(snap);
    }
    expect((await s.call(API.proofMine, {})).code).toBe(-1);
  });

  it('is refused and logged, storing nothing, when the tree would not match the ledger', async () => {
    const before = await countOf('proof_snapshots');
    const bump = (by: bigint) => bumpBalance(holders[0]!, by);
    await bump(1n);
    try {
      const r = await snapshot();
      expect(r.code).toBe(errorCode('proof_ledger_mismatch'));
    } finally {
      await bump(-1n);
    }
    expect(await countOf('proof_snapshots')).toBe(before);
  });

  it('the daily job takes one snapshot a day, never two, however many processes run it', async () => {
    const jobSnapshots = async () =>
      (await s.db.selectFrom('proof_snapshots').select('id').where('taken_by', '=', 'job').execute()).length;
    const c = await customer(s, admin, '15');
    const a = createJobRunner(s.ctx, JOBS, { holder: 'a' });
    const b = createJobRunner(s.ctx, JOBS, { holder: 'b' });
    const worked = (runs: Awaited<ReturnType<typeof a.tick>>) => runs.find((r) => r.job === 'proof-snapshot')!.worked;
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect(worked(ra) + worked(rb)).toBe(1);
    expect(await jobSnapshots()).toBe(1);
    s.clock.advance(DAY - 60_000);
    await Promise.all([a.tick(), b.tick()]);
    expect(await jobSnapshots()).toBe(1);
    s.clock.advance(60_000);
    const [ra2, rb2] = await Promise.all([a.tick(), b.tick()]);
    expect(worked(ra2) + worked(rb2)).toBe(1);
    expect(await jobSnapshots()).toBe(2);
    admin = await ownerToken(s);
    const latest = (await roots()).data.list[0]!;
    const listed = await s.admin<Page<AdminProofSnapshot>>(ADMIN_API.proofList, {}, admin);
    expect(listed.data.list[0]).toMatchObject({ id: latest.id, taken_by: 'job' });
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'operator_id'])
      .where('target', '=', `proof:${latest.id}`)
      .execute();
    expect(audit).toEqual([{ action: 'proof.snapshot', operator_id: null }]);
    expect(await verifyProof((await mine(c.token)).data)).toMatchObject({ ok: true, amount: 15_000_000n });
  });

  it('a daily snapshot refused by the ledger check gives its claim back; a crashed claim is taken again after its lease', async () => {
    const jobSnapshots = async () =>
      (await s.db.selectFrom('proof_snapshots').select('id').where('taken_by', '=', 'job').execute()).length;
    const nextAt = async () => (await s.db.selectFrom('proof_schedule').select('next_at').executeTakeFirstOrThrow()).next_at;
    const runner = createJobRunner(s.ctx, JOBS, { holder: 'a' });
    const bump = (by: bigint) => bumpBalance(holders[0]!, by);
    s.clock.advance(DAY);
    const before = await jobSnapshots();
    await bump(1n);
    try {
      await runner.tick();
    } finally {
      await bump(-1n);
    }
    expect(await jobSnapshots()).toBe(before);
    // given back at once, not held for the lease: the next run (ten minutes on) takes it
    expect(new Date(await nextAt()).getTime()).toBeLessThanOrEqual(s.clock.now().getTime());
    await runner.tick();
    expect(await jobSnapshots()).toBe(before + 1);
    // a day on from that run (the test clock moves on with real time too)
    const ahead = new Date(await nextAt()).getTime() - s.clock.now().getTime();
    expect(ahead).toBeGreaterThan(DAY - 60_000);
    expect(ahead).toBeLessThanOrEqual(DAY);

    // a process that claimed the day and died before publishing: the schedule sits at its lease's end
    s.clock.advance(DAY);
    const leaseEnd = new Date(s.clock.now().getTime() + SNAPSHOT_LEASE_MS).toISOString();
    await s.db.updateTable('proof_schedule').set({ next_at: leaseEnd }).execute();
    await runner.tick();
    expect(await jobSnapshots()).toBe(before + 1);
    s.clock.advance(SNAPSHOT_LEASE_MS);
    await runner.tick();
    expect(await jobSnapshots()).toBe(before + 2);
  });

  it('a snapshot taken while trades and withdrawals run is the ledger at one point', async () => {
    const W = 10_000_000n; // every approved withdrawal: 10 USDT
    const sellers: Customer[] = [];
    const buyers: Customer[] = [];
    const trades: { seller: Customer; id: number }[] = [];
    for (let i = 0; i < 5; i++) {
      const { seller, buyer, listingId: l } = await listingWithBuyer(s, admin, '200', { number: '100', min: '1', max: '100' });
      for (const n of ['13.37', '21.11']) {
        const id = await trade(s, buyer, l, n);
        expect((await act(s, buyer, API.tradePaid, id)).code).toBe(200);
        trades.push({ seller, id });
      }
      sellers.push(seller);
      buyers.push(buyer);
    }
    const pending: number[] = [];
    for (const seller of sellers)
      for (let i = 0; i < 2; i++) {
        const r = await s.call<{ id: number }>(API.withdrawCreate, { bk_id: seller.bk, amount: '10' }, seller.token);
        expect(r.code).toBe(200);
        pending.push(r.data.id);
      }
    const t0 = await liabilitiesFromPostings();
    const before = await countOf('proof_snapshots');

    const work: Promise<unknown>[] = [];
    for (const t of trades) work.push(act(s, t.seller, API.tradeRelease, t.id).then((r) => expect(r.code).toBe(200)));
    for (const id of pending)
      work.push(s.admin(ADMIN_API.withdrawApprove, { id, reference: `PAY-${id}` }, admin).then((r) => expect(r.code).toBe(200)));
    // money moving between customers and to frozen, without leaving: 17.89 is off the 10-USDT grid
    for (const b of buyers)
      work.push(
        (async () => {
          await new Promise((r) => setTimeout(r, 5));
          await s.call(API.withdrawCreate, { bk_id: b.bk, amount: '17.89' }, b.token);
        })(),
      );
    const snaps: Promise<AdminProofSnapshot>[] = [];
    for (let i = 0; i < 4; i++) {
      snaps.push(
        (async () => {
          await new Promise((r) => setTimeout(r, i * 15));
          return takeOne();
        })(),
      );
    }
    await Promise.all(work);
    const taken = await Promise.all(snaps);
    expect(await countOf('proof_snapshots')).toBe(before + 4);
    const t1 = await liabilitiesFromPostings();
    expect(t1).toBe(t0 - BigInt(pending.length) * W);
    for (const snap of taken) {
      const total = wireToMicro(snap.total);
      // the customers' holdings change only by whole approved withdrawals: a torn read would be off this grid
      expect((t0 - total) % W, snap.total).toBe(0n);
      expect(total <= t0 && total >= t1).toBe(true);
      expect(await storedSums(snap.id)).toEqual({ leaves: total, count: snap.leaf_count, root: total });
    }
    // and a snapshot after the dust settles is the ledger exactly
    expect(wireToMicro((await takeOne()).total)).toBe(t1);
  }, 90_000);

  it('keeps the trees of the newest 30 snapshots; an older one answers proof_pruned, its tree goes and its root stays', async () => {
    const c = holders[0]!;
    const kept = PROOF_TREES_KEPT;
    while ((await countOf('proof_snapshots')) < kept + 2) await takeOne();
    const all = (await roots({ page_size: '100' })).data;
    const ids = all.list.map((r) => r.id); // newest first
    const [inWindow, past] = [ids.slice(0, kept), ids.slice(kept)];
    expect(past.length).toBeGreaterThanOrEqual(2);
    const treeRows = async (id: number) =>
      (await s.db.selectFrom('proof_leaves').select('snapshot_id').where('snapshot_id', '=', id).execute()).length +
      (await s.db.selectFrom('proof_nodes').select('snapshot_id').where('snapshot_id', '=', id).execute()).length;

    // past the window the answer is the same before the job has run (the tree is still stored) and after
    expect(await treeRows(past[0]!)).toBeGreaterThan(0);
    expect((await mine(c.token, past[0])).code).toBe(errorCode('proof_pruned'));
    const oldest = await mine(c.token, inWindow.at(-1));
    expect(oldest.code).toBe(200);
    expect((await verifyProof(oldest.data)).ok).toBe(true);

    // two processes: each old tree deleted once, the kept ones untouched
    const a = createJobRunner(s.ctx, JOBS, { holder: 'a' });
    const b = createJobRunner(s.ctx, JOBS, { holder: 'b' });
    const pruned = (runs: Awaited<ReturnType<typeof a.tick>>) => runs.find((r) => r.job === 'proof-prune')!;
    const [ra, rb] = await Promise.all([a.tick(), b.tick()]);
    expect(pruned(ra).failed + pruned(rb).failed).toBe(0);
    // a run claims one snapshot per batch and keeps going until none is due
    expect(pruned(ra).worked + pruned(rb).worked).toBe(past.length);
    for (const id of past) expect(await treeRows(id), `snapshot ${id}`).toBe(0);
    for (const id of inWindow) expect(await treeRows(id), `snapshot ${id}`).toBeGreaterThan(0);
    expect(pruned(await a.tick()).worked).toBe(0);

    expect((await mine(c.token, past.at(-1))).code).toBe(errorCode('proof_pruned'));
    expect((await verifyProof((await mine(c.token, inWindow.at(-1))).data)).ok).toBe(true);
    expect((await verifyProof((await mine(c.token)).data)).ok).toBe(true);
    // the roots stay published, all of them
    expect((await roots({ page_size: '100' })).data.list).toEqual(all.list);
  }, 90_000);

  it('a snapshot whose build stopped half-way is shown nowhere, and the prune job deletes it later', async () => {
    const c = holders[0]!;
    const latest = (await mine(c.token)).data;
    const listed = (await roots({ page_size: '100' })).data;
    const operatorsList = (await s.admin<Page<AdminProofSnapshot>>(ADMIN_API.proofList, { page_size: 100 }, admin)).data;
    // what a crash leaves: the unpublished row and part of its tree
    const { id } = await s.db
      .insertInto('proof_snapshots')
      .values({
        created_at: s.clock.now().toISOString(),
        root_hash: 'ab'.repeat(32),
        total: 5n,
        leaf_count: 3,
        taken_by: 'job',
        operator_id: null,
        published: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('proof_leaves')
      .values([0, 1, 2].map((idx) => ({ snapshot_id: id, user_id: holders[idx]!.id, idx, nonce: 'cd'.repeat(32), amount: 1n })))
      .execute();
    await s.db
      .insertInto('proof_nodes')
      .values({ snapshot_id: id, level: 0, idx: 0, hash: 'ef'.repeat(32), sum: 1n })
      .execute();

    expect((await mine(c.token)).data).toEqual(latest);
    expect((await mine(c.token, id)).code).toBe(errorCode('record_not_found'));
    expect((await roots({ page_size: '100' })).data).toEqual(listed);
    expect((await s.admin<Page<AdminProofSnapshot>>(ADMIN_API.proofList, { page_size: 100 }, admin)).data).toEqual(operatorsList);

    const rowsOf = async () => ({
      snapshot: (await s.db.selectFrom('proof_snapshots').select('id').where('id', '=', id).execute()).length,
      leaves: (await s.db.selectFrom('proof_leaves').select('idx').where('snapshot_id', '=', id).execute()).length,
      nodes: (await s.db.selectFrom('proof_nodes').select('idx').where('snapshot_id', '=', id).execute()).length,
    });
    const runner = createJobRunner(s.ctx, JOBS, { holder: 'a' });
    // perhaps still being built by another process: left alone
    await runner.tick();
    expect(await rowsOf()).toEqual({ snapshot: 1, leaves: 3, nodes: 1 });
    s.clock.advance(STALE_BUILD_MS + 1);
    await runner.tick();
    expect(await rowsOf()).toEqual({ snapshot: 0, leaves: 0, nodes: 0 });
    expect((await mine(c.token)).data).toEqual(latest);
  });

  it('a build that fails half-way deletes at once what it had stored, and the next one is whole', async () => {
    const c = holders[0]!;
    const latest = (await mine(c.token)).data;
    const before = await countOf('proof_snapshots');
    const lastId = latest.snapshot_id;
    const storedAfter = async () => ({
      snapshots: (await s.db.selectFrom('proof_snapshots').select('id').where('id', '>', lastId).execute()).length,
      leaves: (await s.db.selectFrom('proof_leaves').select('idx').where('snapshot_id', '>', lastId).execute()).length,
      nodes: (await s.db.selectFrom('proof_nodes').select('idx').where('snapshot_id', '>', lastId).execute()).length,
    });
    // the database refuses the tree's third level once the second is stored: half-way, with rows committed
    if (s.ctx.dialect === 'sqlite') {
      await sql`CREATE TRIGGER fail_level_2 BEFORE INSERT ON proof_nodes
                WHEN NEW.level = 2 AND EXISTS (SELECT 1 FROM proof_nodes WHERE snapshot_id = NEW.snapshot_id AND level = 1)
                BEGIN SELECT RAISE(ABORT, 'test: level 2 refused'); END`.execute(s.db);
    } else {
      await sql`CREATE FUNCTION fail_level_2() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  IF NEW.level = 2 AND EXISTS (SELECT 1 FROM proof_nodes WHERE snapshot_id = NEW.snapshot_id AND level = 1)
                  THEN RAISE EXCEPTION 'test: level 2 refused'; END IF;
                  RETURN NEW;
                END $$`.execute(s.db);
      await sql`CREATE TRIGGER fail_level_2 BEFORE INSERT ON proof_nodes FOR EACH ROW EXECUTE FUNCTION fail_level_2()`.execute(
        s.db,
      );
    }
    const failed = takeSnapshot(s.ctx, null, s.clock.now());
    await expect(failed).rejects.toThrow(/test: level 2 refused/);
    expect(await storedAfter()).toEqual({ snapshots: 0, leaves: 0, nodes: 0 });
    expect(await countOf('proof_snapshots')).toBe(before);
    expect((await mine(c.token)).data).toEqual(latest);

    if (s.ctx.dialect === 'sqlite') await sql`DROP TRIGGER fail_level_2`.execute(s.db);
    else await sql`DROP TRIGGER fail_level_2 ON proof_nodes`.execute(s.db);
    const next = await takeOne();
    expect(next.leaf_count).toBe(PARTS * (await countOf('users')));
    expect((await verifyProof((await mine(c.token)).data)).ok).toBe(true);
  });
});
