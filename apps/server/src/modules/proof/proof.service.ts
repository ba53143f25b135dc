import { createHash } from 'node:crypto';
import {
  type AdminProofSnapshot,
  buildLevels,
  formatAmount,
  type LiabilityProof,
  type Page,
  type ProofRoot,
  pathOf,
  randomNonce,
  type Sha256,
  type SumNode,
  userHash,
} from '@c2c/shared';
import type { Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import type { ProofSnapshotsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { CURRENCY } from '../ledger/ledger.service.js';
import * as repo from './proof.repository.js';

/**
 * Proof of liabilities (issue 11): snapshots of every customer's holdings as a Merkle sum tree (packages/shared
 * proof.ts). Every customer is a leaf, those holding nothing with 0: a customer can then check they were counted
 * even at zero, and the leaf count is the number of accounts rather than a hint at how many hold money.
 */

type SnapshotRow = Selectable<ProofSnapshotsTable>;

const toRoot = (r: SnapshotRow): ProofRoot => ({
  id: r.id,
  created_at: r.created_at,
  root_hash: r.root_hash,
  total: formatAmount(r.total),
  leaf_count: r.leaf_count,
});
const toAdmin = (r: SnapshotRow): AdminProofSnapshot => ({ ...toRoot(r), taken_by: r.taken_by });

const DAY_MS = 24 * 60 * 60_000;

/**
 * The trees (every leaf and node) of the newest this many snapshots are kept, so their proofs can be read; an older
 * snapshot keeps its row (time, root hash, total, leaf count) in the published list, and its tree is deleted by the
 * `proof-prune` job. A daily tree holds about three rows per customer: kept for ever, it would be most of the database.
 */
export const PROOF_TREES_KEPT = 30;

/**
 * Building hashes every customer twice and every node once: node:crypto's synchronous SHA-256 does it many times faster
 * than Web Crypto's one promise per hash. The encodings are the shared ones, and every test verifies the stored paths
 * with the shared Web Crypto code, as the app and `proof:verify` do.
 */
const nodeSha256: Sha256 = (data) => createHash('sha256').update(data).digest('hex');

/** How many levels a tree of `leaves` leaves has (buildLevels' shape): 1 for 0 or 1 leaf. */
export function levelCount(leaves: number): number {
  let n = 1;
  for (let size = leaves; size > 1; size = Math.ceil(size / 2)) n++;
  return n;
}

/**
 * Takes a snapshot: reads every customer's holdings at one point, builds the tree and stores it with every node.
 * Refuses (`proof_ledger_mismatch`, logged) unless the root's sum equals the ledger's customer liabilities, which by
 * double entry are what the platform's own accounts hold negated, read in the same statement.
 */
export async function takeSnapshot(tx: Tx, ctx: AppContext, actor: Actor | null, now: Date): Promise<AdminProofSnapshot> {
  const { users, platform } = await repo.holdingsAtOnePoint(tx, CURRENCY);
  const leaves = [];
  for (const u of users)
    leaves.push({ userId: u.userId, nonce: randomNonce(), user_hash: await userHash(u.userId, nodeSha256), amount: u.amount });
  // a leaf's position follows its random nonce, so it says nothing about the customer's id or sign-up order
  leaves.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
  const levels = await buildLevels(leaves, nodeSha256);
  const root = levels.at(-1)![0]!;
  const liabilities = -platform;
  if (root.sum !== liabilities || leaves.some((l) => l.amount < 0n)) {
    ctx.log.error(
      { root_sum: root.sum.toString(), liabilities: liabilities.toString(), leaves: leaves.length },
      'proof of liabilities refused: the tree does not add up to the ledger',
    );
    throw new DomainError('proof_ledger_mismatch');
  }
  const row = {
    created_at: iso(now),
    root_hash: root.hash,
    total: root.sum,
    leaf_count: leaves.length,
    taken_by: actor ? actor.email : 'job',
    operator_id: actor?.id ?? null,
  };
  const id = await repo.insertSnapshot(tx, row);
  await repo.insertLeaves(
    tx,
    leaves.map((l, idx) => ({ snapshot_id: id, user_id: l.userId, idx, nonce: l.nonce, amount: l.amount })),
  );
  await repo.insertNodes(
    tx,
    levels.flatMap((level, k) => level.map((n, idx) => ({ snapshot_id: id, level: k, idx, hash: n.hash, sum: n.sum }))),
  );
  await record(tx, ctx, {
    actor,
    action: 'proof.snapshot',
    target: `proof:${id}`,
    detail: { root_hash: row.root_hash, total: formatAmount(row.total), leaf_count: row.leaf_count, taken_by: row.taken_by },
    now,
  });
  ctx.log.info({ snapshot: id, root_hash: row.root_hash, leaves: row.leaf_count }, 'proof of liabilities snapshot taken');
  return toAdmin({ id, ...row });
}

export async function listRoots(tx: Tx, page: number, pageSize: number): Promise<Page<ProofRoot>> {
  const { rows, total } = await repo.pageSnapshots(tx, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toRoot), total, page, page_size: pageSize };
}

export async function listForOperators(tx: Tx, page: number, pageSize: number): Promise<Page<AdminProofSnapshot>> {
  const { rows, total } = await repo.pageSnapshots(tx, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toAdmin), total, page, page_size: pageSize };
}

