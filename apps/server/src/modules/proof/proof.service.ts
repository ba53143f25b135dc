import { randomBytes } from 'node:crypto';
import { setImmediate as served } from 'node:timers/promises';
import {
  type AdminProofSnapshot,
  formatAmount,
  type LiabilityProof,
  type Page,
  type ProofRoot,
  pathOf,
  type SumNode,
  userHash,
} from '@c2c/shared';
import type { Kysely, Selectable } from 'kysely';
import type { AppContext, Tx } from '../../context.js';
import type { Dialect } from '../../db/database.js';
import type { DB, ProofSnapshotsTable } from '../../db/schema.js';
import { iso } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { type Actor, record } from '../audit/audit.service.js';
import { CURRENCY } from '../ledger/ledger.service.js';
import * as repo from './proof.repository.js';
import { nonceOrder, splitHoldings, TreeBuilder, type TreeRows } from './proof.tree.js';

/**
 * Proof of liabilities: snapshots of every customer's holdings as a Merkle sum tree (packages/shared
 * proof.ts). Every customer's holdings are PARTS leaves of random amounts adding up to them, those holding nothing
 * with 0s: a customer can then check they were counted even at zero, the leaf count is PARTS times the number of
 * accounts rather than a hint at how many hold money, and a path's sibling leaf is a random part of someone's
 * holdings, never the whole (docs/proof-of-liabilities.md).
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
 * `proof-prune` job. A daily tree holds about twelve rows per customer (PARTS leaves and their nodes): kept for ever, it would be most of the database.
 */
export const PROOF_TREES_KEPT = 30;

/**
 * Leaves per customer. A fixed count, so the leaf count tells no more than the number of accounts; more parts hide a
 * holding better and cost as many more rows and hashes per snapshot.
 */
export const PARTS = 4;

/** How many levels a tree of `leaves` leaves has (buildLevels' shape): 1 for 0 or 1 leaf. */
function levelCount(leaves: number): number {
  let n = 1;
  for (let size = leaves; size > 1; size = Math.ceil(size / 2)) n++;
  return n;
}

/** Rows of a tree deleted per transaction when a snapshot is pruned or dropped. */
const STORE_ROWS = 1_000;

/**
 * Rows of a tree stored per transaction (about as many hashes computed before). On SQLite a slice runs on the event
 * loop, and a call waits for the slice in front of it: smaller slices keep calls quick while a snapshot is built, at a
 * little more build time. On PostgreSQL the database does the work, on its own connection, and fewer commits are
 * cheaper.
 */
export const storeRowsOn = (dialect: Dialect) => (dialect === 'sqlite' ? 250 : 1_000);
/** Rows of holdings handed over per slice of the read. */
export const READ_SLICE = 5_000;
/** How long the daily job's claim lasts: a build that crashed is taken again after it. */
export const SNAPSHOT_LEASE_MS = 60 * 60_000;
/** An unpublished snapshot older than this is a build that stopped half-way: `proof-prune` deletes it. */
export const STALE_BUILD_MS = 2 * 60 * 60_000;

const NONCE_BYTES = 32;

/** Every customer's holdings (ids and amounts, same order) and the platform's own, as the one read gathers them. */
export interface Holdings {
  userIds: number[];
  amounts: bigint[];
  platform: bigint;
}
export const emptyHoldings = (): Holdings => ({ userIds: [], amounts: [], platform: 0n });

/** The read of a snapshot (`readInSlices`), compiled on `db`; `addHoldings` takes its slices. */
/** compiled on the bare database: `readInSlices` runs it outside any transaction */
export const holdingsQuery = (db: Kysely<DB>) => repo.holdingsQuery(db, CURRENCY);
export function addHoldings(into: Holdings, rows: Record<string, unknown>[]): void {
  for (const r of rows) {
    const { userId, amount } = repo.readHolding(r);
    if (userId === null) into.platform += amount;
    else {
      into.userIds.push(userId);
      into.amounts.push(amount);
    }
  }
}

/**
 * Refuses (`proof_ledger_mismatch`, logged) unless the holdings add up to the ledger's customer liabilities, which by
 * double entry are what the platform's own accounts hold negated, read in the same statement, and none is negative:
 * checked before anything is built or stored. Answers the total, which the tree's root sum then equals.
 */
export function checkHoldings(ctx: AppContext, { amounts, platform }: Holdings): bigint {
  let total = 0n;
  let negative = false;
  for (const a of amounts) {
    total += a;
    if (a < 0n) negative = true;
  }
  const liabilities = -platform;
  if (total !== liabilities || negative) {
    ctx.log.error(
      { leaves_sum: total.toString(), liabilities: liabilities.toString(), leaves: amounts.length, negative },
      'proof of liabilities refused: the holdings do not add up to the ledger',
    );
    throw new DomainError('proof_ledger_mismatch');
  }
  return total;
}

