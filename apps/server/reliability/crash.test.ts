import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_API, API, type Envelope, OK } from '@c2c/shared';
import * as esbuild from 'esbuild';
import { Redis } from 'ioredis';
import { TOTP } from 'otpauth';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import type { Database } from '../src/db/database.js';
import { openDatabase } from '../src/db/open-database.js';
import { withPgUser } from '../src/db/pg-url.js';
import { inTransaction } from '../src/db/transaction.js';
import { checkLedger } from '../src/modules/ledger/ledger.service.js';
import { figure, n } from '../test/figures.js';
import {
  adminCall,
  agePayoutAccounts,
  BANK_FORM,
  customerCall,
  decodeMail,
  HOUSE_CODE,
  OWNER,
  PASSWORD,
  PNG,
  urlOfChild,
} from '../test/harness.js';

/**
 * Crashes: a real server process under mixed money writes from concurrent clients is killed with SIGKILL at a random
 * moment, restarted on the same database, and the database is then held against what the clients were told. Every
 * write answered 200 must be there with the effect it was answered with; every business row's state must agree with
 * its journals (whatever happened to the requests nobody answered: all of it or none); the ledger must check clean and
 * the holding accounts must equal what the rows hold. On SQLite (a data directory of its own) and PostgreSQL (a schema
 * of its own, with Redis), in one run. CRASH_ROUNDS sets the rounds per database (default 20).
 */
const ROUNDS = Number(process.env.CRASH_ROUNDS) || 20;
const CUSTOMERS = 10;
const CLIENTS = 6;
/**
 * The kill comes at a random moment once the round's load has had this many writes answered (so a round is under load
 * however slow the machine), up to KILL_SPREAD_MS later.
 */
const WRITES_BEFORE_KILL = 8;
const KILL_SPREAD_MS = 1500;
const SERVER_DIR = path.resolve(import.meta.dirname, '..');

let bundleDir: string;
let entry: string;

beforeAll(async () => {
  // bundled like the production build (build.mjs): a bundle starts in well under tsx's time, and there are 42 starts
  bundleDir = fs.mkdtempSync(path.join(SERVER_DIR, '.test-dist-'));
  await esbuild.build({
    absWorkingDir: SERVER_DIR,
    entryPoints: [{ in: 'reliability/crash-node.ts', out: 'crash-node' }],
    outdir: bundleDir,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'external-packages',
        setup(build) {
          build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@c2c/') ? undefined : { external: true }));
        },
      },
    ],
  });
  entry = path.join(bundleDir, 'crash-node.js');
});
afterAll(() => {
  if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
});

/** One deployment: a database (SQLite file or PostgreSQL schema), the server process on it, and a reading connection. */
class Deployment {
  readonly dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-crash-'));
  readonly schema: string;
  readonly redisPrefix: string;
  readonly env: Record<string, string>;
  child?: ChildProcess;
  url = '';
  db?: Database;
  readonly startMs: number[] = [];

  constructor(readonly kind: 'sqlite' | 'postgres') {
    const tag = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    this.schema = kind === 'postgres' ? `crash_${tag}` : '';
    this.redisPrefix = `test:crash_${tag}:`;
    this.env = {
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'silent',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      ADMIN_TOTP_SECRET: OWNER.totpSecret,
      HOUSE_INVITE_CODE: HOUSE_CODE,
      SEED_DEMO: 'false',
      TRUST_PROXY: 'true',
      REDIS_PREFIX: this.redisPrefix,
      ...(kind === 'postgres'
        ? { DATABASE_URL: process.env.DATABASE_URL!, DATABASE_SCHEMA: this.schema, REDIS_URL: process.env.REDIS_URL! }
        : {}),
    };
  }

