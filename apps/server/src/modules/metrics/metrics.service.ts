import { MICRO } from '@c2c/shared';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext, Tx } from '../../context.js';
import type { AnyJob, JobRun } from '../../jobs/runner.js';
import { passwordHashLoad } from '../../lib/crypto.js';
import { customerLiabilities, pendingQueues, type Queue } from '../dashboard/dashboard.service.js';
import { USER_ACCOUNT_KINDS } from '../ledger/ledger.service.js';

/**
 * The Prometheus metrics of one server process (each process serves its own; Prometheus sums them). Labels are bounded:
 * the route pattern (never the raw URL), the method and the class of the envelope's `code`.
 */
export interface Metrics {
  readonly registry: Registry;
  /** one answered request: its route pattern, method, envelope code class and duration */
  observeRequest(route: string, method: string, code: string, seconds: number): void;
  /** one finished job run (the job runner's `onRun`) */
  observeJob(run: JobRun, seconds: number): void;
  /** reads the review queues, the ledger totals and the jobs' lag into their gauges (each scrape, before the text is written) */
  readState(tx: Tx): Promise<void>;
  /** the scrape could not read them: the gauges keep their last values and `c2c_metrics_database_up` says 0 */
  stateUnreadable(): void;
}

const QUEUES: readonly Queue[] = ['recharges', 'withdrawals', 'merchant_sales', 'disputes'];
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * The class of an answer, for the `code` label: `ok` for the envelope's 200, `unauthorized` for -1, the hundred of a
 * catalogue code otherwise (`11xx` validation, `13xx` …), `http_<status>` for an answer that is not an envelope
 * (static files, redirects).
 */
export function codeClass(envelopeCode: number | null, status: number): string {
  if (envelopeCode === null) return `http_${status}`;
  if (envelopeCode === 200) return 'ok';
  if (envelopeCode === -1) return 'unauthorized';
  if (envelopeCode >= 1000 && envelopeCode < 10_000) return `${Math.floor(envelopeCode / 100)}xx`;
  return 'other';
}

/** micro-USDT as a USDT number (a gauge is a float; the cents of a large total survive) */
const usdt = (micro: bigint) => Number(micro / MICRO) + Number(micro % MICRO) / Number(MICRO);

/** @param jobs the jobs whose lag (`oldestDue`) each scrape reads */
export function createMetrics(ctx: AppContext, jobs: readonly AnyJob[] = []): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'c2c_' });

  const requests = new Histogram({
    name: 'c2c_http_request_duration_seconds',
    help: 'Answered HTTP requests by route pattern, method and envelope code class, with their duration',
    labelNames: ['route', 'method', 'code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'c2c_job_runs_total',
    help: 'Runs of the timed jobs by outcome: ok, row_failures (some rows failed), or why a run stopped early (lease, limit, error, close)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobRows = new Counter({
    name: 'c2c_job_rows_total',
    help: 'Rows the timed jobs worked (result=worked) or failed on (result=failed; they are retried)',
    labelNames: ['job', 'result'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'c2c_job_run_duration_seconds',
    help: 'Duration of the runs of the timed jobs',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  const jobLastRun = new Gauge({
    name: 'c2c_job_last_run_timestamp_seconds',
    help: 'When each timed job last finished a run (Unix time)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const lagged = jobs.filter((j) => j.oldestDue);
  const jobLag = new Gauge({
    name: 'c2c_job_lag_seconds',
    help: 'How long the oldest row due for each timed job has waited past its time (0 when none is due)',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  const pending = new Gauge({
    name: 'c2c_review_queue_pending',
    help: 'Rows waiting for an operator: recharges, withdrawals and merchant sales being audited, disputed trades',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'c2c_review_queue_oldest_age_seconds',
    help: 'How long the oldest row of each review queue has waited (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const liabilities = new Gauge({
    name: 'c2c_ledger_customer_balance_usdt',
    help: 'What the platform owes its customers, from the ledger: the sum of customer account balances by account kind',
    labelNames: ['kind'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'c2c_password_hashes',
    help: 'Password hashes (argon2id, 19 MiB each) running now and waiting for their turn (PASSWORD_HASH_CONCURRENCY)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const load = passwordHashLoad();
      this.set({ state: 'running' }, load.running);
      this.set({ state: 'waiting' }, load.waiting);
    },
  });
  const dbUp = new Gauge({
    name: 'c2c_metrics_database_up',
    help: '1 when the last scrape read the queues and ledger totals from the database, 0 when that failed',
    registers: [registry],
  });

  return {
    registry,
    observeRequest(route, method, code, seconds) {
      requests.observe({ route, method: METHODS.has(method) ? method : 'other', code }, seconds);
    },
    observeJob(run, seconds) {
      const outcome = run.stoppedBy ?? (run.failed > 0 ? 'row_failures' : 'ok');
      jobRuns.inc({ job: run.job, outcome });
      if (run.worked) jobRows.inc({ job: run.job, result: 'worked' }, run.worked);
      if (run.failed) jobRows.inc({ job: run.job, result: 'failed' }, run.failed);
      jobDuration.observe({ job: run.job }, seconds);
      jobLastRun.set({ job: run.job }, Date.now() / 1000);
    },
    async readState(tx) {
      const queues = await pendingQueues(tx);
      const totals = await customerLiabilities(tx);
      const now = ctx.clock.now().getTime();
      for (const q of QUEUES) {
        const row = queues[q];
        pending.set({ queue: q }, row.count);
        oldest.set({ queue: q }, row.oldest ? Math.max(0, (now - Date.parse(row.oldest)) / 1000) : 0);
      }
      for (const job of lagged) {
        const at = await job.oldestDue!(tx, new Date(now));
        jobLag.set({ job: job.name }, at ? Math.max(0, (now - at.getTime()) / 1000) : 0);
      }
      liabilities.reset();
      for (const kind of new Set([...USER_ACCOUNT_KINDS, ...totals.keys()])) {
        liabilities.set({ kind }, usdt(totals.get(kind) ?? 0n));
      }
      dbUp.set(1);
    },
    stateUnreadable() {
      dbUp.set(0);
    },
  };
}
