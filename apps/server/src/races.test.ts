import { API, type Envelope, errorCode, OK } from '@c2c/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { figure } from '../test/figures.js';
import { ownerToken, startNode, startServer, type TestNode, type TestServer } from '../test/harness.js';
import { interestProduct, merchantOffer } from '../test/products.js';
import { type Customer, customer, listing, money } from '../test/trading.js';
import { checkLedger } from './modules/ledger/ledger.service.js';

/**
 * Money races over two nodes: two server processes on one database (and one set of Redis keys), requests alternating
 * between them, all drawing on one balance or one listing. Each request is sized so that exactly K can succeed.
 */
let a: TestServer;
let b: TestNode;
let admin: string;

beforeAll(async () => {
  a = await startServer();
  b = await startNode(a);
  admin = await ownerToken(a);
}, 60_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const USDT = 1_000_000n;
const micro = (s: string) => {
  const [whole, frac = ''] = s.split('.');
  return BigInt(whole!) * USDT + BigInt(frac.padEnd(6, '0'));
};

/** The user accounts of the ledger that hold less than nothing. */
const negativeAccounts = () =>
  a.db
    .selectFrom('accounts')
    .select(['owner', 'kind', 'balance'])
    .where('user_id', 'is not', null)
    .where('balance', '<', 0n)
    .execute();

type Call = TestServer['call'];
/** Request `i` goes to node A when even, node B when odd. */
const nodeOf = (i: number): Call => (i % 2 ? b.call : a.call);

/**
 * Fires every request at once (request `i` on `nodeOf(i)`) and tallies the answers' codes. What each node accepted is
 * printed, not asserted: which node wins the locks is up to timing (SQLite's in-process node often loses). That node B
 * works on the same database shows in its answers: on another database its tokens would be unknown, a code the tests refuse.
 */
async function race(name: string, requests: ((call: Call) => Promise<Envelope<unknown>>)[]) {
  const started = performance.now();
  const answers = await Promise.all(requests.map((r, i) => r(nodeOf(i))));
  const ms = Math.round(performance.now() - started);
  const codes = new Map<number, number>();
  for (const x of answers) codes.set(x.code, (codes.get(x.code) ?? 0) + 1);
  const accepted = codes.get(OK) ?? 0;
  const byNode = [0, 1].map((n) => answers.filter((x, i) => i % 2 === n && x.code === OK).length);
  figure(
    `race ${name}: ${requests.length} requests, ${accepted} accepted (node A ${byNode[0]}, node B ${byNode[1]}), ` +
      `${requests.length - accepted} refused, ${ms} ms (${a.ctx.database.dialect}, 2 nodes)`,
  );
  return { answers, codes, accepted };
}

describe('money races over two nodes', () => {
  it('500 withdrawals, merchant sales, listings and interest subscriptions against one balance: exactly 100 accepted', async () => {
    const BALANCE = '1000';
    const AMOUNT = '10';
    const K = Number(micro(BALANCE) / micro(AMOUNT));
    const seller = await customer(a, admin, BALANCE);
    const offer = await merchantOffer(a, admin, { name: 'Race OTC', currency: 'eur', quantity: '100000' });
    const product = await interestProduct(a, admin, { name: 'Race weekly', quota: '100000' });
    const before = await money(a, seller);
    expect(before).toMatchObject({ balance: '1000.00', frozen: '0.00', escrow: '0.00' });

    const kinds = [
      (call: Call) => call(API.withdrawCreate, { bk_id: seller.bk, amount: AMOUNT }, seller.token),
      (call: Call) => call(API.saleuCreateOrder, { saleu_id: String(offer), number: AMOUNT, bk_id: seller.bk }, seller.token),
      (call: Call) =>
        call(
          API.sellingCreate,
          { number: AMOUNT, price: '7.25', currency: 'CNY', min: AMOUNT, max: AMOUNT, window_minutes: '15', bk_id: seller.bk },
          seller.token,
        ),
      (call: Call) => call(API.lixibaoCreateOrder, { lixibao_id: String(product), number: AMOUNT }, seller.token),
    ];
    // pairs of the same kind, one on each node: every kind is raced on both
    const kindOf = (i: number) => Math.floor(i / 2) % kinds.length;
    const requests = Array.from({ length: 500 }, (_, i) => kinds[kindOf(i)]!);
    const { answers, codes, accepted } = await race('one balance', requests);

    expect(accepted).toBe(K);
    // every refusal is the short balance, never an internal error or a lock timeout
    expect([...codes.keys()].sort()).toEqual([OK, errorCode('insufficient_balance')].sort());
    const after = await money(a, seller);
    expect(after.balance).toBe('0.00');
    const held = micro(after.frozen) + micro(after.escrow) + micro(after.interest);
    expect(micro(after.balance) + held).toBe(micro(BALANCE));
    // what was accepted is what the records hold, by kind
    const ok = (k: number) => answers.filter((x, i) => kindOf(i) === k && x.code === OK).length;
    const count = async (table: 'withdrawals' | 'merchant_sales' | 'listings' | 'interest_orders') =>
      Number(
        (
          await a.db
            .selectFrom(table)
            .select((e) => e.fn.countAll<number>().as('n'))
            .where('user_id', '=', seller.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect([
      await count('withdrawals'),
      await count('merchant_sales'),
      await count('listings'),
      await count('interest_orders'),
    ]).toEqual([ok(0), ok(1), ok(2), ok(3)]);
    expect(micro(after.frozen)).toBe(BigInt(ok(0) + ok(1)) * micro(AMOUNT));
    expect(micro(after.escrow)).toBe(BigInt(ok(2)) * micro(AMOUNT));
    expect(micro(after.interest)).toBe(BigInt(ok(3)) * micro(AMOUNT));
    // the merchant's quantity and the product's quota moved by exactly what was accepted
    const merchant = await a.db.selectFrom('merchants').select('quantity').where('id', '=', offer).executeTakeFirstOrThrow();
    expect(merchant.quantity).toBe(100_000n * USDT - BigInt(ok(1)) * micro(AMOUNT));
    const sold = await a.db.selectFrom('interest_products').select('sold').where('id', '=', product).executeTakeFirstOrThrow();
    expect(sold.sold).toBe(BigInt(ok(3)) * micro(AMOUNT));
    expect(await negativeAccounts()).toEqual([]);
    expect(await a.tx(checkLedger)).toEqual({ ok: true, problems: [] });
  }, 90_000);

  it('buyers racing for one listing over both nodes take exactly its remainder, never more', async () => {
    const seller = await customer(a, admin, '500');
    const id = await listing(a, seller, { number: '500', min: '10', max: '200' });
    // one trade first, so the race is for what remains
    const first = await customer(a, admin);
    expect((await a.call(API.tradeCreate, { selling_id: String(id), number: '200' }, first.token)).code).toBe(OK);
    const REMAINDER = 300n;
    const AMOUNT = 10n;
    // a buyer holds at most two unpaid trades: twenty of them can take up to forty, more than the remainder's thirty
    const buyers: Customer[] = [];
    for (let i = 0; i < 20; i++) buyers.push(await customer(a, admin));
    const requests = Array.from(
      { length: 200 },
      (_, i) => (call: Call) =>
        call(API.tradeCreate, { selling_id: String(id), number: String(AMOUNT) }, buyers[i % buyers.length]!.token),
    );
    const { codes, accepted } = await race('one listing', requests);

    expect(accepted).toBe(Number(REMAINDER / AMOUNT));
    const refusals = [...codes.keys()].filter((c) => c !== OK);
    expect(refusals.length).toBeGreaterThan(0);
    for (const c of refusals)
      expect([errorCode('listing_quantity_short'), errorCode('listing_not_open'), errorCode('trade_unpaid_limit')]).toContain(c);
    const row = await a.db.selectFrom('listings').select(['remaining']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.remaining).toBe(0n);
    const sold = await a.db
      .selectFrom('trades')
      .select((e) => e.fn.sum<bigint>('quantity').as('q'))
      .where('listing_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(BigInt(sold.q)).toBe(500n * USDT);
    // the seller's 500 sits in escrow, none of it spent twice
    expect(await money(a, seller)).toMatchObject({ balance: '0.00', escrow: '500.00' });
    expect(await negativeAccounts()).toEqual([]);
    expect(await a.tx(checkLedger)).toEqual({ ok: true, problems: [] });
  }, 90_000);
});
