import type { EventEmitter } from 'node:events';
import type { Client, ClientConfig } from 'pg';
import type { Logger } from '../lib/logger.js';
import { type AuthCache, changesAuth } from './auth-cache.js';

/** the channel the triggers of migration 023 notify, with `schema:user id` */
export const AUTH_CHANNEL = 'c2c_auth';

interface Watchable {
  connection: EventEmitter;
  query(...args: unknown[]): unknown;
}

/**
 * pg's `Client`, telling `onChange` when a statement that changes a customer or a session (`changesAuth`) is sent,
 * and again when its transaction (or the statement, outside one) has ended on this connection: at PostgreSQL's
 * ReadyForQuery with the connection idle again, which comes before the answer of the COMMIT (or of the statement) is
 * handed on. Every client of the pool is one (the lanes' too), so no change made by this process is answered before
 * the node's cache has dropped what it could contradict.
 */
export function clientWatchingAuth(Base: typeof Client, onChange: () => void): typeof Client {
  const Plain = Base as unknown as new (config?: ClientConfig | string) => Watchable;
  class Watched extends Plain {
    /** queries sent, and ReadyForQuery messages answered to them (one each; the start-up's own is not counted) */
    #sent = 0;
    #answered = -1;
    /** the query (by count) that changed a customer or a session, until its transaction has ended; 0: none */
    #changeAt = 0;
    constructor(config?: ClientConfig | string) {
      super(config);
      this.connection.on('readyForQuery', (msg: { status?: string }) => {
        this.#answered++;
        if (this.#changeAt !== 0 && this.#answered >= this.#changeAt && msg.status === 'I') {
          this.#changeAt = 0;
          onChange();
        }
      });
    }
    override query(...args: unknown[]): unknown {
      this.#sent++;
      const config = args[0];
      const text = typeof config === 'string' ? config : (config as { text?: unknown } | undefined)?.text;
      if (typeof text === 'string' && changesAuth(text)) {
        this.#changeAt = this.#sent;
        // at once too: a read of the same transaction after the change is not answered from before it
        onChange();
      }
      return super.query(...args);
    }
  }
  return Watched as unknown as typeof Client;
}

/**
 * Keeps one connection LISTENing for changes to customers and sessions made by any process (the triggers of migration
 * 023) and drops the customer's entries from `cache`. The cache is enabled only while the connection listens: when
 * it is lost, the cache is disabled (and emptied) at once and the connection opened again every second; back, the
 * cache starts empty, since what changed in between went unheard.
 */
export function listenForAuthChanges(
  Base: typeof Client,
  options: ClientConfig,
  cache: AuthCache<object>,
  log: Pick<Logger, 'warn'>,
): { close(): Promise<void> } {
  let closed = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (err?: unknown) => {
    cache.disable();
    const was = client;
    client = undefined;
    if (was) void was.end().catch(() => undefined);
    if (closed || retry) return;
    log.warn({ err: err instanceof Error ? err.message : err }, 'not listening for session changes: the session cache is off');
    retry = setTimeout(() => {
      retry = undefined;
      void open();
    }, 1000);
  };
  const open = async () => {
    if (closed) return;
    const c = new Base(options);
    client = c;
    c.on('error', (err) => {
      if (client === c) lost(err);
    });
    c.on('end', () => {
      if (client === c) lost(new Error('the connection ended'));
    });
    try {
      await c.connect();
      const { rows } = await c.query<{ schema: string }>('select current_schema() as schema');
      const ours = `${rows[0]?.schema}:`;
      c.on('notification', (n: { channel: string; payload?: string }) => {
        if (client !== c || n.channel !== AUTH_CHANNEL || !n.payload?.startsWith(ours)) return;
        const id = Number(n.payload.slice(ours.length));
        if (Number.isSafeInteger(id)) cache.dropUser(id);
        else cache.clear();
      });
      await c.query(`LISTEN ${AUTH_CHANNEL}`);
      if (client !== c || closed) return;
      cache.enable();
    } catch (err) {
      if (client === c) lost(err);
    }
  };
  void open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      cache.disable();
      const was = client;
      client = undefined;
      await was?.end().catch(() => undefined);
    },
  };
}
