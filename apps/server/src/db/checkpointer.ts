import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints, run from a worker thread on a connection of its own instead of on the serving connection.
 *
 * In WAL mode every commit appends pages to `c2c.sqlite-wal`; a checkpoint copies them back into the database file and
 * fsyncs it. SQLite's automatic checkpoint runs inside the commit that crosses `wal_autocheckpoint` pages, on the
 * connection that committed — ours is the event loop's — so every ~1,000 pages one request waited for 1,000 page
 * writes and an fsync (tens of milliseconds under load: the write p99). Here a worker runs
 * `PRAGMA wal_checkpoint(PASSIVE)` every `intervalMs`: it never waits for a lock and never blocks a writer or a reader
 * (SQLite lets a checkpoint run beside them), and it syncs as a checkpoint on the serving connection would
 * (`synchronous = NORMAL`), so a reset WAL never drops a page that is not durably in the database file.
 *
 * The serving connection keeps a (larger) `wal_autocheckpoint` as the bound on the WAL: the WAL file can only start
 * over once a checkpoint has copied every frame and a writer then begins, which a busy server rarely offers the
 * worker; the serving connection's own checkpoint finds almost every frame already copied, so it is cheap, and it
 * still bounds the file if this worker were stopped or failed.
 *
 * The worker is unref'd (it never keeps the process alive) until it is asked to stop; then it is held until it has
 * closed its connection. A worker that ends unasked (a crash, its heap limit) is reported and started again, after
 * 1 s, doubling to at most a minute while it keeps ending.
 */
export interface Checkpointer {
  /** one checkpoint now, answered when it is done: SQLite's `wal_checkpoint` row (tests) */
  checkpointNow(): Promise<CheckpointResult>;
  /** stops the timer and closes the worker's connection */
  stop(): Promise<void>;
  /** how often its thread was started again after it ended unasked */
  restarts(): number;
  /** ends its thread as a crash would (tests): it is started again after the restart delay */
  crash(): Promise<void>;
}

/** `busy` 1 when it could not finish, `log` frames in the WAL, `checkpointed` frames copied into the database file */
interface CheckpointResult {
  busy: number;
  log: number;
  checkpointed: number;
}

/** how often the worker checkpoints: often enough that each checkpoint copies a few hundred pages at most */
const CHECKPOINT_INTERVAL_MS = 100;
/** the first wait before a thread that ended unasked is started again; doubled on each end, up to a minute */
const RESTART_MS = 1000;
const MAX_RESTART_MS = 60_000;

// CommonJS, evaluated in the worker. The SQLite package is imported by its resolved URL (the worker has no module
// resolution of ours: it runs the same under the bundle in dist/ and under Vitest).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
import(workerData.sqliteUrl).then(({ default: SQLite }) => {
  const db = new SQLite(workerData.file);
  db.pragma('busy_timeout = 0');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -64');
  const checkpoint = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
  let failed = false;
  const timer = setInterval(() => {
    try {
      checkpoint();
      failed = false;
    } catch (err) {
      // reported once per run of failures (a file being replaced, a full disk): the serving connection's own
      // automatic checkpoint still bounds the WAL meanwhile
      if (!failed) parentPort.postMessage({ error: String(err && err.message || err) });
      failed = true;
    }
  }, workerData.intervalMs);
  parentPort.on('message', (m) => {
    if (m.type === 'now') {
      try {
        parentPort.postMessage({ id: m.id, result: checkpoint() });
      } catch (err) {
        parentPort.postMessage({ id: m.id, error: String(err && err.message || err) });
      }
    } else if (m.type === 'stop') {
      clearInterval(timer);
      try { db.close(); } catch {}
      // ends this thread now: a closed port alone did not end it on Node 24, and the server waits for this exit
      process.exit(0);
    }
  });
  parentPort.postMessage({ ready: true });
}, (err) => parentPort.postMessage({ error: String(err && err.message || err) }));
`;

const sqliteUrl = pathToFileURL(createRequire(import.meta.url).resolve('@c2c/sqlite')).href;

/**
 * Starts the checkpointer for `file` (already in WAL mode) beside the serving connection; whoever closes that connection
 * stops it (`database.ts`). `onError` hears a failing checkpoint (default: one line on stderr).
 */
export function startCheckpointer(
  file: string,
  { intervalMs = CHECKPOINT_INTERVAL_MS, onError = defaultOnError, restartMs = RESTART_MS } = {},
): Checkpointer {
  let worker: Worker;
  /** settles when the current worker has exited */
  let ended: Promise<void>;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (r: CheckpointResult) => void; reject: (e: Error) => void }>();
  let stopped = false;
  let restarts = 0;
  let backoff = restartMs;
  let restartTimer: NodeJS.Timeout | undefined;
  let startedAt = 0;

  const spawn = () => {
    startedAt = Date.now();
    const w = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, sqliteUrl, intervalMs },
      // a connection and a timer: the smallest heap V8 allows is plenty
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 16 },
      stdout: false,
      stderr: false,
    });
    w.unref();
    worker = w;
    ended = new Promise<void>((resolve) => w.once('exit', () => resolve()));
    w.on('message', (m: { id?: number; result?: CheckpointResult; error?: string }) => {
      const pending = m.id === undefined ? undefined : waiting.get(m.id);
      if (pending && m.id !== undefined) {
        waiting.delete(m.id);
        if (m.result) pending.resolve(m.result);
        else pending.reject(new Error(m.error ?? 'checkpoint failed'));
      } else if (m.error) onError(new Error(m.error));
    });
    w.on('error', (err) => onError(err));
    w.once('exit', (code) => {
      for (const pending of waiting.values()) pending.reject(new Error('the checkpointer stopped'));
      waiting.clear();
      if (stopped) return;
      // ended without being asked (a crash, its heap limit): started again, sooner when it had run a while; the
      // serving connection's own checkpoint bounds the WAL meanwhile
      if (Date.now() - startedAt > 60_000) backoff = restartMs;
      onError(new Error(`the checkpointer's thread ended (exit code ${code}); starting it again in ${backoff} ms`));
      restartTimer = setTimeout(() => {
        restartTimer = undefined;
        if (stopped) return;
        restarts++;
        spawn();
      }, backoff);
      restartTimer.unref();
      backoff = Math.min(backoff * 2, MAX_RESTART_MS);
    });
  };
  spawn();

  const stop = (): Promise<void> => {
    if (!stopped) {
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      // held until it has closed its connection (a caller awaiting `ended` on an unref'd worker would see the
      // process end under it); a worker that does not end within 2 s is terminated
      const w = worker;
      w.ref();
      w.postMessage({ type: 'stop' });
      const timer = setTimeout(() => void w.terminate(), 2000);
      timer.unref();
      void ended.then(() => clearTimeout(timer));
    }
    return ended;
  };
  return {
    checkpointNow() {
      if (stopped) return Promise.reject(new Error('the checkpointer stopped'));
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ type: 'now', id });
      });
    },
    stop,
    restarts: () => restarts,
    crash: async () => {
      const was = ended;
      await worker.terminate();
      await was;
    },
  };
}

function defaultOnError(err: Error) {
  process.stderr.write(`SQLite checkpointer: ${err.message}\n`);
}
