#!/usr/bin/env node
// The trading simulation: simulated customers recharge, list, take, pay, release, cancel and withdraw for a
// while against two server processes on one database, operators approve recharges and pay out or reject withdrawals;
// then throughput and latency per call, and the proof that the money is right: the server's ledger check, no negative
// account, every released trade's journal, and every customer's balance equal to what the simulation saw happen.
//
//   node trading.mjs [--customers 1000] [--minutes 5] [--quick] [--think-ms 3000] [--concurrency 64]
//                    [--nodes 2] [--port 9510] [--json out.json] [--keep]
//
// SQLite by default (a fresh file); PostgreSQL + Redis when DATABASE_URL / REDIS_URL are set (a fresh schema, a Redis
// database of its own). Exits non-zero on any internal error, non-envelope answer, HTTP status other than 200, or a
// failed check. Builds the server first when its bundle is missing or out of date.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { build } from '../scripts/build.mjs';
import { BANK_FORM, CallFailed, Client, Gate, PNG, totp } from './lib/client.mjs';
import { HOUSE_CODE, Outbox, OWNER, startDeployment } from './lib/deployment.mjs';
import { fromMicro, toMicro, usdt } from './lib/money.mjs';
import { agePayoutAccounts } from './lib/payout-accounts.mjs';
import { CallStats, formatTable } from './lib/stats.mjs';
import { checkTradeJournals } from './lib/trade-journals.mjs';

