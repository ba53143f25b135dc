import { CompiledQuery } from 'kysely';
import type { Pool } from 'pg';
import { isSkipped } from './pg-query.js';
import { isStalePlan, PgSession } from './pg-session.js';
import { type PlainLanes, staleStatements } from './pg-shared.js';

/** A change a transaction sent at once (`sendChecked`, `lastly`), with the mark its failure gets. */
export interface SentChange {
  change: CompiledQuery;
  mark: (err: unknown) => unknown;
}

/**
 * A transaction that sent everything at once, waiting for its COMMIT: its changes checked on the way (`sendChecked`),
 * then the one it sends last (`lastly`), and the place it takes among the transactions of its group (`order`: the
 * customer whose rows it locks, `lockOrder`).
 */
export interface Member {
  order: number;
  checked: SentChange[];
  last: SentChange[];
}

/**
 * Failed with every other member of its group's transaction: nothing of it was kept, and it runs again on its own
 * (`inPgTransaction`), where its own failure, if it has one, is answered as it would have been alone.
 */
export class GroupFailed extends Error {
  constructor(cause: unknown) {
    super('a transaction committed in a group failed with its group: it runs again on its own', { cause });
  }
}

/** batches of one key in flight at a time on this node: the second's changes run while the first commits */
const IN_FLIGHT = 2;
/** members of one batch at most: each adds its changes to one transaction's locks and undo */
const MEMBERS_AT_MOST = 32;
/**
 * how long a batch of several waits for a row locked elsewhere (an operator's transaction, a careful run) before the
 * member whose change waits runs on its own and the others go on without it: one customer's locked rows hold up the
 * key's other calls this long at most, not for as long as the lock is held
 */
export const GROUP_LOCK_TIMEOUT_MS = 250;
const LOCK_TIMEOUT = CompiledQuery.raw(`select set_config('lock_timeout', '${GROUP_LOCK_TIMEOUT_MS}ms', true)`);

/**
 * The order of the customers in a batch: the ledger's order of row locks (`prepareJournal`: by the account's owner,
 * `user:<id>`, compared as text), so that a batch and a journal that touches two customers' accounts (a trade's
 * release) take them in the same order, and one batch and another in one order too.
 */
const lockOrder = (a: number, b: number): number => {
  const x = `user:${a}`;
  const y = `user:${b}`;
  return x < y ? -1 : x > y ? 1 : 0;
};

interface Waiting extends Member {
  done: (err?: unknown) => void;
  /** it was in a batch that failed for another member's change: in a second, it runs on its own */
  again?: true;
}

interface Queue {
  waiting: Waiting[];
  running: number;
  scheduled: boolean;
}

/**
 * PostgreSQL's group commit for the transactions that send all they change at once and share one hot row (the offer
 * every sale to it reserves from, `commitsWith`). Each such transaction alone holds that row's lock from its change to
 * its COMMIT and the WAL flush behind it, and the next one waits for both, then has to be woken and scheduled: on a
 * busy machine they pass the row on at the pace of the scheduler, a few hundred a second. Here the transactions of one
 * key that are ready in the same turn of the event loop, or while the batches before them run, commit as one: BEGIN,
 * every member's checked changes in the order of the customers they lock (`order`), then every member's last change
 * (the hot row, locked once, last), and one COMMIT, in one write and one flush. Members lock rows in one order across
 * batches — the customers in the ledger's order (`lockOrder`), the hot row last — so two batches cannot deadlock on each other.
 *
 * A batch that fails, whatever failed, keeps nothing: a batch of one answers as the transaction alone would (its
 * change's failure, marked as its own). In a larger one the member whose change failed hears `GroupFailed` and runs
 * again on its own, and the others go on in a batch without it, once (`#run`); a row locked elsewhere fails a batch of
 * several after `GROUP_LOCK_TIMEOUT_MS`, so that one customer's locked rows do not hold up everyone's calls.
 */
