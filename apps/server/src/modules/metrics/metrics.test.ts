import { API } from '@c2c/shared';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { credit, ownerToken, PNG, serverForFile, signUp, uniqueEmail, upload } from '../../../test/harness.js';
import { interestProduct, subscribe } from '../../../test/products.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** the value of one sample of the exposition text (labels in any order), or undefined */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = new Map([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have.get(k) === v)) return Number(m[3]);
  }
  return undefined;
}

describe('GET /metrics from this machine (no METRICS_TOKEN)', () => {
  const s = serverForFile();

  const scrape = async () => {
    const res = await fetch(`${s.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  it('counts requests by route pattern, method and envelope code class, never by raw URL', async () => {
    const before = await scrape();
    const okBefore =
      sample(before, 'c2c_http_request_duration_seconds_count', { route: API.sendCode, method: 'POST', code: 'ok' }) ?? 0;
    for (let i = 0; i < 3; i++) expect((await s.call(API.sendCode, { email: uniqueEmail('m') })).code).toBe(200);
    // a refusal: a validation error answers HTTP 200 with a catalogue code of the 11xx class
    expect((await s.call(API.sendCode, { email: 'not-an-address' })).code).toBeGreaterThan(1000);
    for (const p of ['/no/such/path-1', '/no/such/path-2']) await fetch(s.url + p, { method: 'POST' });
    const text = await scrape();
    expect(sample(text, 'c2c_http_request_duration_seconds_count', { route: API.sendCode, method: 'POST', code: 'ok' })).toBe(
      okBefore + 3,
    );
    const refused = text
      .split('\n')
      .filter(
        (l) =>
          l.startsWith('c2c_http_request_duration_seconds_count') &&
          l.includes(`route="${API.sendCode}"`) &&
          !l.includes('code="ok"'),
      );
    expect(refused.join('\n')).toMatch(/code="1[0-9]xx"\} 1$/);
    expect(sample(text, 'c2c_http_request_duration_seconds_count', { route: '(unmatched)', method: 'POST', code: '10xx' })).toBe(
      2,
    );
    expect(text).not.toContain('path-1');
    // the histogram has its buckets and a sum
    expect(
      sample(text, 'c2c_http_request_duration_seconds_bucket', { route: API.sendCode, method: 'POST', code: 'ok', le: '+Inf' }),
    ).toBe(okBefore + 3);
    // default process metrics
    expect(text).toContain('c2c_process_cpu_user_seconds_total');
    expect(text).toContain('c2c_nodejs_eventloop_lag_seconds');
  });

  it('counts job runs by job and outcome, with their duration', async () => {
    const runs = await s.jobs.tick();
    expect(runs.length).toBeGreaterThan(0);
    const text = await scrape();
    for (const run of runs) {
      const outcome = run.stoppedBy ?? (run.failed ? 'row_failures' : 'ok');
      expect(sample(text, 'c2c_job_runs_total', { job: run.job, outcome }), run.job).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'c2c_job_run_duration_seconds_count', { job: run.job }), run.job).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'c2c_job_last_run_timestamp_seconds', { job: run.job })).toBeGreaterThan(Date.now() / 1000 - 60);
    }
  });

  it('shows the pending review queues and the customer liabilities from the ledger on each scrape', async () => {
    const admin = await ownerToken(s);
    const before = await scrape();
    expect(sample(before, 'c2c_review_queue_pending', { queue: 'recharges' })).toBe(0);
    expect(sample(before, 'c2c_review_queue_pending', { queue: 'disputes' })).toBe(0);
    expect(sample(before, 'c2c_metrics_database_up', {})).toBe(1);
    expect(sample(before, 'c2c_password_hashes', { state: 'running' })).toBe(0);
    expect(sample(before, 'c2c_password_hashes', { state: 'waiting' })).toBe(0);
    const available = sample(before, 'c2c_ledger_customer_balance_usdt', { kind: 'available' }) ?? 0;

    const customer = await signUp(s);
    await s.admin('/api/admin/v1/address/create', { type: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, admin);
    const img = await upload(s, customer.token, PNG);
    const created = await s.call<{ id: number }>(
      API.rechargeCreate,
      { type: 'TRC20', amount: '125.5', image: img.body.data.url },
      customer.token,
    );
    expect(created.code).toBe(200);
    s.clock.advance(90_000);
    const pending = await scrape();
    expect(sample(pending, 'c2c_review_queue_pending', { queue: 'recharges' })).toBe(1);
    expect(sample(pending, 'c2c_review_queue_oldest_age_seconds', { queue: 'recharges' })).toBeGreaterThanOrEqual(90);
    expect(sample(pending, 'c2c_ledger_customer_balance_usdt', { kind: 'available' })).toBe(available);

    expect((await s.admin('/api/admin/v1/recharge/approve', { id: created.data.id }, admin)).code).toBe(200);
    const approved = await scrape();
    expect(sample(approved, 'c2c_review_queue_pending', { queue: 'recharges' })).toBe(0);
    expect(sample(approved, 'c2c_review_queue_oldest_age_seconds', { queue: 'recharges' })).toBe(0);
    expect(sample(approved, 'c2c_ledger_customer_balance_usdt', { kind: 'available' })).toBeCloseTo(available + 125.5, 6);
    expect(sample(approved, 'c2c_ledger_customer_balance_usdt', { kind: 'escrow' })).toBe(0);
  });

  it('refuses a client that came through a proxy, since a proxy on this host makes every socket loopback', async () => {
    const res = await fetch(`${s.url}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 1302 });
    const forwarded = await fetch(`${s.url}/metrics`, { headers: { forwarded: 'for=203.0.113.7' } });
    expect(forwarded.status).toBe(403);
  });
});