  async start(): Promise<void> {
    const started = performance.now();
    const { PATH, HOME } = process.env;
    const child = spawn(process.execPath, [entry], {
      env: { PATH: PATH ?? '', HOME: HOME ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.url = await urlOfChild(child, 'server', 120_000);
    this.startMs.push(performance.now() - started);
  }

  /** kill -9: no shutdown hook runs, open transactions die with the process */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  async open(): Promise<Database> {
    this.db ??= await openDatabase(loadConfig({ ...this.env }));
    return this.db;
  }

  async remove(): Promise<void> {
    await this.kill();
    await this.db?.close();
    fs.rmSync(this.dataDir, { recursive: true, force: true });
    if (this.kind === 'postgres') {
      const c = new pg.Client({ connectionString: withPgUser(process.env.DATABASE_URL!) });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS "${this.schema}" CASCADE`);
      await c.end();
      const redis = new Redis(process.env.REDIS_URL!);
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${this.redisPrefix}*`, 'COUNT', 500);
        if (keys.length) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
    }
  }
}

interface Customer {
  id: number;
  token: string;
  bk: string;
}

/** A write that was answered 200, with what the answer promised. */
type Ack =
  | {
      kind: 'withdraw' | 'sale' | 'listing' | 'interest' | 'recharge';
      id: number;
      user: number;
      amount: bigint;
      requestId?: string;
    }
  | { kind: 'trade'; id: number; user: number; amount: bigint; listing: number; requestId: string }
  | {
      kind:
        | 'withdraw-paid'
        | 'withdraw-rejected'
        | 'sale-paid'
        | 'sale-rejected'
        | 'recharge-approved'
        | 'listing-cancelled'
        | 'trade-paid'
        | 'trade-released'
        | 'trade-cancelled';
      id: number;
    };

const USDT = 1_000_000n;
const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];
const amountOf = (whole: number) => `${whole}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
const micro = (s: string) => {
  const [whole, frac = ''] = s.split('.');
  return BigInt(whole!) * USDT + BigInt(frac.padEnd(6, '0'));
};

/**
 * The load and what it was told: clients pick writes that fit what earlier answers said exists (a trade on a listing
 * answered 200, a release of a trade answered paid, …). A reference may have gone stale in a crash; the server then
 * refuses it with a business code, which counts as refused.
 */
class Load {
  readonly acks: Ack[] = [];
  unanswered = 0;
  refused = 0;
  /** the refusals' messages and how often each came: printed when a kind of write never succeeded */
  readonly refusals = new Map<string, number>();
  readonly openListings = new Map<number, number>();
  readonly awaiting = new Map<number, { buyer: number; seller: number }>();
  readonly paid = new Map<number, { buyer: number; seller: number }>();
  readonly auditing = { withdraw: new Set<number>(), sale: new Set<number>(), recharge: new Set<number>() };

  constructor(
    readonly d: Deployment,
    readonly customers: Customer[],
    readonly admin: string,
    readonly merchant: number,
    readonly product: number,
  ) {}

  private call<T = Record<string, unknown>>(path: string, body: Record<string, string>, token: string) {
    return customerCall(this.d.url)<T>(path, body, token);
  }
  private adminCall(path: string, body: Record<string, unknown>) {
    return adminCall(this.d.url)(path, body, this.admin);
  }

  /** Runs `op`; a thrown fetch (the connection died with the process) is an unanswered request. */
  private async answer<T>(op: () => Promise<Envelope<T>>): Promise<Envelope<T> | undefined> {
    try {
      const res = await op();
      if (res.code !== OK) {
        this.refused++;
        this.refusals.set(res.msg, (this.refusals.get(res.msg) ?? 0) + 1);
      }
      return res.code === OK ? res : undefined;
    } catch (err) {
      // only a connection that died is no answer; anything else (an answer off its contract) fails the test
      if (!(err instanceof TypeError && err.message === 'fetch failed')) throw err;
      this.unanswered++;
      return undefined;
    }
  }

  private readonly ops: [number, () => Promise<void>][] = [
    [3, this.withdraw.bind(this)],
    [2, this.sale.bind(this)],
    [2, this.listing.bind(this)],
    [4, this.take.bind(this)],
    [3, this.pay.bind(this)],
    [3, this.release.bind(this)],
    [1, this.cancelTrade.bind(this)],
    [1, this.cancelListing.bind(this)],
    [2, this.interest.bind(this)],
    [1, this.recharge.bind(this)],
    [1, this.approveRecharge.bind(this)],
    [2, this.reviewWithdrawal.bind(this)],
    [1, this.reviewSale.bind(this)],
  ];

  private next(): () => Promise<void> {
    const total = this.ops.reduce((s, [w]) => s + w, 0);
    let r = Math.random() * total;
    for (const [w, op] of this.ops) {
      r -= w;
      if (r < 0) return op;
    }
    return this.ops[0]![1];
  }

  /** `clients` loops of random writes until `stop()` says so (the process was killed under them). */
  async run(clients: number, stopped: () => boolean): Promise<void> {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (!stopped()) await this.next()();
      }),
    );
  }

  private anyone() {
    return pick(this.customers)!;
  }

  private async withdraw() {
    const c = this.anyone();
    const amount = amountOf(10);
    const requestId = randomUUID();
    const r = await this.answer(() =>
      this.call<{ id: number }>(API.withdrawCreate, { bk_id: c.bk, amount, request_id: requestId }, c.token),
    );
    if (!r) return;
    this.acks.push({ kind: 'withdraw', id: r.data.id, user: c.id, amount: micro(amount), requestId });
    this.auditing.withdraw.add(r.data.id);
  }

  private async sale() {
    const c = this.anyone();
    const amount = amountOf(2);
    const requestId = randomUUID();
    const r = await this.answer(() =>
      this.call<{ id: number }>(
        API.saleuCreateOrder,
        { saleu_id: String(this.merchant), number: amount, bk_id: c.bk, request_id: requestId },
        c.token,
      ),
    );
    if (!r) return;
    this.acks.push({ kind: 'sale', id: r.data.id, user: c.id, amount: micro(amount), requestId });
    this.auditing.sale.add(r.data.id);
  }

  private async listing() {
    const c = this.anyone();
    const requestId = randomUUID();
    const r = await this.answer(() =>
      this.call<{ id: number }>(
        API.sellingCreate,
        {
          number: '20',
          price: '7.25',
          currency: 'CNY',
          min: '1',
          max: '20',
          window_minutes: '15',
          bk_id: c.bk,
          request_id: requestId,
        },
        c.token,
      ),
    );
    if (!r) return;
    this.acks.push({ kind: 'listing', id: r.data.id, user: c.id, amount: 20n * USDT, requestId });
    this.openListings.set(r.data.id, c.id);
  }

  private async take() {
    const listing = pick([...this.openListings]);
    if (!listing) return this.listing();
    const buyer = pick(this.customers.filter((c) => c.id !== listing[1]))!;
    const amount = amountOf(1);
    const requestId = randomUUID();
    const r = await this.answer(() =>
      this.call<{ id: number }>(
        API.tradeCreate,
        { selling_id: String(listing[0]), number: amount, request_id: requestId },
        buyer.token,
      ),
    );
    if (!r) return;
    this.acks.push({ kind: 'trade', id: r.data.id, user: buyer.id, amount: micro(amount), listing: listing[0], requestId });
    this.awaiting.set(r.data.id, { buyer: buyer.id, seller: listing[1] });
  }

  private tokenOf(id: number) {
    return this.customers.find((c) => c.id === id)!.token;
  }

  private async pay() {
    const t = pick([...this.awaiting]);
    if (!t) return this.take();
    this.awaiting.delete(t[0]);
    const r = await this.answer(() => this.call(API.tradePaid, { id: String(t[0]) }, this.tokenOf(t[1].buyer)));
    if (!r) return;
    this.acks.push({ kind: 'trade-paid', id: t[0] });
    this.paid.set(t[0], t[1]);
  }

  private async release() {
    const t = pick([...this.paid]);
    if (!t) return this.pay();
    this.paid.delete(t[0]);
    const r = await this.answer(() => this.call(API.tradeRelease, { id: String(t[0]) }, this.tokenOf(t[1].seller)));
    if (r) this.acks.push({ kind: 'trade-released', id: t[0] });
  }

  private async cancelTrade() {
    const t = pick([...this.awaiting]);
    if (!t) return;
    this.awaiting.delete(t[0]);
    const r = await this.answer(() => this.call(API.tradeCancel, { id: String(t[0]) }, this.tokenOf(t[1].buyer)));
    if (r) this.acks.push({ kind: 'trade-cancelled', id: t[0] });
  }

  private async cancelListing() {
    const l = pick([...this.openListings]);
    if (!l) return;
    this.openListings.delete(l[0]);
    const r = await this.answer(() => this.call(API.sellingCancel, { id: String(l[0]) }, this.tokenOf(l[1])));
    if (r) this.acks.push({ kind: 'listing-cancelled', id: l[0] });
  }

  private async interest() {
    const c = this.anyone();
    const amount = amountOf(10);
    const requestId = randomUUID();
    const r = await this.answer(() =>
      this.call<{ id: number }>(
        API.lixibaoCreateOrder,
        { lixibao_id: String(this.product), number: amount, request_id: requestId },
        c.token,
      ),
    );
    if (r) this.acks.push({ kind: 'interest', id: r.data.id, user: c.id, amount: micro(amount), requestId });
  }

  private async recharge() {
    const c = this.anyone();
    const image = await this.answer(() => upload(this.d.url, c.token));
    if (!image) return;
    const amount = amountOf(50);
    const requestId = randomUUID();
    const r = await this.answer(() =>
      this.call<{ id: number }>(
        API.rechargeCreate,
        { type: 'TRC20', amount, image: image.data.url, request_id: requestId },
        c.token,
      ),
    );
    if (!r) return;
    this.acks.push({ kind: 'recharge', id: r.data.id, user: c.id, amount: micro(amount), requestId });
    this.auditing.recharge.add(r.data.id);
  }

  private async approveRecharge() {
    const id = pick([...this.auditing.recharge]);
    if (id === undefined) return this.recharge();
    this.auditing.recharge.delete(id);
    const r = await this.answer(() => this.adminCall(ADMIN_API.rechargeApprove, { id }));
    if (r) this.acks.push({ kind: 'recharge-approved', id });
  }

  private async review(queue: 'withdraw' | 'sale') {
    const id = pick([...this.auditing[queue]]);
    if (id === undefined) return;
    this.auditing[queue].delete(id);
    const paths =
      queue === 'withdraw'
        ? { approve: ADMIN_API.withdrawApprove, reject: ADMIN_API.withdrawReject }
        : { approve: ADMIN_API.saleuApprove, reject: ADMIN_API.saleuReject };
    const approve = Math.random() < 0.6;
    const r = await this.answer(() =>
      approve
        ? this.adminCall(paths.approve, { id, reference: `PAY-${id}` })
        : this.adminCall(paths.reject, { id, reason: 'crash test' }),
    );
    if (r) this.acks.push({ kind: `${queue}-${approve ? 'paid' : 'rejected'}`, id });
  }

  private reviewWithdrawal() {
    return this.review('withdraw');
  }
  private reviewSale() {
    return this.review('sale');
  }
}

async function upload(url: string, token: string) {
  const form = new FormData();
  form.set('lang', 'en');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'shot.png');
  const res = await fetch(`${url}${API.upload}`, { method: 'POST', body: form, headers: { 'x-access-token': token } });
  return (await res.json()) as Envelope<{ id: number; url: string }>;
}

/** Customers with money and a payout account, the owner's session, a merchant offer and an interest product. */
async function arrange(d: Deployment) {
  const admin = adminCall(d.url);
  const login = await admin<{ token: string }>(ADMIN_API.login, {
    email: OWNER.email,
    password: OWNER.password,
    totp: new TOTP({ secret: OWNER.totpSecret, digits: 6, period: 30 }).generate(),
  });
  expect(login.code, login.msg).toBe(OK);
  const token = login.data.token;
  const ok = async <T>(what: string, p: Promise<Envelope<T>>) => {
    const r = await p;
    if (r.code !== OK) throw new Error(`${what}: ${r.msg}`);
    return r.data;
  };
  await ok('address', admin(ADMIN_API.addressCreate, { type: 'TRC20', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' }, token));
  const merchant = await ok(
    'merchant',
    admin<{ id: number }>(
      ADMIN_API.merchantCreate,
      { name: 'Crash OTC', price: '0.92', currency: 'eur', quantity: '1000000', min: '1', max: '500', methods: ['bank'] },
      token,
    ),
  );
  const product = await ok(
    'product',
    admin<{ id: number }>(
      ADMIN_API.lixibaoCreate,
      { name: 'Crash weekly', rate: '1', days: 7, min: '1', max: '500', quota: '10000000' },
      token,
    ),
  );
  const call = customerCall(d.url);
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, async (_, i) => {
      const email = `crash.${i}.${process.pid}@example.com`;
      await ok('send-code', call(API.sendCode, { email }));
      const mail = fs
        .readdirSync(path.join(d.dataDir, 'outbox'))
        .map((f) => decodeMail(fs.readFileSync(path.join(d.dataDir, 'outbox', f), 'utf8')))
        .find((m) => m.includes(`To: ${email}`));
      const code =
        /\b(\d{6})\b/.exec(
          mail
            ?.split(/\r?\n\r?\n/)
            .slice(1)
            .join('\n') ?? '',
        )?.[1] ?? '';
      const user = await ok(
        'register',
        call<{ token: string; user: { id: number } }>(API.register, {
          email,
          code,
          password: PASSWORD,
          confirm_password: PASSWORD,
          invite_code: HOUSE_CODE,
        }),
      );
      const bank = await ok('bind', call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM }, user.token));
      const image = await ok('upload', upload(d.url, user.token));
      const recharge = await ok(
        'recharge',
        call<{ id: number }>(API.rechargeCreate, { type: 'TRC20', amount: '5000', image: image.url }, user.token),
      );
      await ok('approve', admin(ADMIN_API.rechargeApprove, { id: recharge.id }, token));
      return { id: user.user.id, token: user.token, bk: String(bank.id) };
    }),
  );
  // the load withdraws and sells to the accounts at once: as if they were bound over 24 hours ago
  await agePayoutAccounts(await d.open());
  return { admin: token, customers, merchant: merchant.id, product: product.id };
}

/**
 * Holds the database against the answers and itself: what was answered is there, every row's state has exactly its
 * journals, the holding accounts hold what the rows say, the ledger checks clean. Answers the problems found.
 */
async function inspect(db: Database, acks: readonly Ack[], merchantQuantity: bigint) {
  const q = db.db;
  const [withdrawals, sales, listings, trades, orders, recharges, journals, amounts, accounts, merchants, products] =
    await Promise.all([
      q.selectFrom('withdrawals').select(['id', 'user_id', 'amount', 'status', 'request_id']).execute(),
      q.selectFrom('merchant_sales').select(['id', 'user_id', 'quantity as amount', 'status', 'request_id']).execute(),
      q.selectFrom('listings').select(['id', 'user_id', 'quantity as amount', 'remaining', 'status', 'request_id']).execute(),
      q.selectFrom('trades').select(['id', 'buyer_id', 'seller_id', 'listing_id', 'quantity', 'status', 'request_id']).execute(),
      q.selectFrom('interest_orders').select(['id', 'user_id', 'principal as amount', 'status', 'request_id']).execute(),
      q.selectFrom('recharges').select(['id', 'user_id', 'amount', 'status', 'request_id']).execute(),
      q.selectFrom('journals').select(['id', 'kind', 'ref']).execute(),
      // a journal's size: what its legs move (the positive side)
      q
        .selectFrom('postings')
        .select(['journal_id', (e) => e.fn.sum<bigint>('amount').as('moved')])
        .where('amount', '>', 0n)
        .groupBy('journal_id')
        .execute(),
      q.selectFrom('accounts').select(['user_id', 'kind', 'balance']).where('user_id', 'is not', null).execute(),
      q.selectFrom('merchants').select(['quantity']).execute(),
      q.selectFrom('interest_products').select(['sold']).execute(),
    ]);
  const problems: string[] = [];
  const moved = new Map(amounts.map((a) => [a.journal_id, BigInt(a.moved)]));
  const byRef = new Map<string, { kind: string; amount: bigint }[]>();
  for (const j of journals) {
    const list = byRef.get(j.ref) ?? [];
    list.push({ kind: j.kind, amount: moved.get(j.id) ?? 0n });
    byRef.set(j.ref, list);
  }
  const refs = new Set<string>();

  /** the row's journals must be exactly `kinds`, each moving `amount` */
  const expectJournals = (ref: string, status: string, kinds: string[], amount: bigint) => {
    refs.add(ref);
    const found = byRef.get(ref) ?? [];
    const got = found.map((j) => j.kind).sort();
    if (got.join() !== [...kinds].sort().join())
      problems.push(`${ref} is ${status} but its journals are [${got.join(', ')}], not [${kinds.join(', ')}]`);
    for (const j of found)
      if (j.amount !== amount) problems.push(`${ref}: journal ${j.kind} moves ${j.amount}, the row says ${amount}`);
  };

  const review = (prefix: string, rows: { id: number; amount: bigint; status: string }[], kinds: Record<string, string[]>) => {
    for (const r of rows) {
      const expected = kinds[r.status];
      if (!expected) problems.push(`${prefix}:${r.id} has an unknown status ${r.status}`);
      else expectJournals(`${prefix}:${r.id}`, r.status, expected, r.amount);
    }
  };
  review('withdrawal', withdrawals, {
    auditing: ['withdraw'],
    completed: ['withdraw', 'withdraw_paid'],
    rejected: ['withdraw', 'withdraw_refund'],
  });
  review('merchant_sale', sales, {
    auditing: ['merchant_sale'],
    completed: ['merchant_sale', 'merchant_sale_paid'],
    rejected: ['merchant_sale', 'merchant_sale_refund'],
  });
  review('recharge', recharges, { auditing: [], completed: ['recharge'], rejected: [] });
  review('interest_order', orders, { active: ['interest_subscribe'] });
  review(
    'trade',
    trades.map((t) => ({ id: t.id, amount: t.quantity, status: t.status })),
    { awaiting_payment: [], paid: [], cancelled: [], expired: [], disputed: [], completed: ['trade_release'] },
  );
  // a listing: its escrow journal of the full quantity; what it returned is what no trade holds or took
  const unfinished = new Set(['awaiting_payment', 'paid', 'disputed']);
  for (const l of listings) {
    const ref = `listing:${l.id}`;
    refs.add(ref);
    const js = byRef.get(ref) ?? [];
    const escrow = js.filter((j) => j.kind === 'listing_escrow');
    if (escrow.length !== 1 || escrow[0]!.amount !== l.amount)
      problems.push(`${ref} holds ${l.amount} but has escrow journals [${escrow.map((j) => j.amount).join(', ')}]`);
    const returned = js.filter((j) => j.kind === 'listing_return').reduce((s, j) => s + j.amount, 0n);
    const ofListing = trades.filter((t) => t.listing_id === l.id);
    const taken = ofListing.filter((t) => t.status === 'completed').reduce((s, t) => s + t.quantity, 0n);
    const held = ofListing.filter((t) => unfinished.has(t.status)).reduce((s, t) => s + t.quantity, 0n);
    const open = l.status === 'open' ? l.remaining : 0n;
    if (l.amount !== returned + taken + held + open)
      problems.push(
        `${ref} (${l.status}) listed ${l.amount} = returned ${returned} + released ${taken} + in trades ${held} + open ${open}? no`,
      );
  }
  for (const j of journals) if (!refs.has(j.ref)) problems.push(`journal ${j.id} (${j.kind}) names ${j.ref}, which no row is`);

  // the holding accounts hold exactly what the rows hold
  const holds = new Map<string, bigint>();
  const add = (user: number, kind: string, amount: bigint) =>
    holds.set(`${user}/${kind}`, (holds.get(`${user}/${kind}`) ?? 0n) + amount);
  for (const w of withdrawals) if (w.status === 'auditing') add(w.user_id, 'frozen', w.amount);
  for (const s of sales) if (s.status === 'auditing') add(s.user_id, 'frozen', s.amount);
  for (const l of listings) if (l.status === 'open') add(l.user_id, 'escrow', l.remaining);
  for (const t of trades) if (unfinished.has(t.status)) add(t.seller_id, 'escrow', t.quantity);
  for (const o of orders) if (o.status === 'active') add(o.user_id, 'interest', o.amount);
  for (const a of accounts)
    if (a.kind !== 'available' && a.balance !== (holds.get(`${a.user_id}/${a.kind}`) ?? 0n))
      problems.push(`user ${a.user_id} ${a.kind} holds ${a.balance}, its rows ${holds.get(`${a.user_id}/${a.kind}`) ?? 0n}`);
  const reserved = sales.filter((s) => s.status !== 'rejected').reduce((s, r) => s + r.amount, 0n);
  if (merchants[0]!.quantity !== merchantQuantity - reserved)
    problems.push(`the merchant has ${merchants[0]!.quantity} left, its sales say ${merchantQuantity - reserved}`);
  const sold = orders.reduce((s, o) => s + o.amount, 0n);
  if (products[0]!.sold !== sold) problems.push(`the product sold ${products[0]!.sold}, its orders say ${sold}`);

  // every write answered 200 is there, as answered
  const rowsOf = {
    withdraw: withdrawals,
    sale: sales,
    listing: listings,
    interest: orders,
    recharge: recharges,
  } as const;
  const status = new Map<string, string>();
  for (const [k, rows] of Object.entries({ ...rowsOf, trade: trades }))
    for (const r of rows) status.set(`${k}:${r.id}`, r.status);
  const after: Record<string, [string, string[]]> = {
    'withdraw-paid': ['withdraw', ['completed']],
    'withdraw-rejected': ['withdraw', ['rejected']],
    'sale-paid': ['sale', ['completed']],
    'sale-rejected': ['sale', ['rejected']],
    'recharge-approved': ['recharge', ['completed']],
    'listing-cancelled': ['listing', ['closed']],
    'trade-paid': ['trade', ['paid', 'completed', 'disputed']],
    'trade-released': ['trade', ['completed']],
    'trade-cancelled': ['trade', ['cancelled']],
  };
  let lost = 0;
  for (const a of acks) {
    if (a.kind === 'trade') {
      const t = trades.find((r) => r.id === a.id);
      if (!t || t.buyer_id !== a.user || t.quantity !== a.amount || t.listing_id !== a.listing || t.request_id !== a.requestId) {
        lost++;
        problems.push(`trade ${a.id} was answered 200 but is ${t ? JSON.stringify(t, big) : 'missing'}`);
      }
    } else if (a.kind in rowsOf) {
      const created = a as Extract<Ack, { user: number }>;
      const row = rowsOf[created.kind as keyof typeof rowsOf].find((r) => r.id === created.id);
      if (
        !row ||
        row.user_id !== created.user ||
        row.amount !== created.amount ||
        row.request_id !== (created.requestId ?? null)
      ) {
        lost++;
        problems.push(`${a.kind} ${a.id} was answered 200 but is ${row ? JSON.stringify(row, big) : 'missing'}`);
      }
    } else {
      const [table, states] = after[a.kind]!;
      const now = status.get(`${table}:${a.id}`);
      if (!now || !states.includes(now)) {
        lost++;
        problems.push(`${a.kind} of ${table} ${a.id} was answered 200 but it is ${now ?? 'missing'}`);
      }
    }
  }
  const ledger = await inTransaction({ database: db, log: console }, checkLedger);
  problems.push(...ledger.problems);
  return { problems, lost, rows: withdrawals.length + sales.length + listings.length + trades.length + orders.length };
}

const big = (_: string, v: unknown) => (typeof v === 'bigint' ? String(v) : v);

async function crashRounds(kind: 'sqlite' | 'postgres') {
  const d = new Deployment(kind);
  const started = performance.now();
  try {
    await d.start();
    const world = await arrange(d);
    const db = await d.open();
    const merchantQuantity = 1_000_000n * USDT;
    const load = new Load(d, world.customers, world.admin, world.merchant, world.product);
    let kills = 0;
    let inFlightAtKill = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      let stopped = false;
      const unansweredBefore = load.unanswered;
      const running = load.run(CLIENTS, () => stopped);
      const acked = load.acks.length;
      for (let waited = 0; load.acks.length < acked + WRITES_BEFORE_KILL && waited < 120_000; waited += 20)
        await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, Math.random() * KILL_SPREAD_MS));
      stopped = true;
      await d.kill();
      kills++;
      await running;
      inFlightAtKill += load.unanswered - unansweredBefore;
      await d.start();
      const { problems } = await inspect(db, load.acks, merchantQuantity);
      expect(problems, `${kind} round ${round}`).toEqual([]);
    }
    const final = await inspect(db, load.acks, merchantQuantity);
    expect(final.problems).toEqual([]);
    // the load really wrote: every kind of write was answered at least once
    const kinds = new Set(load.acks.map((a) => a.kind));
    expect(
      [...kinds].sort(),
      JSON.stringify({ refusals: [...load.refusals], unanswered: load.unanswered, acks: load.acks.length }),
    ).toEqual(
      [
        'withdraw',
        'sale',
        'listing',
        'trade',
        'interest',
        'recharge',
        'withdraw-paid',
        'withdraw-rejected',
        'sale-paid',
        'sale-rejected',
        'recharge-approved',
        'listing-cancelled',
        'trade-paid',
        'trade-released',
        'trade-cancelled',
      ].sort(),
    );
    const starts = [...d.startMs].sort((a, b) => a - b);
    figure(
      `crash: ${kind} ${kills} rounds of kill -9, ${n(load.acks.length)} acknowledged writes, ` +
        `${n(inFlightAtKill)} unanswered at the kills, ${n(load.refused)} refused, ${final.lost} lost, ` +
        `${final.problems.length} state/journal mismatches, ledger clean, ${n(final.rows)} business rows checked, ` +
        `restart median ${Math.round(starts[Math.floor(starts.length / 2)]!)} ms, ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await d.remove();
  }
}

// the two databases' rounds run side by side: each has its own server process, and the suite takes half the time
describe.concurrent('kill -9 under mixed money writes', () => {
  it(`loses no answered write and leaves no half-done one on SQLite (${ROUNDS} rounds)`, { timeout: 1_200_000 }, () =>
    crashRounds('sqlite'),
  );
  it(`loses no answered write and leaves no half-done one on PostgreSQL (${ROUNDS} rounds)`, { timeout: 1_200_000 }, () =>
    crashRounds('postgres'),
  );
});
