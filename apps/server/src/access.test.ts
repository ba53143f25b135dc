import {
  ADMIN_API,
  API,
  type CallContract,
  CONTRACT,
  errorCode,
  isErrorKey,
  OK,
  OPERATOR_ROLES,
  type OperatorRole,
  SESSION_EXPIRED,
  UPLOADS_PREFIX,
  WS_PATH,
} from '@c2c/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { figure } from '../test/figures.js';
import { BANK_FORM, ownerToken, PNG, signUp, startServer, type TestServer, upload } from '../test/harness.js';
import { interestProduct, merchantOffer, sellToMerchant, subscribe } from '../test/products.js';
import { registeredRoutes } from '../test/routes.js';
import { type Customer, customer, listing, trade } from '../test/trading.js';

/**
 * The access matrix, generated from the contract table and the server's own route table: every call of both APIs
 * against every kind of caller, with the outcome the call's rule (`auth`, `roles`) demands, and the calls that name a
 * customer's thing by id against another customer.
 */

const CALLS = Object.keys(CONTRACT) as (keyof typeof CONTRACT)[];
const contractOf = (path: string): CallContract => CONTRACT[path as keyof typeof CONTRACT];
/** Calls that end the caller's session when they are let in: they run after every other call. */
const LOGOUTS = new Set<string>([API.logout, ADMIN_API.logout]);
/**
 * Routes outside the two APIs, each guarding itself: health probes, the live socket (it signs in by message), stored
 * files, and the metrics (a bearer token or loopback only: metrics.test.ts).
 */
const NON_API = ['/healthz', '/readyz', '/metrics', WS_PATH, `${UPLOADS_PREFIX}:name`];
/**
 * Routes of the built apps, registered only when they were built: the console's redirect and its files (Fastify's route
 * tree prints `/admin/*` as a wildcard child of `/admin`), and the customer app's files.
 */
const STATIC = ['/admin', '/admin/', '/admin/*', '/admin*', '/*', '*'];

const FORBIDDEN = errorCode('forbidden');
const NOT_FOUND = [errorCode('not_found'), errorCode('record_not_found')];

type Header = 'x-access-token' | 'x-admin-token';
interface Principal {
  name: string;
  /** what the token is, and whether its holder may still be let in */
  kind: 'nobody' | 'customer' | 'operator';
  active: boolean;
  role?: OperatorRole;
  header?: Header;
  token?: string;
}

type Outcome = 'answers' | 'signed out' | 'forbidden';

/** What the call's rule says this caller gets. */
function expectedOutcome(call: CallContract, p: Principal): Outcome {
  if (call.auth === 'public') return 'answers';
  const want =
    call.auth === 'customer' ? { kind: 'customer', header: 'x-access-token' } : { kind: 'operator', header: 'x-admin-token' };
  if (p.kind !== want.kind || p.header !== want.header || !p.active) return 'signed out';
  if (call.auth === 'operator' && call.roles && !call.roles.includes(p.role!)) return 'forbidden';
  return 'answers';
}

interface Answer {
  status: number;
  code: number;
  data: Record<string, unknown>;
  file: boolean;
}