/**
 * A snapshot's builder over `holdings`, each customer's split into PARTS random parts, every leaf with a fresh random
 * nonce (their order is found with the event loop served).
 */
export async function treeOf(holdings: Holdings): Promise<TreeBuilder> {
  const { owners, shares } = splitHoldings(holdings.userIds, holdings.amounts, PARTS);
  const random = randomBytes(owners.length * NONCE_BYTES);
  const order = await nonceOrder(random, owners.length, { every: 50_000, pause: served });
  return new TreeBuilder(owners, shares, random, order);
}

export type SnapshotFields = Omit<SnapshotRow, 'id' | 'published' | 'tree_pruned' | 'root_hash'>;
export const snapshotFields = (leafCount: number, total: bigint, actor: Actor | null, now: Date): SnapshotFields => ({
  created_at: iso(now),
  total,
  leaf_count: leafCount,
  taken_by: actor ? actor.email : 'job',
  operator_id: actor?.id ?? null,
});

/** The snapshot's row, unpublished (no read shows it) and without its root hash until `publishSnapshot`. */
export const createUnpublished = (tx: Tx, fields: SnapshotFields) => repo.insertSnapshot(tx, { ...fields, root_hash: '' });

export async function storeRows(tx: Tx, rows: TreeRows): Promise<void> {
  if (rows.leaves.length) await repo.insertLeaves(tx, rows.leaves);
  if (rows.nodes.length) await repo.insertNodes(tx, rows.nodes);
}

/** Publishes a snapshot whose tree is stored, with its root hash and its audit entry. */
export async function publishSnapshot(
  tx: Tx,
  ctx: AppContext,
  id: number,
  fields: SnapshotFields,
  root: { hash: string; sum: bigint },
  actor: Actor | null,
  now: Date,
): Promise<AdminProofSnapshot> {
  if (root.sum !== fields.total) throw new Error(`proof snapshot ${id}: the root's sum is not the checked total`);
  if (!(await repo.publishSnapshot(tx, id, root.hash))) throw new Error(`proof snapshot ${id} was not waiting to be published`);
  await record(tx, ctx, {
    actor,
    action: 'proof.snapshot',
    target: `proof:${id}`,
    detail: { root_hash: root.hash, total: formatAmount(fields.total), leaf_count: fields.leaf_count, taken_by: fields.taken_by },
    now,
  });
  ctx.log.info({ snapshot: id, root_hash: root.hash, leaves: fields.leaf_count }, 'proof of liabilities snapshot taken');
  return toAdmin({ id, ...fields, root_hash: root.hash, published: true, tree_pruned: false });
}

/**
 * Deletes up to STORE_ROWS leaves and nodes of an unpublished snapshot, and its row once they are gone: true when
 * nothing of it is left.
 */
export async function dropSomeOfUnpublished(tx: Tx, id: number): Promise<boolean> {
  if (!(await deleteSomeOfTree(tx, id)).gone) return false;
  await repo.deleteUnpublished(tx, id);
  return true;
}

/** Deletes up to STORE_ROWS leaves and STORE_ROWS nodes: `gone` once fewer than that were left of either. */
async function deleteSomeOfTree(tx: Tx, id: number) {
  const deleted = await repo.deleteSomeOfTree(tx, id, STORE_ROWS);
  return { rows: deleted.leaves + deleted.nodes, gone: deleted.leaves < STORE_ROWS && deleted.nodes < STORE_ROWS };
}

export async function listRoots(tx: Tx, page: number, pageSize: number): Promise<Page<ProofRoot>> {
  const { rows, total } = await repo.pageSnapshots(tx, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toRoot), total, page, page_size: pageSize };
}

export async function listForOperators(tx: Tx, page: number, pageSize: number): Promise<Page<AdminProofSnapshot>> {
  const { rows, total } = await repo.pageSnapshots(tx, pageSize, (page - 1) * pageSize);
  return { list: rows.map(toAdmin), total, page, page_size: pageSize };
}