/** The customer's leaf and path in snapshot `snapshotId` (default: the latest), read from the stored tree. */
export async function proofOf(tx: Tx, userId: number, snapshotId: number | undefined): Promise<LiabilityProof> {
  const snapshot = snapshotId === undefined ? await repo.latestSnapshot(tx) : await repo.findSnapshot(tx, snapshotId);
  if (!snapshot) throw new DomainError(snapshotId === undefined ? 'proof_none' : 'record_not_found');
  // pruned or about to be: the same answer before and after the job has run
  if (snapshotId !== undefined && (await repo.newerSnapshots(tx, snapshot.id)) >= PROOF_TREES_KEPT)
    throw new DomainError('proof_pruned');
  const leaf = await repo.findLeaf(tx, snapshot.id, userId);
  if (!leaf) throw new DomainError('proof_not_included');
  const depth = levelCount(snapshot.leaf_count);
  const keys = [{ level: 0, idx: leaf.idx }];
  for (let k = 0, i = leaf.idx; k < depth - 1; k++, i >>= 1) keys.push({ level: k, idx: i ^ 1 }, { level: k + 1, idx: i >> 1 });
  const nodes = await repo.nodesAt(tx, snapshot.id, keys);
  // only this path's nodes are read: the levels hold nothing else, and pathOf touches nothing else
  const levels: SumNode[][] = Array.from({ length: depth }, () => []);
  for (const n of nodes) levels[n.level]![n.idx] = { hash: n.hash, sum: n.sum };
  return {
    snapshot_id: snapshot.id,
    created_at: snapshot.created_at,
    root_hash: snapshot.root_hash,
    total: formatAmount(snapshot.total),
    leaf_count: snapshot.leaf_count,
    leaf: {
      nonce: leaf.nonce,
      user_hash: await userHash(userId),
      amount: formatAmount(leaf.amount),
      hash: levels[0]![leaf.idx]!.hash,
    },
    path: pathOf(levels, leaf.idx),
  };
}

// ---- the daily job ----

export const dueSnapshot = (tx: Tx, now: Date, limit: number) =>
  limit > 0 ? repo.dueSchedule(tx, iso(now)) : Promise.resolve([]);

export async function oldestDueSnapshot(tx: Tx, now: Date): Promise<Date | undefined> {
  const at = await repo.scheduleDueSince(tx, iso(now));
  return at ? new Date(at) : undefined;
}

/** Takes the day's snapshot if the schedule is still due, and moves it a day on; a second worker finds it moved. */
export async function runScheduledSnapshot(tx: Tx, ctx: AppContext, scheduleId: number, now: Date) {
  if (!(await repo.advanceSchedule(tx, scheduleId, iso(now), iso(new Date(now.getTime() + DAY_MS))))) return;
  await takeSnapshot(tx, ctx, null, now);
}

/** Snapshots past the kept window whose trees are still stored (the `proof-prune` job's rows). */
export const snapshotsToPrune = (tx: Tx, _now: Date, limit: number) => repo.snapshotsToPrune(tx, PROOF_TREES_KEPT, limit);

/** Deletes the tree of one snapshot past the kept window (its root stays published). */
export async function pruneSnapshot(tx: Tx, ctx: AppContext, snapshotId: number): Promise<void> {
  const rows = await repo.deleteTree(tx, snapshotId);
  ctx.log.info({ snapshot: snapshotId, rows }, 'proof of liabilities: tree of an old snapshot deleted, its root kept');
}
