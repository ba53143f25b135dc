import {
  AliasNode,
  ColumnNode,
  type CompiledQuery,
  DeleteQueryNode,
  InsertQueryNode,
  type OperationNode,
  RawNode,
  TableNode,
  UpdateQueryNode,
} from 'kysely';

/**
 * What a node keeps of the sessions it has read with their customers, so that a signed-in call does not read them
 * again on every request (on PostgreSQL one query of a read call's two) — and, in a cache of its own, of the settings
 * rows (`settings.storedSettings`: a withdrawal's range and the VIP levels' daily limits, not read again by every
 * withdrawal). It is a cache of security and money decisions, so it is emptied before it could be wrong:
 * - a change to a customer or a session made by this process drops that customer's entries at once, and again when
 *   the transaction that made it ends (committed or rolled back) — before its caller is answered (`database.ts`); a
 *   change to the settings empties the settings' cache the same way (`changeOf`);
 * - a change made by another process: on PostgreSQL every node hears it through LISTEN/NOTIFY from triggers on
 *   `users` and `sessions` (migration 023) and drops the customer's entries, and on `settings` (migration 024) and
 *   empties the settings' cache; while the node is not listening (not yet, or its listening connection was lost)
 *   nothing is kept or answered from either. On SQLite a commit by another connection to the file
 *   (`PRAGMA data_version`) empties them before the next answer.
 * - a read that began before a change to its customer is not kept, even when its answer comes after the change was
 *   heard (`ticket`);
 * - every entry is read again after `ttlMs` at the latest (a restore or a TRUNCATE fires no trigger).
 * A session's sliding expiry (`touched_at`, `expires_at` pushed forward) drops nothing: a kept entry's expiry is the
 * earlier one, and the node that pushes it drops its own entry (`resolveCustomerSession`).
 *
 * Another node hears of a change only after it was answered, so a cache whose entries decide who is signed in on
 * several nodes (PostgreSQL's sessions) also needs a version they share (`sharedVersion`: Redis), read once per use
 * (`version`): an entry is answered only under the version it was read at, and a node that changes a customer or a
 * session moves the version on after its COMMIT and before its caller is answered. Without it nothing is kept.
 */
export class AuthCache<V extends object> {
  readonly #entries = new Map<string, { value: V; userId: number; at: number; version: string }>();
  /** reads the version every node shares, when the cache needs one (`needsSharedVersion`) */
  #shared: (() => Promise<string>) | undefined;
  /** when each customer's entries were last dropped, in `#seq` */
  readonly #droppedAt = new Map<number, number>();
  #seq = 0;
  #clearedAt = 0;
  #enabled = false;
  /** false when the data may have changed unheard since the last call (SQLite: another connection committed) */
  #fresh: () => boolean = () => true;

  constructor(
    readonly ttlMs = 10_000,
    readonly max = 10_000,
    /** entries are kept and answered only under a version shared by every node (`sharedVersion`) */
    readonly needsSharedVersion = false,
  ) {}

  /** Gives the cache the version every node shares (one per deployment); `read` fails when it cannot be read. */
  sharedVersion(read: () => Promise<string>): void {
    this.#shared = read;
  }