const { values: args } = parseArgs({
  options: {
    customers: { type: 'string' },
    minutes: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'think-ms': { type: 'string', default: '3000' },
    concurrency: { type: 'string', default: '64' },
    nodes: { type: 'string', default: '2' },
    port: { type: 'string', default: '9510' },
    json: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const CUSTOMERS = Number(args.customers ?? (args.quick ? 100 : 1000));
const MIX_MS = Number(args.minutes ?? (args.quick ? 0.75 : 5)) * 60_000;
const THINK_MS = Number(args['think-ms']);
const CONCURRENCY = Number(args.concurrency);
const NODES = Number(args.nodes);
/** sign-ups hash passwords (argon2id): a few at a time, not a thousand at once */
const SETUP_PARALLEL = 16;
const PASSWORD = 'Passw0rd!bench';
/** one seller in this many customers; the others buy */
const SELLER_SHARE = 0.4;
/** a buyer cancels at most this many trades (three in 24 hours stop them buying: a refusal the run would only repeat) */
const MAX_CANCELS = 2;

/** A process's peak resident memory (VmHWM) in MB, from /proc (Linux); null elsewhere. */
function peakRssMb(pid) {
  try {
    const kb = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * Samples a process's resident memory by kind (Linux): `anon` is its own (heaps, buffers, SQLite's cache), `file` the
 * pages of mapped files it has touched (most of them the node binary: code, ICU data), clean and shared by every node
 * process on the machine though each one's RSS counts them whole. The peaks of each, in MB, when stopped.
 */
function sampleMemory(pid) {
  const peak = { anon: 0, file: 0 };
  const read = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
      peak.anon = Math.max(peak.anon, kb('RssAnon'));
      peak.file = Math.max(peak.file, kb('RssFile'));
    } catch {
      // gone, or not Linux
    }
  };
  const timer = setInterval(read, 500);
  return () => {
    clearInterval(timer);
    read();
    return { anon: Math.round(peak.anon / 1024), file: Math.round(peak.file / 1024) };
  };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const rand = (lo, hi) => lo + Math.floor(Math.random() * (hi - lo + 1));
const chance = (p) => Math.random() < p;
const pick = (list) => list[Math.floor(Math.random() * list.length)];
const think = (scale = 1) => sleep(THINK_MS * scale * (0.5 + Math.random()));

// the compiled server, as `npm start` runs it (built here if missing or out of date)
await build({ targets: ['server'], quiet: true });
const deployment = await startDeployment({
  nodes: NODES,
  basePort: Number(args.port),
  databaseUrl: process.env.DATABASE_URL || undefined,
  redisUrl: process.env.REDIS_URL || undefined,
});
const onPostgres = !!process.env.DATABASE_URL;
let exitCode = 1;
try {
  exitCode = await run();
} catch (err) {
  console.error(`trading simulation failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
} finally {
  await deployment.stop();
  await deployment.remove({ keep: args.keep || exitCode !== 0 });
  if (args.keep || exitCode !== 0)
    console.info(`data kept in ${deployment.dataDir}${deployment.schema ? ` and schema ${deployment.schema}` : ''}`);
}
process.exit(exitCode);

async function run() {
  const urls = deployment.urls;
  const gate = new Gate(CONCURRENCY);
  console.info(
    `trading simulation: ${CUSTOMERS} customers, ${MIX_MS / 1000} s, think ${THINK_MS} ms, at most ${CONCURRENCY} requests in flight, ` +
      `${NODES} nodes (${urls.join(', ')}) on ${onPostgres ? `PostgreSQL${process.env.REDIS_URL ? ' + Redis' : ''}` : 'SQLite'}`,
  );

  // ---- set-up: the owner, a receiving address, customers signed up with a payout account and a first recharge ----
  const setupStats = new CallStats();
  const setup = new Client({ gate, stats: setupStats });
  const t0 = performance.now();
  const signIn = await setup.operator(urls[0], undefined, '/api/admin/v1/auth/login', {
    email: OWNER.email,
    password: OWNER.password,
    totp: totp(OWNER.totpSecret),
  });
  const admin = signIn.data.token;
  await setup.operator(urls[0], admin, '/api/admin/v1/address/create', {
    type: 'TRC20',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  });

  const outbox = new Outbox(deployment.dataDir);
  const customers = Array.from({ length: CUSTOMERS }, (_, i) => ({
    i,
    email: `sim${i}.${process.pid}@bench.example`,
    // distinct client addresses: the sign-up throttles count per address
    ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    node: urls[i % urls.length],
    role: i % 10 < SELLER_SHARE * 10 ? 'seller' : 'buyer',
    token: '',
    bk: '',
    cancels: 0,
    listing: null,
    /** trades this customer bought and has not seen end: id -> { status, quantity } */
    buying: new Map(),
    pendingRecharge: false,
    // what the simulation saw happen to this customer's money, in micro-USDT
    recharged: 0n,
    withdrawn: 0n,
    bought: 0n,
    sold: 0n,
  }));
  const recharges = new Map(); // recharge id -> { customer, amount }
  const withdrawals = new Map(); // withdrawal id -> { customer, amount }
  const trades = new Map(); // trade id -> { buyer, quantity }
  const released = new Map(); // trade id -> quantity
  const tally = {
    listings: 0,
    tradesCreated: 0,
    cancelled: 0,
    paid: 0,
    proofs: 0,
    rechargesApproved: 0,
    rechargesRejected: 0,
    withdrawalsPaid: 0,
    withdrawalsRejected: 0,
  };

  async function recharge(client, c, amount, approveNow) {
    const img = await client.upload(c, PNG);
    const r = await client.customer(c, '/api/v1/recharge/create', {
      type: 'TRC20',
      amount: fromMicro(amount),
      image: img.data.url,
    });
    recharges.set(r.data.id, { customer: c, amount });
    c.pendingRecharge = true;
    if (approveNow) {
      await client.operator(c.node, admin, '/api/admin/v1/recharge/approve', { id: r.data.id });
      decided(recharges, r.data.id, true);
    }
  }

  /** An operator's decision took effect: the customer's expected money follows it. */
  function decided(queue, id, approved) {
    const item = queue.get(id);
    queue.delete(id);
    if (!item) return;
    if (queue === recharges) {
      item.customer.pendingRecharge = false;
      if (approved) item.customer.recharged += item.amount;
      tally[approved ? 'rechargesApproved' : 'rechargesRejected']++;
    } else {
      if (approved) item.customer.withdrawn += item.amount;
      tally[approved ? 'withdrawalsPaid' : 'withdrawalsRejected']++;
    }
  }

  let next = 0;
  await Promise.all(
    Array.from({ length: SETUP_PARALLEL }, async () => {
      while (next < customers.length) {
        const c = customers[next++];
        await setup.customer(c, '/api/v1/sms/send-code', { email: c.email });
        const reg = await setup.customer(c, '/api/v1/user/register', {
          email: c.email,
          code: await outbox.codeFor(c.email),
          password: PASSWORD,
          confirm_password: PASSWORD,
          invite_code: HOUSE_CODE,
        });
        c.token = reg.data.token;
        const bound = await setup.customer(c, '/api/v1/bankinfo/create', BANK_FORM);
        c.bk = String(bound.data.id);
        await recharge(setup, c, c.role === 'seller' ? usdt(rand(2000, 5000)) : usdt(rand(50, 200)), true);
      }
    }),
  );
  // customers withdraw to their accounts from the start: as if they were bound over 24 hours ago
  await agePayoutAccounts({
    dataDir: deployment.dataDir,
    databaseUrl: process.env.DATABASE_URL || undefined,
    schema: deployment.schema,
  });
  const setupSeconds = (performance.now() - t0) / 1000;
  console.info(
    `\nset-up: ${CUSTOMERS} customers signed up, bound a payout account and were credited in ${setupSeconds.toFixed(1)} s`,
  );
  console.info(formatTable(setupStats.rows(setupSeconds)));
  if (setupStats.errorCount) throw new Error(`set-up errors:\n  ${setupStats.errorSamples.join('\n  ')}`);

  // ---- the timed mix ----
  const stats = new CallStats();
  const client = new Client({ gate, stats });
  // operators are a few people at desks, not in the customers' queue: a gate of their own, so a busy market does not
  // starve the review queues
  const desk = new Client({ gate: new Gate(4), stats });
  const cpuBefore = process.cpuUsage();
  const mixStart = performance.now();
  const end = mixStart + MIX_MS;
  const running = () => performance.now() < end;

  async function money(c) {
    const r = await client.customer(c, '/api/v1/userinfo/get-money-info');
    return { available: toMicro(r.data.balance), escrow: toMicro(r.data.escrow) };
  }

  async function withdraw(c, available, most) {
    if (available < usdt(10)) return;
    const cap = available < usdt(most) ? available / 1_000_000n : BigInt(most);
    const amount = usdt(rand(10, Number(cap)));
    const r = await client.customer(c, '/api/v1/withdraw/create', { bk_id: c.bk, amount: fromMicro(amount) }, [
      'insufficient_balance',
      'vip_daily_limit',
    ]);
    if (r.data) withdrawals.set(r.data.id, { customer: c, amount });
  }

  async function sellerStep(c) {
    // the seller's Order page: paid trades waiting for their release
    const paid = await client.customer(c, '/api/v1/trade/list', { status: 'paid', page_size: '20' });
    for (const t of paid.data.list) {
      if (t.role !== 'seller') continue;
      await think(0.1);
      const r = await client.customer(c, '/api/v1/trade/release', { id: String(t.id) }, ['trade_state_changed']);
      if (r.data) {
        const q = toMicro(t.quantity);
        const trade = trades.get(t.id);
        released.set(t.id, q);
        c.sold += q;
        if (trade) trade.buyer.bought += q;
      }
    }
    if (c.listing && chance(0.25)) {
      const mine = await client.customer(c, '/api/v1/selling/order', { mine: '1', page_size: '5' });
      const row = mine.data.list.find((l) => l.id === c.listing);
      if (row?.status !== 'open') c.listing = null;
    }
    if (c.listing && chance(0.03)) {
      const r = await client.customer(c, '/api/v1/selling/cancel', { id: String(c.listing) }, [
        'listing_has_trades',
        'listing_not_open',
      ]);
      if (r.data || r.refused === 'listing_not_open') c.listing = null;
    }
    if (!c.listing || chance(0.1)) {
      const m = await money(c);
      if (!c.listing && m.available >= usdt(100)) {
        const whole = Number(m.available / 1_000_000n);
        const number = Math.min(whole, rand(200, 1000));
        const r = await client.customer(
          c,
          '/api/v1/selling/create',
          {
            number: String(number),
            price: `7.${String(rand(0, 60)).padStart(2, '0')}`,
            currency: 'CNY',
            min: '10',
            max: String(Math.min(number, rand(50, 300))),
            bk_id: c.bk,
            window_minutes: pick(['15', '30', '60']),
          },
          ['insufficient_balance'],
        );
        if (r.data) {
          c.listing = r.data.id;
          tally.listings++;
        }
      } else if (!c.listing && m.escrow < usdt(100) && !c.pendingRecharge) {
        await recharge(client, c, usdt(rand(1000, 3000)), false);
      } else if (chance(0.2)) {
        await withdraw(c, m.available, 300);
      }
    }
  }

  async function buyerStep(c) {
    const waiting = [...c.buying.entries()].find(([, t]) => t.status === 'awaiting_payment');
    if (waiting) {
      const [id, t] = waiting;
      if (c.cancels < MAX_CANCELS && chance(0.1)) {
        const r = await client.customer(c, '/api/v1/trade/cancel', { id: String(id) }, ['trade_state_changed']);
        if (r.data) {
          c.cancels++;
          tally.cancelled++;
          c.buying.delete(id);
        }
        return;
      }
      const body = { id: String(id) };
      if (chance(0.5)) {
        body.image = (await client.upload(c, PNG)).data.url;
        tally.proofs++;
      }
      const r = await client.customer(c, '/api/v1/trade/paid', body, ['trade_state_changed', 'trade_pay_expired']);
      if (r.data) {
        t.status = 'paid';
        tally.paid++;
      } else c.buying.delete(id);
      return;
    }
    // paid trades: the buyer looks whether the seller released
    for (const [id, t] of c.buying) {
      if (t.status !== 'paid' || !chance(0.3)) continue;
      const d = await client.customer(c, '/api/v1/trade/detail', { id: String(id) });
      if (d.data.status !== 'paid') c.buying.delete(id);
      break;
    }
    if (c.buying.size < 2 && chance(0.8)) {
      const hall = await client.customer(c, '/api/v1/selling/order', { page: String(rand(1, 5)), page_size: '20' });
      const open = hall.data.list.filter((l) => !l.mine && toMicro(l.remaining) >= toMicro(l.min));
      if (open.length) {
        const l = pick(open);
        const top = Math.min(Number(toMicro(l.max) / 1_000_000n), Number(toMicro(l.remaining) / 1_000_000n));
        const number = rand(Math.ceil(Number(toMicro(l.min)) / 1e6), Math.max(top, 10));
        const r = await client.customer(c, '/api/v1/trade/create', { selling_id: String(l.id), number: String(number) }, [
          'listing_quantity_short',
          'listing_not_open',
          'amount_too_small',
          'amount_too_large',
        ]);
        if (r.data) {
          c.buying.set(r.data.id, { status: 'awaiting_payment', quantity: usdt(number) });
          trades.set(r.data.id, { buyer: c, quantity: usdt(number) });
          tally.tradesCreated++;
        }
        return;
      }
    }
    if (chance(0.25)) {
      const m = await money(c);
      if (m.available >= usdt(10)) await withdraw(c, m.available, 500);
      else if (!c.pendingRecharge && chance(0.3)) await recharge(client, c, usdt(rand(20, 200)), false);
    }
  }

  async function customerLoop(c) {
    await sleep(Math.random() * THINK_MS);
    while (running()) {
      await (c.role === 'seller' ? sellerStep(c) : buyerStep(c));
      await think();
    }
  }

  /** An operator works the recharge and withdrawal queues on one node; two of them meet on the same items at times. */
  async function operatorLoop(node) {
    while (running()) {
      for (const queue of ['recharge', 'withdraw']) {
        const items = new Map(queue === 'recharge' ? recharges : withdrawals);
        const list = await desk.operator(node, admin, `/api/admin/v1/${queue}/list`, { status: 'auditing', page_size: 50 });
        for (const row of list.data.list) {
          if (!running()) break;
          if (!items.has(row.id)) continue;
          const approve = chance(queue === 'recharge' ? 0.95 : 0.85);
          const r = approve
            ? await desk.operator(
                node,
                admin,
                `/api/admin/v1/${queue}/approve`,
                queue === 'recharge' ? { id: row.id } : { id: row.id, reference: `BENCH-${row.id}` },
                ['state_conflict'],
              )
            : await desk.operator(node, admin, `/api/admin/v1/${queue}/reject`, { id: row.id, reason: 'bench: not received' }, [
                'state_conflict',
              ]);
          if (r.data) decided(queue === 'recharge' ? recharges : withdrawals, row.id, approve);
        }
      }
      await sleep(500 + Math.random() * 1000);
    }
  }

  const guard = (p) =>
    p.catch((err) => {
      // an error is counted in the stats already; the simulated person stops, the run goes on and fails at the end
      if (!(err instanceof CallFailed)) throw err;
    });
  const memory = deployment.pids.map(sampleMemory);
  const progress = setInterval(() => {
    const s = (performance.now() - mixStart) / 1000;
    console.info(`  ${s.toFixed(0)} s: ${stats.total()} calls, ${released.size} trades released, ${stats.errorCount} errors`);
  }, 30_000);
  await Promise.all([...customers.map((c) => guard(customerLoop(c))), ...urls.map((u) => guard(operatorLoop(u)))]);
  clearInterval(progress);
  const mixSeconds = (performance.now() - mixStart) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const generatorCpu = (cpu.user + cpu.system) / 1e6 / mixSeconds;
  const peakRss = deployment.pids.map(peakRssMb);
  const peakKinds = memory.map((stop) => stop());
  const rows = stats.rows(mixSeconds);
  const volume = [...released.values()].reduce((a, b) => a + b, 0n);
  console.info(
    `\ntimed mix: ${mixSeconds.toFixed(1)} s, ${stats.total()} calls, ${(stats.total() / mixSeconds).toFixed(1)} req/s over all`,
  );
  console.info(formatTable(rows));
  console.info(
    `server peak RSS per node: ${peakRss.map((m, i) => `${m} MB (peaks during the mix: anonymous ${peakKinds[i].anon} MB, mapped files ${peakKinds[i].file} MB)`).join(', ')}; ` +
      `the load generator used ${(generatorCpu * 100).toFixed(0)}% of one core`,
  );
  console.info(
    `trades: ${tally.tradesCreated} taken, ${tally.paid} paid (${tally.proofs} with proof), ${released.size} released (${fromMicro(volume)} USDT), ` +
      `${tally.cancelled} cancelled; ${tally.listings} listings; recharges ${tally.rechargesApproved} approved, ${tally.rechargesRejected} rejected; ` +
      `withdrawals ${tally.withdrawalsPaid} paid, ${tally.withdrawalsRejected} rejected`,
  );

  // ---- the proof ----
  const problems = [];
  if (stats.errorCount) problems.push(`${stats.errorCount} errors:\n    ${stats.errorSamples.join('\n    ')}`);
  // every customer's money equals what the simulation saw: recharges approved - withdrawals paid + bought - sold
  const check = new CallStats();
  const reader = new Client({ gate, stats: check });
  let mismatched = 0;
  await Promise.all(
    customers.map(async (c) => {
      const r = await reader.customer(c, '/api/v1/userinfo/get-money-info');
      const want = c.recharged - c.withdrawn + c.bought - c.sold;
      if (toMicro(r.data.total) !== want) {
        if (++mismatched <= 5) problems.push(`customer ${c.i}: total ${r.data.total}, expected ${fromMicro(want)}`);
      }
    }),
  );
  if (mismatched) problems.push(`${mismatched} customers' totals differ from what the simulation saw`);
  await deployment.stop();
  const ledger = await deployment.ledgerCheck();
  console.info(`\n${ledger.output}`);
  if (!ledger.ok) problems.push('the ledger check failed');
  const journals = await checkTradeJournals(
    { dataDir: deployment.dataDir, databaseUrl: process.env.DATABASE_URL || undefined, schema: deployment.schema },
    released,
  );
  problems.push(...journals.problems.slice(0, 20));
  if (journals.completed !== released.size || journals.volume !== volume)
    problems.push(
      `database: ${journals.completed} completed trades (${fromMicro(journals.volume)} USDT); simulation: ${released.size}`,
    );
  console.info(
    `balances: ${CUSTOMERS - mismatched} of ${CUSTOMERS} customers hold exactly what their recharges, withdrawals and trades add up to`,
  );
  console.info(
    `journals: ${journals.completed} completed trades, each with one release journal moving its quantity from the seller's escrow to the buyer; ` +
      `${journals.problems.length} problems; no negative customer account: ${!journals.problems.some((p) => p.includes('negative'))}`,
  );

  // the machine's load says how far the figures are this code's: other work on it slows every call alike
  const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}, ${os.platform()}, load average ${os.loadavg()[1].toFixed(1)} (5 min)`;
  console.info(`machine: ${machine}`);
  if (args.json) {
    fs.writeFileSync(
      args.json,
      JSON.stringify(
        {
          machine,
          database: onPostgres ? 'postgresql' : 'sqlite',
          customers: CUSTOMERS,
          nodes: NODES,
          setup: { seconds: setupSeconds, calls: setupStats.rows(setupSeconds) },
          mix: { seconds: mixSeconds, calls: rows, peakRssMb: peakRss, peakMemoryMb: peakKinds, generatorCpu },
          trades: { ...tally, released: released.size, volume: fromMicro(volume) },
          problems,
        },
        null,
        2,
      ),
    );
  }
  if (problems.length) {
    console.error(`\nFAILED:\n  ${problems.join('\n  ')}`);
    return 1;
  }
  console.info('\nOK: no errors, ledger clean, balances and trade journals match');
  return 0;
}
