#!/usr/bin/env node
// bench:data's load generator, a process of its own (the bench's own has just generated millions of rows, and its
// garbage collections would land in the figures). It reads one job as JSON on standard input and writes its result as
// JSON on standard output:
//   { base, path, body, token, n, warmup }  `n` calls of one call, 2 at a time, after `warmup` of them:
//                                           { p50, p99, data } (data: the last answer's)
//   { base, proofSince, token, waitMs }      get-info calls, 2 at a time, until a proof snapshot taken at or after
//                                           `proofSince` is published: { seconds, leaves, p50, p99 }
// Every answer must be code 200.
import http from 'node:http';

const job = JSON.parse(
  await new Promise((resolve) => {
    const chunks = [];
    process.stdin.on('data', (c) => chunks.push(c));
    process.stdin.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  }),
);
const CONCURRENCY = 2;

/**
 * node:http on kept-alive connections, one per concurrent caller: `fetch` (undici) spent a sizeable time of its own per
 * call and its garbage collections landed in the p99, which is the server's budget.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 2 });
function post(pathName, body, token) {
  const form = new URLSearchParams({ lang: 'en', ...body }).toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${job.base}${pathName}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(form),
          'x-access-token': token ?? '',
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (answer.code === 200) resolve(answer.data);
          else reject(new Error(`${pathName}: code ${answer.code} ${answer.msg}`));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(form);
  });
}

const quantile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

/** calls of `once`, CONCURRENCY at a time, for as long as `more()` says yes; each one's time handed to `seen` */
async function loop(once, more, seen) {
  await Promise.all(
    [...Array(CONCURRENCY)].map(async () => {
      while (more()) {
        const t = performance.now();
        await once();
        seen(performance.now() - t);
      }
    }),
  );
}

let result;
if (job.proofSince) {
  const started = performance.now();
  const times = [];
  let root;
  const waiting = () => !root && performance.now() - started < job.waitMs;
  const watch = async () => {
    while (waiting()) {
      const newest = (await post('/api/v1/proof/roots', { page: '1', page_size: '1' })).list[0];
      if (newest && newest.created_at >= job.proofSince) root = newest;
      else await new Promise((r) => setTimeout(r, 250));
    }
  };
  await Promise.all([
    loop(
      () => post('/api/v1/userinfo/get-info', {}, job.token),
      waiting,
      (ms) => times.push(ms),
    ),
    watch(),
  ]);
  if (!root) throw new Error(`the day's proof snapshot was not published within ${job.waitMs / 1000} s`);
  times.sort((a, b) => a - b);
  result = {
    seconds: ((performance.now() - started) / 1000).toFixed(1),
    leaves: root.leaf_count,
    p50: quantile(times, 0.5),
    p99: quantile(times, 0.99),
  };
} else {
  let data;
  const once = async () => {
    data = await post(job.path, job.body, job.token);
  };
  const counter = (n) => () => n-- > 0;
  // warmed up as a node that has served a while is: a node just started compiles its code as the calls come, and its
  // first calls are much slower than its later ones
  await loop(once, counter(job.warmup), () => {});
  const times = [];
  await loop(once, counter(job.n), (ms) => times.push(ms));
  times.sort((a, b) => a - b);
  result = { p50: quantile(times, 0.5), p99: quantile(times, 0.99), data };
}
agent.destroy();
process.stdout.write(JSON.stringify(result));