  /**
   * The version to `get` and `put` under, read now: '' when the cache needs none; null when it needs one and has
   * none or cannot read it (then nothing is kept or answered).
   */
  async version(): Promise<string | null> {
    if (!this.needsSharedVersion) return '';
    if (!this.#enabled || !this.#shared) return null;
    try {
      return await this.#shared();
    } catch {
      return null;
    }
  }

  /** Starts keeping entries (the node hears of changes now); `fresh` tells of changes it cannot hear. */
  enable(fresh?: () => boolean): void {
    if (fresh) this.#fresh = fresh;
    this.clear();
    this.#enabled = true;
  }

  /** Stops keeping and answering entries: changes may go unheard (the listening connection was lost). */
  disable(): void {
    this.#enabled = false;
    this.clear();
  }

  get enabled(): boolean {
    return this.#enabled;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Taken before the read whose answer is to be kept (`put`). */
  ticket(): number {
    return this.#seq;
  }

  get(key: string, now = Date.now(), version: string | null = ''): V | undefined {
    if (!this.#enabled || version === null) return undefined;
    if (!this.#fresh()) {
      this.clear();
      return undefined;
    }
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (now - entry.at >= this.ttlMs || entry.version !== version) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /**
   * Keeps what a read begun at `ticket` answered, unless its customer changed (or everything was dropped) since;
   * `version` is the shared one read before that read began.
   */
  put(ticket: number, key: string, userId: number, value: V, now = Date.now(), version: string | null = ''): void {
    if (!this.#enabled || version === null) return;
    if (ticket < this.#clearedAt || ticket < (this.#droppedAt.get(userId) ?? 0)) return;
    if (this.#entries.size >= this.max) this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(key, { value, userId, at: now, version });
  }

  /** Drops one entry (its session was pushed forward by this node). */
  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** Drops a customer's entries: their row or one of their sessions changed. */
  dropUser(userId: number): void {
    const at = ++this.#seq;
    // a bounded record: past it, everything goes at once
    if (this.#droppedAt.size >= 4096) {
      this.clear();
      return;
    }
    this.#droppedAt.set(userId, at);
    for (const [key, entry] of this.#entries) if (entry.userId === userId) this.#entries.delete(key);
  }

  /** Drops every entry. */
  clear(): void {
    this.#clearedAt = ++this.#seq;
    this.#droppedAt.clear();
    this.#entries.clear();
  }
}

/** What a statement changes of what the caches keep (`changeOf`): customers or sessions, the settings rows. */
export const AUTH = 1;
export const SETTINGS = 2;

/** the table a data change names (`update x`, `delete from x`, `insert into x`), without its schema or alias */
function tableOf(node: OperationNode | undefined): string | undefined {
  if (!node) return undefined;
  if (AliasNode.is(node)) return tableOf(node.node);
  return TableNode.is(node) ? node.table.identifier.name : undefined;
}

/** the one change to sessions that needs no drop: the sliding expiry (`extendSession`) only pushes these forward */
const SLIDING = new Set(['touched_at', 'expires_at']);
const slidesExpiry = (node: UpdateQueryNode): boolean =>
  node.updates?.length === SLIDING.size &&
  node.updates.every((u) => ColumnNode.is(u.column) && SLIDING.has(u.column.column.name));

/**
 * What a statement Kysely built changes of what the caches keep, read from its query tree: `AUTH` for any UPDATE or
 * DELETE of `users` and any of `sessions` but the sliding expiry's; `SETTINGS` for any write to `settings`; 0 for
 * reads, other tables and raw SQL (which no code uses to change those tables).
 */
export function changeOf(query: CompiledQuery): number {
  const node = query.query;
  if (InsertQueryNode.is(node)) return tableOf(node.into) === 'settings' ? SETTINGS : 0;
  const update = UpdateQueryNode.is(node) ? node : undefined;
  const table = update ? tableOf(update.table) : DeleteQueryNode.is(node) ? tableOf(node.from.froms[0]) : undefined;
  if (table === 'settings') return SETTINGS;
  if (table === 'users') return AUTH;
  if (table === 'sessions') return update && slidesExpiry(update) ? 0 : AUTH;
  return 0;
}

/**
 * Follows what the statements of one connection's transaction change of what the caches keep (`around` each), telling
 * `onChange` before each such statement is run and again once its transaction has ended (`ended`); after a raw
 * statement in between it is told again.
 */
export class ChangeWatch {
  #changed = 0;
  constructor(private readonly onChange: (what: number, ended: boolean) => void) {}

  /**
   * Runs `query` by `run` (at once, or by a promise), telling of it before it is sent and again once it has run;
   * `open` says whether the connection is still in a transaction then.
   */
  around<R>(query: CompiledQuery, run: () => R, open: () => boolean): R {
    this.#sending(query);
    let result: R;
    try {
      result = run();
    } catch (err) {
      this.#ran(query, open());
      throw err;
    }
    if (!(result instanceof Promise)) {
      this.#ran(query, open());
      return result;
    }
    return result.finally(() => this.#ran(query, open())) as R;
  }

  #sending(query: CompiledQuery): void {
    const changes = changeOf(query);
    if (!changes) return;
    this.#changed |= changes;
    this.onChange(changes, false);
  }

  #ran(query: CompiledQuery, open: boolean): void {
    if (!this.#changed) return;
    if (!open) this.ended();
    // a savepoint rolled back may have undone a change that a read since saw
    else if (RawNode.is(query.query)) this.onChange(this.#changed, false);
  }

  /** Undoes to a savepoint outside `around` (Kysely's own): a read since may have seen what it undid. */
  undone(): void {
    if (this.#changed) this.onChange(this.#changed, false);
  }

  /** the transaction has ended (committed or rolled back) */
  ended(): void {
    const changed = this.#changed;
    if (!changed) return;
    this.#changed = 0;
    this.onChange(changed, true);
  }
}