describe('job lag', () => {
  const s = serverForFile();

  const lags = async () => {
    const text = await (await fetch(`${s.url}/metrics`)).text();
    const of = (job: string) => sample(text, 'c2c_job_lag_seconds', { job });
    return {
      interest: of('settle-interest'),
      codes: of('purge-email-codes'),
      expire: of('expire-trades'),
      dispute: of('dispute-silent-sellers'),
      sends: of('purge-email-sends'),
    };
  };

  it('is how long the oldest due row has waited, per job, and 0 once the job has run', async () => {
    expect(await lags()).toEqual({ interest: 0, codes: 0, expire: 0, dispute: 0, sends: 0 });
    const admin = await ownerToken(s);
    const product = await interestProduct(s, admin, { name: 'Daily', days: 1, max: '100' });
    const customer = await signUp(s);
    await credit(s, admin, customer.token, '50');
    const order = await subscribe(s, customer, product, '20');
    expect(order.code, order.msg).toBe(200);
    // a day and 12 minutes on: the order expired 12 minutes ago, the record of the sign-up code's sending (kept a day)
    // has been due for 12 minutes, the code itself (10 minutes' life, kept a day after) for 2
    s.clock.advance(86_400_000 + 12 * 60_000);
    /** a lag of `from` seconds up to, not including, `to` */
    const waited = (from: number, to: number) => expect.toSatisfy((n: number) => n >= from && n < to, `${from} to ${to} s`);
    expect(await lags()).toEqual({
      interest: waited(720, 780),
      codes: waited(120, 180),
      expire: 0,
      dispute: 0,
      sends: waited(720, 780),
    });

    const runs = await s.jobs.tick();
    expect(runs.find((r) => r.job === 'settle-interest')?.worked).toBe(1);
    expect(await lags()).toEqual({ interest: 0, codes: 0, expire: 0, dispute: 0, sends: 0 });
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  const s = serverForFile({ env: { METRICS_TOKEN: TOKEN } });

  it('answers only the bearer of the token, wherever it comes from', async () => {
    const none = await fetch(`${s.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.text()).not.toContain('c2c_');
    const wrong = await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN.slice(0, -1)}x` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${s.url}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain('c2c_review_queue_pending');
  });
});

describe('GET /metrics when the database cannot be read', () => {
  const s = serverForFile();

  it('still serves the process metrics, keeps the gauges and says the read failed', async () => {
    const first = await (await fetch(`${s.url}/metrics`)).text();
    expect(sample(first, 'c2c_metrics_database_up', {})).toBe(1);
    await sql`alter table merchant_sales rename to merchant_sales_away`.execute(s.db);
    try {
      const res = await fetch(`${s.url}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(sample(text, 'c2c_metrics_database_up', {})).toBe(0);
      expect(sample(text, 'c2c_review_queue_pending', { queue: 'recharges' })).toBe(0);
      expect(text).toContain('c2c_process_cpu_user_seconds_total');
    } finally {
      await sql`alter table merchant_sales_away rename to merchant_sales`.execute(s.db);
    }
    const back = await (await fetch(`${s.url}/metrics`)).text();
    expect(sample(back, 'c2c_metrics_database_up', {})).toBe(1);
  });
});