let ipSeq = 0;
/** One call as the apps send it (form-encoded for the customer API, JSON for the operator API), each from its own address. */
async function send(s: TestServer, path: string, body: Record<string, string>, p: Principal): Promise<Answer> {
  const admin = path.startsWith('/api/admin/');
  ipSeq++;
  const res = await fetch(s.url + path, {
    method: 'POST',
    headers: {
      'content-type': admin ? 'application/json' : 'application/x-www-form-urlencoded',
      'x-forwarded-for': `198.19.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
      ...(p.header && p.token ? { [p.header]: p.token } : {}),
    },
    body: admin ? JSON.stringify({ lang: 'en', ...body }) : new URLSearchParams({ lang: 'en', ...body }).toString(),
  });
  if (!(res.headers.get('content-type') ?? '').startsWith('application/json')) {
    await res.arrayBuffer();
    return { status: res.status, code: res.ok ? OK : res.status, data: {}, file: true };
  }
  const json = (await res.json()) as { code: number; data: Record<string, unknown> };
  return { status: res.status, code: json.code, data: json.data, file: false };
}

/** Runs `jobs` a few at a time. */
async function batched<T>(jobs: (() => Promise<T>)[], width = 12): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        out[i] = await jobs[i]!();
      }
    }),
  );
  return out;
}

/** Opens the live socket, signs in with `token` and answers the first message the server sends. */
async function liveAuth(s: TestServer, token: string | undefined): Promise<unknown> {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}${WS_PATH}`);
  try {
    const first = new Promise<unknown>((resolve, reject) => {
      ws.once('message', (raw) => resolve(JSON.parse(raw.toString())));
      ws.once('error', reject);
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ type: 'auth', ...(token ? { token } : {}) }));
    return await first;
  } finally {
    ws.terminate();
  }
}

/** The answer the request schema gives the body sent (`lang` only): a field's error, or nothing when the body passes. */
function validationOf(call: CallContract): { code: number; field?: string } | undefined {
  const parsed = call.request.safeParse({ lang: 'en' });
  if (parsed.success) return undefined;
  const first = parsed.error.issues[0];
  const field = first?.path[0];
  return {
    code: errorCode(isErrorKey(first?.message) ? first.message : 'invalid_value'),
    ...(typeof field === 'string' ? { field } : {}),
  };
}

describe('the access matrix', () => {
  let s: TestServer;
  let owner: string;
  const principals: Principal[] = [];
  /** the customer whose things the outsider reaches for, the other side of their trade, and the outsider */
  let victim: Customer;
  let outsider: Customer;
  let counterpart: Customer;
  let things: {
    bk: string;
    listingId: number;
    tradeId: number;
    upload: string;
    proof: string;
    paidTradeId: number;
    withdrawalId: number;
    rechargeId: number;
    saleId: number;
    interestId: number;
    offerId: number;
  };

  /** A signed-in operator of `role`, created by the owner. */
  async function operator(role: OperatorRole, name: string) {
    const email = `${name}.${process.pid}@access.test`;
    const made = await s.admin<{ operator: { id: number }; totp_secret: string }>(
      ADMIN_API.operatorCreate,
      { email, name, role, password: 'Operator123' },
      owner,
    );
    if (made.code !== OK) throw new Error(`operator create: ${made.msg}`);
    const login = await s.admin<{ token: string }>(ADMIN_API.login, {
      email,
      password: 'Operator123',
      totp: s.totp(made.data.totp_secret),
    });
    if (login.code !== OK) throw new Error(`operator login: ${login.msg}`);
    return { id: made.data.operator.id, token: login.data.token };
  }

  beforeAll(async () => {
    s = await startServer();
    owner = await ownerToken(s);
    const finance = await operator('finance', 'finance');
    const support = await operator('support', 'support');
    // disabled through the console: its sessions end with it
    const disabled = await operator('support', 'disabled');
    expect((await s.admin(ADMIN_API.operatorDisable, { id: disabled.id }, owner)).code).toBe(OK);
    // disabled in the table while its session row lives on: the status check alone must refuse it
    const stale = await operator('owner', 'stale');
    await s.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', stale.id).execute();

    victim = await customer(s, owner, '100');
    outsider = await customer(s, owner, '50');
    const buyer = await customer(s, owner, '0');
    const frozen = await signUp(s);
    expect((await s.admin(ADMIN_API.userFreeze, { id: frozen.user.id, reason: 'access matrix' }, owner)).code).toBe(OK);
    const staleCustomer = await signUp(s);
    await s.db.updateTable('users').set({ status: 'frozen' }).where('id', '=', staleCustomer.user.id).execute();

    // one thing of each kind the victim owns
    const listingId = await listing(s, victim, { number: '20', min: '1', max: '20' });
    const tradeId = await trade(s, buyer, listingId, '5');
    expect((await s.call(API.tradeMessageSend, { id: String(tradeId), text: 'victim writes' }, victim.token)).code).toBe(OK);
    const shot = await upload(s, victim.token, PNG);
    expect(shot.body.code).toBe(OK);
    // a second trade on the listing, paid with the buyer's screenshot: the file backs a trade the victim sells in
    const paidTradeId = await trade(s, buyer, listingId, '5');
    const proof = await upload(s, buyer.token, PNG);
    expect(proof.body.code).toBe(OK);
    const paid = await s.call(API.tradePaid, { id: String(paidTradeId), image: proof.body.data.url }, buyer.token);
    expect(paid.code).toBe(OK);
    counterpart = buyer;
    const withdrawal = await s.call<{ id: number }>(
      API.withdrawCreate,
      { bk_id: victim.bk, amount: '20', request_id: `access-${process.pid}` },
      victim.token,
    );
    expect(withdrawal.code).toBe(OK);
    const recharges = await s.call<{ list: { id: number }[] }>(API.rechargeList, {}, victim.token);
    const offerId = await merchantOffer(s, owner, { name: 'Access OTC' });
    const sale = await sellToMerchant(s, victim, offerId, '10');
    expect(sale.code).toBe(OK);
    const interest = await subscribe(s, victim, await interestProduct(s, owner, { name: 'Access weekly' }), '10');
    expect(interest.code).toBe(OK);
    things = {
      bk: victim.bk,
      listingId,
      tradeId,
      upload: shot.body.data.url,
      proof: proof.body.data.url,
      paidTradeId,
      withdrawalId: withdrawal.data.id,
      rechargeId: recharges.data.list[0]!.id,
      saleId: sale.data.id,
      offerId,
      interestId: interest.data.id,
    };

    principals.push(
      { name: 'anonymous', kind: 'nobody', active: false },
      { name: 'garbage token as customer', kind: 'nobody', active: false, header: 'x-access-token', token: 'x'.repeat(64) },
      { name: 'garbage token as operator', kind: 'nobody', active: false, header: 'x-admin-token', token: 'x'.repeat(64) },
      { name: 'customer', kind: 'customer', active: true, header: 'x-access-token', token: outsider.token },
      { name: 'customer token as operator', kind: 'customer', active: true, header: 'x-admin-token', token: outsider.token },
      { name: 'frozen customer', kind: 'customer', active: false, header: 'x-access-token', token: frozen.token },
      {
        name: 'customer frozen, session kept',
        kind: 'customer',
        active: false,
        header: 'x-access-token',
        token: staleCustomer.token,
      },
      { name: 'owner', kind: 'operator', active: true, role: 'owner', header: 'x-admin-token', token: owner },
      { name: 'owner token as customer', kind: 'operator', active: true, role: 'owner', header: 'x-access-token', token: owner },
      { name: 'finance', kind: 'operator', active: true, role: 'finance', header: 'x-admin-token', token: finance.token },
      { name: 'support', kind: 'operator', active: true, role: 'support', header: 'x-admin-token', token: support.token },
      {
        name: 'disabled operator',
        kind: 'operator',
        active: false,
        role: 'support',
        header: 'x-admin-token',
        token: disabled.token,
      },
      {
        name: 'operator disabled, session kept',
        kind: 'operator',
        active: false,
        role: 'owner',
        header: 'x-admin-token',
        token: stale.token,
      },
    );
  }, 60_000);
  afterAll(() => s?.close());

  it('has a contract entry for every route the server registers, and a route for every entry', () => {
    const routes = registeredRoutes(s.app);
    const api = routes.filter((r) => r.split(' ')[1]!.startsWith('/api/'));
    expect(api.sort()).toEqual(CALLS.map((p) => `POST ${p}`).sort());
    // anything else is one of the few routes that guard themselves, or a built app's files
    const rest = routes.filter((r) => !api.includes(r)).map((r) => r.split(' ')[1]!);
    for (const path of rest) expect([...NON_API, ...STATIC], path).toContain(path);
    for (const path of NON_API) expect(rest, path).toContain(path);
  });

  it("gives another customer nothing of a customer's things", async () => {
    const id = String(things.tradeId);
    const me = outsider.token;
    const attempts: [string, Record<string, string>][] = [
      [API.bankinfoDetail, { bk_id: things.bk }],
      [API.bankinfoUpdate, { ...BANK_FORM, full_name: 'Mallory', bk_id: things.bk }],
      [API.bankinfoDelete, { bk_id: things.bk }],
      [API.sellingCancel, { id: String(things.listingId) }],
      [API.tradeDetail, { id }],
      [API.tradePaid, { id }],
      [API.tradeRelease, { id }],
      [API.tradeCancel, { id }],
      [API.tradeAppeal, { id, reason: 'not mine' }],
      [API.tradeMessageList, { id }],
      [API.tradeMessageSend, { id, text: 'hello from outside' }],
      // the paid trade, where a release would move the seller's escrow
      ...[API.tradeDetail, API.tradeRelease, API.tradeCancel, API.tradeMessageList].map(
        (path) => [path, { id: String(things.paidTradeId) }] as [string, Record<string, string>],
      ),
      [API.tradeAppeal, { id: String(things.paidTradeId), reason: 'not mine' }],
    ];
    for (const [path, body] of attempts) {
      const r = await s.call(path, body, me);
      expect({ path, code: r.code, data: r.data }).toEqual({ path, code: expect.toBeOneOf(NOT_FOUND), data: {} });
    }
    // the victim's payout account can be neither paid into nor sold against, to a customer or a merchant
    const payTo = [
      [API.withdrawCreate, { bk_id: things.bk, amount: '20', request_id: `outsider-${process.pid}` }],
      [API.sellingCreate, { number: '5', price: '7', currency: 'CNY', min: '1', max: '5', bk_id: things.bk }],
      [API.saleuCreateOrder, { saleu_id: String(things.offerId), number: '10', bk_id: things.bk }],
    ] as const;
    for (const [path, body] of payTo) {
      const r = await s.call(path, body, me);
      expect({ path, code: r.code }).toEqual({ path, code: errorCode('no_payout_account') });
    }
    // nor the victim's session ended
    const victimSession = (
      await s.call<{ list: { id: number; current: boolean }[] }>(API.securitySessions, {}, victim.token)
    ).data.list.find((x) => x.current)!.id;
    const ended = await s.call(API.securitySessionEnd, { id: String(victimSession) }, me);
    expect({ code: ended.code, data: ended.data }).toEqual({ code: errorCode('record_not_found'), data: {} });
    // nor the victim's upload cited nor read
    const cited = await s.call(API.rechargeCreate, { type: 'TRC20', amount: '20', image: things.upload }, me);
    expect(cited.code).toBe(errorCode('credentials_required'));
    const file = await fetch(s.url + things.upload, { headers: { 'x-access-token': me } });
    expect(file.status).toBe(404);

    // the outsider's lists hold none of the victim's things
    const lists: [string, Record<string, string>, number][] = [
      [API.bankinfoList, {}, Number(things.bk)],
      [API.withdrawList, {}, things.withdrawalId],
      [API.rechargeList, {}, things.rechargeId],
      [API.tradeList, {}, things.tradeId],
      [API.sellingHistory, {}, things.listingId],
      [API.sellingOrder, { mine: '1' }, things.listingId],
      [API.saleuListOrder, {}, things.saleId],
      [API.lixibaoListOrder, {}, things.interestId],
      [API.securitySessions, {}, victimSession],
    ];
    for (const [path, body, theirs] of lists) {
      const r = await s.call<{ list: { id: number }[] } | { id: number }[]>(path, body, me);
      expect(r.code, path).toBe(OK);
      const rows = Array.isArray(r.data) ? r.data : r.data.list;
      expect(
        rows.map((row) => row.id),
        path,
      ).not.toContain(theirs);
    }

    // and the victim's things are as they were
    const detail = await s.call<{ status: string }>(API.tradeDetail, { id }, victim.token);
    expect(detail.data.status).toBe('awaiting_payment');
    const paid = await s.call<{ status: string }>(API.tradeDetail, { id: String(things.paidTradeId) }, victim.token);
    expect(paid.data.status).toBe('paid');
    const account = await s.call<{ full_name: string }>(API.bankinfoDetail, { bk_id: things.bk }, victim.token);
    expect(account.data.full_name).toBe(BANK_FORM.full_name);
    const chat = await s.call<{ list: { text: string }[] }>(API.tradeMessageList, { id }, victim.token);
    expect(chat.data.list.map((m) => m.text)).not.toContain('hello from outside');
  });

  it('serves a stored file to its owner, the other side of the trade it backs and operators only', async () => {
    const asCustomer = (name: string, c: Customer): Principal => ({
      name,
      kind: 'customer',
      active: true,
      header: 'x-access-token',
      token: c.token,
    });
    const readers = [...principals, asCustomer('the victim', victim), asCustomer('the buyer', counterpart)];
    const seen = await batched(
      readers.flatMap((p) =>
        [things.upload, things.proof].map((file) => async () => {
          const res = await fetch(s.url + file, { headers: p.header && p.token ? { [p.header]: p.token } : {} });
          await res.arrayBuffer();
          return { name: p.name, file, status: res.status };
        }),
      ),
    );
    const operator = (p: Principal) => p.active && p.kind === 'operator' && p.header === 'x-admin-token';
    // the victim's own file: the victim; the buyer's payment proof: the buyer and the seller (the victim)
    const may = (p: Principal, file: string) =>
      operator(p) || p.name === 'the victim' || (file === things.proof && p.name === 'the buyer');
    expect(seen).toEqual(
      readers.flatMap((p) =>
        [things.upload, things.proof].map((file) => ({ name: p.name, file, status: may(p, file) ? 200 : 404 })),
      ),
    );
  });

  it('lets only a signed-in, active customer onto the live socket', async () => {
    // the socket has no headers: the token is sent in the auth message, whichever header it would travel in
    const seen = await batched(principals.map((p) => async () => ({ name: p.name, first: await liveAuth(s, p.token) })));
    expect(seen).toEqual(
      principals.map((p) => ({
        name: p.name,
        first: p.kind === 'customer' && p.active ? { type: 'ready' } : { type: 'error', code: SESSION_EXPIRED },
      })),
    );
  });

  // last: its logout calls end the sessions the other tests use
  it('answers every call for every caller as its rule says, before the body is checked', async () => {
    // operator roles the contract names are the roles there are
    for (const path of CALLS) for (const role of contractOf(path).roles ?? []) expect(OPERATOR_ROLES).toContain(role);
    const cells = principals.flatMap((p) => CALLS.map((path) => ({ path, p })));
    const run = (list: typeof cells) =>
      batched(
        list.map(({ path, p }) => async () => ({ path, p, answer: await send(s, path, {}, p) })),
      );
    // the calls that end a session run last, so every other call still sees each caller signed in
    const results = [
      ...(await run(cells.filter((c) => !LOGOUTS.has(c.path)))),
      ...(await run(cells.filter((c) => LOGOUTS.has(c.path)))),
    ];
    const problems: string[] = [];
    for (const { path, p, answer } of results) {
      const call = contractOf(path);
      const want = expectedOutcome(call, p);
      const got: Outcome = answer.code === SESSION_EXPIRED ? 'signed out' : answer.code === FORBIDDEN ? 'forbidden' : 'answers';
      if (got !== want) {
        problems.push(`${path} as ${p.name}: ${got} (code ${answer.code}), the rule says ${want}`);
        continue;
      }
      // a caller let in reaches the body's check: the schema's first error, on its field, or the handler when it passes
      const invalid = validationOf(call);
      if (want === 'answers' && invalid && !call.multipart) {
        const seen = { code: answer.code, field: answer.data.field };
        if (seen.code !== invalid.code || seen.field !== invalid.field)
          problems.push(`${path} as ${p.name}: ${JSON.stringify(seen)}, the schema says ${JSON.stringify(invalid)}`);
      }
      // a refused caller never reaches the body's check nor the handler
      if (want !== 'answers' && (answer.file || 'field' in answer.data))
        problems.push(`${path} as ${p.name}: got past the refusal (${JSON.stringify(answer)})`);
    }
    figure(
      `access matrix: ${CALLS.length} calls × ${principals.length} callers = ${results.length} cells checked, ${problems.length} wrong (${s.ctx.database.dialect})`,
    );
    expect(problems).toEqual([]);
    // and a logout that was let in ended its session: the caller is signed out of everything now
    const after = await batched(
      principals.map((p) => async () => ({
        name: p.name,
        customer: (await send(s, API.getInfo, {}, p)).code,
        operator: (await send(s, ADMIN_API.me, {}, p)).code,
      })),
    );
    expect(after).toEqual(principals.map((p) => ({ name: p.name, customer: SESSION_EXPIRED, operator: SESSION_EXPIRED })));
  }, 60_000);
});
