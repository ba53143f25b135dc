// The load generator of `bench:http`, run as a child process so it never shares a CPU thread with the server it
// measures. Reads one job (JSON in argv[2]), runs autocannon, prints one JSON line with the figures and the count of
// envelopes answered code 200, with the latencies' counts.
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';

const job = JSON.parse(process.argv[2]);
const { url, path, connections, duration, sessions, unique = false } = job;

let seq = 0;
// a fresh id per request: every write is a distinct operation, never an idempotent repeat of the first
const prefix = `b${randomBytes(4).toString('hex')}`;
const bodyFor = (form) => {
  const fields = { lang: 'en', ...form };
  if (unique) fields.request_id = `${prefix}${(seq++).toString(36).padStart(8, '0')}`;
  return new URLSearchParams(fields).toString();
};

let ok = 0;
let notOk = 0;
const samples = [];
let nextSession = 0;

const instance = autocannon({
  url,
  connections,
  duration,
  requests: [
    {
      method: 'POST',
      path,
      // a connection keeps one customer's session, as one app would
      setupRequest(req, context) {
        context.session ??= sessions[nextSession++ % sessions.length];
        const headers = { 'content-type': 'application/x-www-form-urlencoded' };
        if (context.session.token) headers['x-access-token'] = context.session.token;
        return { ...req, headers, body: bodyFor(context.session.form) };
      },
      onResponse(status, body) {
        let code;
        try {
          code = JSON.parse(body).code;
        } catch {
          code = undefined;
        }
        if (status === 200 && code === 200) ok++;
        else {
          notOk++;
          if (samples.length < 5) samples.push(`${status} ${String(body).slice(0, 160)}`);
        }
      },
    },
  ],
});

// every answer's latency in whole milliseconds, as counts: the runs of one phase are merged into one distribution
const latencies = {};
instance.on('response', (_client, _status, _bytes, responseTime) => {
  const ms = Math.floor(responseTime);
  latencies[ms] = (latencies[ms] ?? 0) + 1;
});

instance.on('done', (r) => {
  process.stdout.write(
    `${JSON.stringify({
      requests: r.requests.average,
      total: r.requests.total,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      ok,
      notOk,
      samples,
      latencies,
    })}\n`,
  );
});