/** The customer's leaves and their paths in snapshot `snapshotId` (default: the latest), read from the stored tree. */
export async function proofOf(tx: Tx, userId: number, snapshotId: number | undefined): Promise<LiabilityProof> {
  const snapshot = snapshotId === undefined ? await repo.latestSnapshot(tx) : await repo.findSnapshot(tx, snapshotId);
  if (!snapshot) throw new DomainError(snapshotId === undefined ? 'proof_none' : 'record_not_found');
  // pruned or about to be: the same answer before and after the job has run
  if (snapshotId !== undefined && (await repo.newerSnapshots(tx, snapshot.id)) >= PROOF_TREES_KEPT)
    throw new DomainError('proof_pruned');
  const leaves = await repo.findLeaves(tx, snapshot.id, userId);
  if (!leaves.length) throw new DomainError('proof_not_included');
  const depth = levelCount(snapshot.leaf_count);
  const keys = new Map<string, { level: number; idx: number }>();
  const key = (level: number, idx: number) => keys.set(`${level}:${idx}`, { level, idx });
  for (const leaf of leaves) {
    key(0, leaf.idx);
    for (let k = 0, i = leaf.idx; k < depth - 1; k++, i >>= 1) {
      key(k, i ^ 1);
      key(k + 1, i >> 1);
    }
  }
  const nodes = await repo.nodesAt(tx, snapshot.id, [...keys.values()]);
  // only these paths' nodes are read: the levels hold nothing else, and pathOf touches nothing else
  const levels: SumNode[][] = Array.from({ length: depth }, () => []);
  for (const n of nodes) levels[n.level]![n.idx] = { hash: n.hash, sum: n.sum };
  const user_hash = await userHash(userId);
  return {
    snapshot_id: snapshot.id,
    created_at: snapshot.created_at,
    root_hash: snapshot.root_hash,
    total: formatAmount(snapshot.total),
    leaf_count: snapshot.leaf_count,
    amount: formatAmount(leaves.reduce((sum, l) => sum + l.amount, 0n)),
    leaves: leaves.map((leaf) => ({
      nonce: leaf.nonce,
      user_hash,
      amount: formatAmount(leaf.amount),
      hash: levels[0]![leaf.idx]!.hash,
      path: pathOf(levels, leaf.idx),
    })),
  };
}

// ---- the daily job ----

export const dueSnapshot = (tx: Tx, now: Date, limit: number) =>
  limit > 0 ? repo.dueSchedule(tx, iso(now)) : Promise.resolve([]);

export async function oldestDueSnapshot(tx: Tx, now: Date): Promise<Date | undefined> {
  const at = await repo.scheduleDueSince(tx, iso(now));
  return at ? new Date(at) : undefined;
}

/**
 * Claims the day's snapshot if the schedule is still due: moves it SNAPSHOT_LEASE_MS on and answers where it moved it
 * (the build, after this claim commits, moves it on from there); a second worker finds it moved.
 */
export async function claimScheduledSnapshot(tx: Tx, scheduleId: number, now: Date): Promise<string | undefined> {
  const leaseEnd = iso(new Date(now.getTime() + SNAPSHOT_LEASE_MS));
  return (await repo.advanceSchedule(tx, scheduleId, iso(now), leaseEnd)) ? leaseEnd : undefined;
}

/**
 * After a claimed build: a published snapshot moves the schedule a day on from `now`; a refused or failed one gives
 * the claim back (due at `now`), so the next run tries again. Unless someone moved it since.
 */
export const afterScheduledBuild = (tx: Tx, scheduleId: number, leaseEnd: string, now: Date, published: boolean) =>
  repo.moveSchedule(tx, scheduleId, leaseEnd, iso(published ? new Date(now.getTime() + DAY_MS) : now));

/**
 * The `proof-prune` job's rows: published snapshots past the kept window whose trees are not yet pruned, and
 * unpublished ones older than STALE_BUILD_MS (builds that stopped half-way).
 */
export const snapshotsToPrune = (tx: Tx, now: Date, limit: number) =>
  repo.snapshotsToPrune(tx, PROOF_TREES_KEPT, iso(new Date(now.getTime() - STALE_BUILD_MS)), limit);

/**
 * Deletes up to STORE_ROWS leaves and nodes of one such snapshot per transaction (a large tree stays due, and the
 * job's next batch goes on; the last one marks it pruned); the root of a published one stays, an unpublished one goes
 * whole.
 */
export async function pruneSnapshot(tx: Tx, ctx: AppContext, snapshot: { id: number; published: boolean }): Promise<void> {
  if (!snapshot.published) {
    if (await dropSomeOfUnpublished(tx, snapshot.id))
      ctx.log.warn({ snapshot: snapshot.id }, 'proof of liabilities: a snapshot whose build stopped half-way was deleted');
    return;
  }
  const { rows, gone } = await deleteSomeOfTree(tx, snapshot.id);
  if (gone) await repo.markTreePruned(tx, snapshot.id);
  ctx.log.info(
    { snapshot: snapshot.id, rows, gone },
    "proof of liabilities: rows of an old snapshot's tree deleted, its root kept",
  );
}
