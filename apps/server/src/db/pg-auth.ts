import type { Client, ClientConfig } from 'pg';
import type { Logger } from '../lib/logger.js';
import type { AuthCache } from './auth-cache.js';

/** the channel the triggers of migration 023 notify, with `schema:user id` */
const AUTH_CHANNEL = 'c2c_auth';

/** the payload's tail (after `schema:`) of a change to the settings (migration 024) */
const SETTINGS_CHANGED = 'settings';

/**
 * Keeps one connection LISTENing for changes made by any process: to customers and sessions (the triggers of migration
 * 023), dropping the customer's entries from `caches.sessions`, and to the settings (migration 024), emptying
 * `caches.settings`. The caches are enabled only while the connection listens: when it is lost, they are disabled
 * (and emptied) at once and the connection opened again every second; back, they start empty, since what changed in
 * between went unheard.
 */
export function listenForAuthChanges(
  Base: typeof Client,
  options: ClientConfig,
  caches: { sessions: AuthCache<object>; settings: AuthCache<object> },
  log: Pick<Logger, 'warn'>,
): { close(): Promise<void> } {
  const cache = caches.sessions;
  const both = [caches.sessions, caches.settings];
  let closed = false;
  let client: Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const lost = (err?: unknown) => {
    for (const kept of both) kept.disable();
    const was = client;
    client = undefined;
    if (was) void was.end().catch(() => undefined);
    if (closed || retry) return;
    log.warn(
      { err: err instanceof Error ? err.message : err },
      'not listening for session and settings changes: their caches are off',
    );
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
        const tail = n.payload.slice(ours.length);
        if (tail === SETTINGS_CHANGED) {
          caches.settings.clear();
          return;
        }
        const id = Number(tail);
        if (Number.isSafeInteger(id)) cache.dropUser(id);
        else cache.clear();
      });
      await c.query(`LISTEN ${AUTH_CHANNEL}`);
      if (client !== c || closed) return;
      for (const kept of both) kept.enable();
    } catch (err) {
      if (client === c) lost(err);
    }
  };
  void open();
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      for (const kept of both) kept.disable();
      const was = client;
      client = undefined;
      await was?.end().catch(() => undefined);
    },
  };
}
