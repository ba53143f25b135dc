import { CompiledQuery, type QueryResult } from 'kysely';
import { Slots } from '../lib/slots.js';

// the statements of the group's transaction and of each member's part, compiled once (`begin` is IMMEDIATE, as
// Kysely's is here: `database.ts`)
const BEGIN = CompiledQuery.raw('begin immediate');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');
export const MEMBER = CompiledQuery.raw('savepoint member');
export const MEMBER_DONE = CompiledQuery.raw('release member');
export const MEMBER_UNDONE = CompiledQuery.raw('rollback to member');

/** What runs a compiled query at once on the one SQLite connection (`Database.runNow`). */
export type Run = (query: CompiledQuery) => QueryResult<unknown>;

/** One SQLite transaction that the transactions of one turn of the event loop share (`inSqliteTransaction`). */
export class Group {
  readonly committed: Promise<void>;
  #settle!: (err: unknown) => void;
  /** `run`: what runs the group's BEGIN and COMMIT (the runner of the member that began it) */
  constructor(readonly run: Run) {
    this.committed = new Promise<void>((resolve, reject) => {
      this.#settle = (err) => (err === undefined ? resolve() : reject(err));
    });
    // a group that fails before any member waits for it must not count as an unhandled rejection
    this.committed.catch(() => undefined);
  }
  settle(err?: unknown): void {
    this.#settle(err);
  }
}

/**
 * Group commit on the one SQLite connection. The transactions that run in one turn of the event loop (under load, the
 * requests whose bodies arrived together) are parts of one SQLite transaction: the first takes the connection's lock
 * and BEGINs, each runs in a savepoint of its own, and the group COMMITs once they are done (`setImmediate`). A
 * transaction's caller hears of it only once the group has committed, so nothing is answered that a crash could
 * undo. BEGIN and COMMIT are the costly statements (the file locks, the WAL's frames and the pages that every
 * transaction touches — the newest leaf of each index — written once per group, not once per request).
 *
 * The members run one at a time, in order (`turn`), as transactions did before, each seeing what the ones before it
 * wrote; a member that fails is rolled back to its savepoint alone. Should SQLite end the whole transaction
 * itself (a full disk, an I/O error), or the COMMIT fail, every member of the group fails and none is answered as
 * done. Other users of the connection (Kysely's driver) wait for its lock as before: they never see the group.
 */
export class GroupCommit {
  /** one member (or the COMMIT) at a time, first come first served */
  readonly turn = new Slots(1);
  #open: Group | undefined;
  /**
   * @param lock the connection's lock, which the group holds from its BEGIN to its COMMIT
   * @param inTransaction whether SQLite has a transaction open on the connection
   */
  constructor(
    private readonly lock: Slots,
    private readonly inTransaction: () => boolean,
  ) {}

  /**
   * The open group, or a new one: the connection's lock is taken and BEGIN run. Only for the holder of `turn`. A member
   * joining an open group (most of them, under load) gets it at once, without a promise.
   */
  join(run: Run): Group | Promise<Group> {
    if (this.#open) return this.#open;
    if (this.lock.tryAcquire()) return this.#begin(run);
    return this.lock.acquire().then(() => this.#begin(run));
  }

  #begin(run: Run): Group {
    try {
      run(BEGIN);
    } catch (err) {
      this.lock.release();
      throw err;
    }
    const group = new Group(run);
    this.#open = group;
    setImmediate(() => void this.#commit(group));
    return group;
  }

  /** Ends the group with `err` (SQLite rolled the whole transaction back already). Only for the holder of `turn`. */
  lost(group: Group, err: unknown): void {
    if (this.#open !== group) return;
    this.#open = undefined;
    this.lock.release();
    group.settle(err);
  }

  /** Rolls the group's transaction back if SQLite still has it open; a failure of that is not the cause, so it is dropped. */
  abandon(run: Run): void {
    try {
      if (this.inTransaction()) run(ROLLBACK);
    } catch {
      // whoever abandons reports its own failure, which is the cause
    }
  }

  async #commit(group: Group): Promise<void> {
    // after the members already in line: the ones that wait on real I/O (a file, a hash) finish first
    if (!this.turn.tryAcquire()) await this.turn.acquire();
    try {
      if (this.#open !== group) return;
      this.#open = undefined;
      try {
        group.run(COMMIT);
        group.settle();
      } catch (err) {
        // a failed COMMIT may have ended the transaction already; the members hear of the COMMIT's failure
        this.abandon(group.run);
        group.settle(err);
      } finally {
        this.lock.release();
      }
    } finally {
      this.turn.release();
    }
  }
}
