import { setImmediate as served } from 'node:timers/promises';
import type { AdminProofSnapshot } from '@c2c/shared';
import type { AppContext, Tx } from '../../context.js';
import { readInSlices } from '../../db/open-database.js';
import { afterCommit, inTransaction } from '../../db/transaction.js';
import type { Actor } from '../audit/audit.service.js';
import * as proof from './proof.service.js';

/**
 * A snapshot is work of many transactions, so it is sequenced here, where transactions are opened (as in a route or a
 * job), while every step's rules and SQL stay in proof.service.ts and proof.repository.ts (DESIGN §7). One transaction
 * for the whole snapshot held SQLite's write lock and the event loop for seconds at 100,000 customers:
 * 1. the holdings are one statement on a connection of its own, read in slices (`readInSlices`), and must add up
 *    to the ledger's liabilities before anything is built;
 * 2. the row is written unpublished; the tree is built `storeRowsOn` hashes at a time (proof.tree.ts), each slice's rows
 *    stored in a transaction of their own, with a turn of the event loop between them;
 * 3. the last transaction publishes it with its root hash (and `onPublish` runs in it). A failure deletes what was
 *    stored.
 */
export async function takeSnapshot(
  ctx: AppContext,
  actor: Actor | null,
  now: Date,
  onPublish?: (tx: Tx) => Promise<unknown>,
): Promise<AdminProofSnapshot> {
  const holdings = proof.emptyHoldings();
  await readInSlices(ctx.database, proof.holdingsQuery(ctx.database.db), proof.READ_SLICE, (rows) =>
    proof.addHoldings(holdings, rows),
  );
  const total = proof.checkHoldings(ctx, holdings);
  const tree = await proof.treeOf(holdings);
  const fields = proof.snapshotFields(tree.leafCount, total, actor, now);
  const id = await inTransaction(ctx, (tx) => proof.createUnpublished(tx, fields));
  try {
    for (const rows of tree.rows(id, proof.storeRowsOn(ctx.dialect))) {
      await inTransaction(ctx, (tx) => proof.storeRows(tx, rows));
      // a free SQLite connection runs a transaction without one turn of the event loop: give other calls theirs
      await served();
    }
    const root = tree.root;
    if (!root) throw new Error(`proof snapshot ${id}: the tree was not finished`);
    return await inTransaction(ctx, async (tx) => {
      const snapshot = await proof.publishSnapshot(tx, ctx, id, fields, root, actor, now);
      await onPublish?.(tx);
      return snapshot;
    });
  } catch (err) {
    await dropUnpublished(ctx, id).catch((dropErr: unknown) =>
      ctx.log.error(
        { err: dropErr, snapshot: id },
        'proof of liabilities: a failed build was not deleted; proof-prune deletes it later',
      ),
    );
    throw err;
  }
}

async function dropUnpublished(ctx: AppContext, id: number): Promise<void> {
  // each pass deletes STORE_ROWS rows in a transaction of its own
  while (!(await inTransaction(ctx, (tx) => proof.dropSomeOfUnpublished(tx, id)))) await served();
}

/**
 * The daily job's work: claims the schedule (a lease of SNAPSHOT_LEASE_MS) in the job's transaction and builds after
 * it commits. A published snapshot moves the schedule a day on; a refused or failed one gives the claim back at once;
 * a crashed process's claim runs out after the lease.
 */
export async function runScheduledSnapshot(tx: Tx, ctx: AppContext, scheduleId: number, now: Date): Promise<void> {
  const leaseEnd = await proof.claimScheduledSnapshot(tx, scheduleId, now);
  if (!leaseEnd) return;
  afterCommit(tx, async () => {
    try {
      await takeSnapshot(ctx, null, now, (publishing) => proof.afterScheduledBuild(publishing, scheduleId, leaseEnd, now, true));
    } catch (err) {
      await inTransaction(ctx, (giving) => proof.afterScheduledBuild(giving, scheduleId, leaseEnd, ctx.clock.now(), false));
      throw err;
    }
  });
}