export class PgCommitGroups {
  readonly #queues = new Map<string, Queue>();
  constructor(
    private readonly pool: Pool,
    private readonly lanes: PlainLanes,
  ) {}

  /** Commits `member` with the others of `key`: resolves once its changes have committed, fails when they did not. */
  commit(key: string, member: Member): Promise<void> {
    let queue = this.#queues.get(key);
    if (!queue) {
      queue = { waiting: [], running: 0, scheduled: false };
      this.#queues.set(key, queue);
    }
    const done = new Promise<void>((resolve, reject) => {
      queue.waiting.push({ ...member, done: (err) => (err === undefined ? resolve() : reject(err)) });
    });
    this.#schedule(key, queue);
    return done;
  }

  /** Starts a batch once the turn's members have joined, when a batch of the key may run. */
  #schedule(key: string, queue: Queue): void {
    if (queue.scheduled || queue.running >= IN_FLIGHT || !queue.waiting.length) return;
    queue.scheduled = true;
    setImmediate(() => {
      queue.scheduled = false;
      if (queue.running >= IN_FLIGHT || !queue.waiting.length) return;
      const batch = queue.waiting.splice(0, MEMBERS_AT_MOST);
      queue.running++;
      void this.#run(batch)
        .catch((err: unknown) => {
          // not a failure of the batch's statements (those are answered in #run): none of it is known to have committed
          for (const m of batch) m.done(new GroupFailed(err));
          return [];
        })
        .then((again) => {
          queue.waiting.unshift(...again);
          queue.running--;
          if (!queue.running && !queue.waiting.length) this.#queues.delete(key);
          else this.#schedule(key, queue);
        });
    });
  }

  /**
   * Runs one batch; answers the members to run again in the next: when a member's own change failed in a batch of
   * several, that member runs again on its own (`GroupFailed`: it may have failed only for a change of another member
   * before it, the same customer's or the same offer's) and the others go on in the group without it, once — one
   * customer's refused calls cost the others one more batch, and at most a run of their own after that.
   */
  async #run(batch: Waiting[]): Promise<Waiting[]> {
    const alone = batch.length === 1;
    const members = alone ? batch : [...batch].sort((a, b) => lockOrder(a.order, b.order));
    const session = new PgSession(this.pool, this.lanes);
    /** the member whose change failed first (those behind it were skipped, `isSkipped`) */
    let culprit: Waiting | undefined;
    try {
      const send = (m: Waiting, { change, mark }: SentChange) =>
        // a member's failure as the member alone would hear it; in a group, whose it was
        session.sendLast(
          change,
          alone
            ? mark
            : (err) => {
                if (!culprit && !isSkipped(err)) culprit = m;
                return err;
              },
        );
      if (!alone) await session.sendLast(LOCK_TIMEOUT, (err) => err);
      for (const m of members) for (const c of m.checked) await send(m, c);
      for (const m of members) for (const c of m.last) await send(m, c);
      await session.commit();
    } catch (err) {
      session.release(await session.rollback());
      if (alone) {
        members[0]!.done(err);
        return [];
      }
      // alone, the member's own runner sees a stale plan
      if (isStalePlan(err)) staleStatements();
      if (!culprit) {
        for (const m of members) m.done(new GroupFailed(err));
        return [];
      }
      culprit.done(new GroupFailed(err));
      const again: Waiting[] = [];
      for (const m of batch) {
        if (m === culprit) continue;
        if (m.again) m.done(new GroupFailed(err));
        else again.push({ ...m, again: true });
      }
      return again;
    }
    for (const m of members) m.done();
    session.release(true);
    return [];
  }
}

const groups = new WeakMap<Pool, PgCommitGroups>();
/** The group commits of the database whose pool is `pool`. */
export function commitGroupsOf(pool: Pool, lanes: PlainLanes): PgCommitGroups {
  let g = groups.get(pool);
  if (!g) {
    g = new PgCommitGroups(pool, lanes);
    groups.set(pool, g);
  }
  return g;
}
