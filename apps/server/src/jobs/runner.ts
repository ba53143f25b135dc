import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setImmediate as served } from 'node:timers/promises';
import type { AppContext, Tx } from '../context.js';
import { inTransaction, withSavepoint } from '../db/transaction.js';
import { iso } from '../lib/clock.js';
import * as repo from './jobs.repository.js';

/**
 * Timed work on rows whose time has come (expired sessions, trades past their deadline), run by every server
 * process. A run claims due rows in batches, each batch in one transaction, and works each row under a
 * savepoint of its own: a row that fails is undone alone, logged and retried at the next run.
 *
 * - `due` answers at most `limit` rows due at `now`, oldest first, locked with `.forUpdate().skipLocked()`.
 *   On PostgreSQL another process's claim skips the rows this one holds, so no row is worked twice; on SQLite
 *   the clauses are dropped (every transaction holds the single write lock) and a lease keeps each job to one
 *   process at a time.
 * - `work` does one row in the claiming transaction. It re-checks the row's state in its write (a conditional
 *   update or delete), so working a row again changes nothing, and leaves the row no longer due at `now`.
 */
export interface Job<Row extends { id: number }> {
  /** unique; names the lease and the log lines */
  name: string;
  /** how long the runner waits between two runs of this job */
  everyMs: number;
  /** rows claimed per transaction */
  batch?: number;
  due(tx: Tx, now: Date, limit: number): Promise<Row[]>;
  /**
   * When the oldest row still due at `now` became due, undefined when none is: the job's lag (`c2c_job_lag_seconds`).
   * A plain read that locks nothing, never `due`, whose row locks would hold back the runners' claims.
   */
  oldestDue?(tx: Tx, now: Date): Promise<Date | undefined>;
  work(tx: Tx, ctx: AppContext, row: Row, now: Date): Promise<unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of different row types
export type AnyJob = Job<any>;

/** What one run of a job did. */
export interface JobRun {
  job: string;
  /** rows worked and committed */
  worked: number;
  /** rows whose work failed; they stay due and the next run tries them again */
  failed: number;
  /**
   * set when the run ended with rows perhaps still due: another process holds the job's lease (SQLite), the
   * run reached its batch limit (the next run follows within a second), an error (logged), or the app closing
   */
  stoppedBy?: 'lease' | 'limit' | 'error' | 'close';
}

export interface JobRunner {
  /** runs every job once, now; a run of the same job already under way finishes first */
  tick(): Promise<JobRun[]>;
  /** runs each job every `everyMs` from now on, the first time after a random part of that */
  start(): void;
  /** clears the timers and waits for the runs under way, which stop after their current batch */
  stop(): Promise<void>;
}

export interface RunnerOptions {
  /** who holds leases (default: host, process id and a random tag) */
  holder?: string;
  /** how long a lease lasts unless renewed; a run renews it before every batch */
  leaseMs?: number;
  /** the longest wait between two runs of a job, whatever its `everyMs` (JOB_INTERVAL_MAX_MS) */
  maxEveryMs?: number;
  /** told of every run when it ends, with its duration in seconds (the metrics count runs with it) */
  onRun?: (run: JobRun, seconds: number) => void;
}

const BATCH = 100;
/** batches in one run, so a backlog shares the process with other jobs and work between runs */
const BATCHES_PER_RUN = 50;
const LEASE_MS = 60_000;
const FIRST_RUN_WITHIN_MS = 10_000;
const AFTER_LIMIT_MS = 1_000;

export function createJobRunner(ctx: AppContext, jobs: readonly AnyJob[], opts: RunnerOptions = {}): JobRunner {
  const names = new Set(jobs.map((j) => j.name));
  if (names.size !== jobs.length) throw new Error('job names must be unique');
  const holder = opts.holder ?? `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const leaseMs = opts.leaseMs ?? LEASE_MS;
  const leased = ctx.dialect === 'sqlite';
  const every = (job: AnyJob) => Math.min(job.everyMs, opts.maxEveryMs ?? job.everyMs);
  const running = new Map<string, Promise<JobRun>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let started = false;
  let closed = false;

  const takeLease = (name: string) =>
    inTransaction(ctx, (tx) => {
      const now = ctx.clock.now();
      return repo.takeLease(tx, name, holder, iso(now), iso(new Date(now.getTime() + leaseMs)));
    });

  async function runOnce(job: AnyJob): Promise<JobRun> {
    const run: JobRun = { job: job.name, worked: 0, failed: 0 };
    const log = ctx.log.child({ job: job.name });
    const batch = job.batch ?? BATCH;
    const now = ctx.clock.now();
    // rows that failed in this run: they stay due, so the next claims ask for more rows and pass over them
    const failed = new Set<number>();
    let holding = false;
    try {
      for (let round = 0; ; round++) {
        if (closed) {
          run.stoppedBy = 'close';
          break;
        }
        // a free SQLite connection runs a batch without one turn of the event loop: calls get theirs between batches
        if (round > 0) await served();
        if (round === BATCHES_PER_RUN) {
          run.stoppedBy = 'limit';
          break;
        }
        if (leased) {
          holding = await takeLease(job.name);
          if (!holding) {
            run.stoppedBy = 'lease';
            break;
          }
        }
        const limit = batch + failed.size;
        const claim = await inTransaction(ctx, async (tx) => {
          const rows = (await job.due(tx, now, limit)) as { id: number }[];
          const fresh = rows.filter((r) => !failed.has(r.id)).slice(0, batch);
          const failures: number[] = [];
          for (const row of fresh) {
            try {
              await withSavepoint(tx, () => job.work(tx, ctx, row, now));
            } catch (err) {
              failures.push(row.id);
              log.error({ err, id: row.id }, 'job failed on a row; the next run tries it again');
            }
          }
          return { claimed: rows.length, fresh: fresh.length, failures };
        });
        for (const id of claim.failures) failed.add(id);
        run.worked += claim.fresh - claim.failures.length;
        run.failed += claim.failures.length;
        if (claim.claimed < limit || claim.fresh === 0) break;
      }
    } catch (err) {
      run.stoppedBy = 'error';
      log.error({ err }, 'job run failed; the next run tries again');
    } finally {
      if (holding) {
        await inTransaction(ctx, (tx) => repo.releaseLease(tx, job.name, holder)).catch((err) =>
          log.error({ err }, 'job lease not released; it runs out by itself'),
        );
      }
    }
    return run;
  }

  /** Runs a job after the run of it already under way, so one runner never runs a job twice at once. */
  function runJob(job: AnyJob): Promise<JobRun> {
    const before = running.get(job.name);
    const next = (before ?? Promise.resolve()).then(async () => {
      const started = performance.now();
      const run = await runOnce(job);
      opts.onRun?.(run, (performance.now() - started) / 1000);
      return run;
    });
    running.set(job.name, next);
    void next.then(() => {
      if (running.get(job.name) === next) running.delete(job.name);
    });
    return next;
  }

  function schedule(job: AnyJob, delayMs: number) {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(job.name);
      void runJob(job).then((run) => schedule(job, run.stoppedBy === 'limit' ? AFTER_LIMIT_MS : every(job)));
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    tick: () => Promise.all(jobs.map(runJob)),
    start() {
      if (started || closed) return;
      started = true;
      for (const job of jobs) schedule(job, Math.random() * Math.min(every(job), FIRST_RUN_WITHIN_MS));
    },
    async stop() {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
