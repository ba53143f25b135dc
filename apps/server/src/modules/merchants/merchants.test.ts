import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import {
  agePayoutAccounts,
  BANK_FORM,
  changePassword,
  credit,
  moneyTestServer,
  operatorOf,
  signUp,
  withChangeBefore,
} from '../../../test/harness.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

interface Offer {
  id: number;
  name: string;
  price: string;
  currency: string;
  quantity: string;
  min: string;
  max: string;
  methods: string[];
  orders_30d: number;
  completion_rate: number | null;
  active?: boolean;
}

const OFFER = {
  name: 'Berlin OTC',
  price: '0.92',
  currency: 'eur',
  quantity: '1000',
  min: '10',
  max: '500',
  methods: ['bank'],
};

async function offer(over: Record<string, unknown> = {}) {
  const r = await s.admin<Offer>(ADMIN_API.merchantCreate, { ...OFFER, ...over }, admin);
  if (r.code !== 200) throw new Error(`merchant: ${r.msg}`);
  return r.data;
}
/** Binds an account usable for sales at once, as if bound over 24 hours ago (that rule: modules/security). */
async function usable(bound: Promise<{ data: { id: number } }>) {
  const id = String((await bound).data.id);
  await agePayoutAccounts(s);
  return id;
}
const bind = (token: string, over: Record<string, string> = {}) =>
  usable(s.call<{ id: number }>(API.bankinfoCreate, { ...BANK_FORM, ...over }, token));
const bindWise = (token: string) =>
  usable(
    s.call<{ id: number }>(
      API.bankinfoCreate,
      { type: 'wise', full_name: 'Erika M', email: 'erika@wise.test', country: 'DE' },
      token,
    ),
  );
const money = async (token: string) =>
  (await s.call<{ balance: string; frozen: string; total: string }>(API.getMoneyInfo, {}, token)).data;
const quantityOf = async (id: number) =>
  (await s.db.selectFrom('merchants').select('quantity').where('id', '=', id).executeTakeFirstOrThrow()).quantity;
const sell = (token: string, body: Record<string, string>) =>
  s.call<{ id: number; order_no: string; status: string }>(API.saleuCreateOrder, body, token);
const offers = async (token: string) =>
  (await s.call<{ list: Offer[] }>(API.sellingMerchant, { page: '1', page_size: '100' }, token)).data.list;

describe('merchant offers', () => {
  it('are managed by owner and finance, refused to support, and audited', async () => {
    const created = await offer();
    expect(created).toMatchObject({
      name: 'Berlin OTC',
      price: '0.92',
      currency: 'EUR',
      quantity: '1000.00',
      min: '10.00',
      max: '500.00',
      methods: ['bank'],
      active: true,
      orders_30d: 0,
      completion_rate: null,
    });
    const support = await operatorOf(s, admin, 'support');
    expect((await s.admin(ADMIN_API.merchantCreate, OFFER, support.token)).code).toBe(errorCode('forbidden'));
    expect((await s.admin(ADMIN_API.merchantUpdate, { id: created.id, active: false }, support.token)).code).toBe(
      errorCode('forbidden'),
    );
    // support may look
    const seen = await s.admin<{ list: Offer[] }>(ADMIN_API.merchantList, { page: 1, page_size: 100 }, support.token);
    expect(seen.data.list.map((m) => m.id)).toContain(created.id);

    // bad input changes nothing
    expect((await s.admin(ADMIN_API.merchantCreate, { ...OFFER, min: '600' }, admin)).code).toBe(errorCode('amount_too_large'));
    expect((await s.admin(ADMIN_API.merchantCreate, { ...OFFER, methods: [] }, admin)).code).toBe(errorCode('fields_required'));
    expect((await s.admin(ADMIN_API.merchantCreate, { ...OFFER, price: '0' }, admin)).code).toBe(errorCode('price_zero'));
    expect((await s.admin(ADMIN_API.merchantUpdate, { id: created.id, min: '600' }, admin)).code).toBe(
      errorCode('amount_too_large'),
    );
    expect(
      (await s.db.selectFrom('merchants').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow()).min_amount,
    ).toBe(10_000_000n);

    const finance = await operatorOf(s, admin, 'finance');
    const updated = await s.admin<Offer>(
      ADMIN_API.merchantUpdate,
      { id: created.id, price: '0.935', methods: ['wise', 'bank'], active: false },
      finance.token,
    );
    expect(updated.data).toMatchObject({ price: '0.935', methods: ['bank', 'wise'], active: false, quantity: '1000.00' });

    const audit = await s.admin<{ list: { action: string; target: string; operator_email: string | null }[] }>(
      ADMIN_API.auditList,
      { keyword: `merchant:${created.id}` },
      admin,
    );
    expect(audit.data.list.map((a) => [a.action, a.operator_email])).toEqual([
      ['merchant.update', finance.email],
      ['merchant.create', 'owner@test.local'],
    ]);
  });

  it('are listed to customers only while active and buying, with their 30-day numbers', async () => {
    const { token } = await signUp(s);
    const on = await offer({ name: 'On' });
    const off = await offer({ name: 'Off', active: false });
    const shown = (await offers(token)).map((o) => o.id);
    expect(shown).toContain(on.id);
    expect(shown).not.toContain(off.id);

    await credit(s, admin, token, '100');
    const bk = await bind(token);
    const a = await sell(token, { saleu_id: String(on.id), number: '20', bk_id: bk });
    const b = await sell(token, { saleu_id: String(on.id), number: '30', bk_id: bk });
    await sell(token, { saleu_id: String(on.id), number: '10', bk_id: bk });
    expect((await s.admin(ADMIN_API.saleuApprove, { id: a.data.id, reference: 'PAY-1' }, admin)).code).toBe(200);
    expect((await s.admin(ADMIN_API.saleuReject, { id: b.data.id, reason: 'Merchant declined' }, admin)).code).toBe(200);
    expect((await offers(token)).find((o) => o.id === on.id)).toEqual({
      id: on.id,
      name: 'On',
      price: '0.92',
      currency: 'EUR',
      quantity: '970.00',
      min: '10.00',
      max: '500.00',
      methods: ['bank'],
      orders_30d: 3,
      completion_rate: 50,
    });
    // older than 30 days no longer counts
    const old = new Date(s.clock.now().getTime() - 31 * 86_400_000).toISOString();
    await s.db.updateTable('merchant_sales').set({ created_at: old }).where('merchant_id', '=', on.id).execute();
    expect((await offers(token)).find((o) => o.id === on.id)).toMatchObject({ orders_30d: 0, completion_rate: null });
    // an offer bought out is no longer shown
    await s.admin(ADMIN_API.merchantUpdate, { id: on.id, quantity: '0.01' }, admin);
    expect((await offers(token)).map((o) => o.id)).toContain(on.id);
    await s.db.updateTable('merchants').set({ quantity: 0n }).where('id', '=', on.id).execute();
    expect((await offers(token)).map((o) => o.id)).not.toContain(on.id);
  });
});

describe('selling to a merchant', () => {
  it('refuses what does not fit and changes nothing', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '100');
    const m = await offer({ quantity: '50', min: '10', max: '40' });
    const off = await offer({ active: false });
    const bk = await bind(token);
    const wise = await bindWise(token);
    const other = await signUp(s);
    const othersBk = await bind(other.token);
    const id = String(m.id);
    const cases: [Record<string, string>, string][] = [
      [{ saleu_id: '999999', number: '20', bk_id: bk }, 'record_not_found'],
      [{ saleu_id: String(off.id), number: '20', bk_id: bk }, 'merchant_inactive'],
      [{ saleu_id: id, number: '9.99', bk_id: bk }, 'amount_too_small'],
      [{ saleu_id: id, number: '40.01', bk_id: bk }, 'amount_too_large'],
      [{ saleu_id: id, number: '', bk_id: bk }, 'amount_required'],
      [{ saleu_id: id, number: '20', bk_id: '999999' }, 'no_payout_account'],
      [{ saleu_id: id, number: '20', bk_id: othersBk }, 'no_payout_account'],
      [{ saleu_id: id, number: '20', bk_id: wise }, 'payout_kind_not_accepted'],
    ];
    for (const [body, key] of cases) expect([key, (await sell(token, body)).code]).toEqual([key, errorCode(key as never)]);
    expect((await sell(token, { saleu_id: id, number: '20', bk_id: wise, lang: 'de' } as never)).msg).toBe(
      'Dieser Händler zahlt nicht auf diese Kontoart aus; bitte wählen Sie ein anderes Auszahlungskonto',
    );

    // 40 sold leaves 10: 20 more is more than the merchant still buys
    expect((await sell(token, { saleu_id: id, number: '40', bk_id: bk })).code).toBe(200);
    const short = await sell(token, { saleu_id: id, number: '20', bk_id: bk });
    expect(short).toMatchObject({ code: errorCode('merchant_quantity_short'), msg: 'The merchant buys only 10.00 USDT more' });
    // above the balance: 60 left, the merchant would buy 10 but the customer has them; raise the offer to test balance
    await s.admin(ADMIN_API.merchantUpdate, { id: m.id, quantity: '500', max: '100' }, admin);
    expect((await sell(token, { saleu_id: id, number: '60.01', bk_id: bk })).code).toBe(errorCode('insufficient_balance'));

    expect(await money(token)).toMatchObject({ balance: '60.00', frozen: '40.00', total: '100.00' });
    expect(await quantityOf(m.id)).toBe(500_000_000n);
    const orders = await s.call<{ list: unknown[]; total: number }>(API.saleuListOrder, { page: '1', page_size: '10' }, token);
    expect(orders.data.total).toBe(1);
  });

  it('without bk_id pays to the usable account of a kind the merchant takes: the one last paid to, else the newest', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '300');
    const bankOnly = String((await offer()).id);
    const both = String((await offer({ methods: ['bank', 'wise'] })).id);
    const paidTo = async (id: number) =>
      String(
        (await s.db.selectFrom('merchant_sales').select('payout_account_id').where('id', '=', id).executeTakeFirstOrThrow())
          .payout_account_id,
      );
    const sellTo = async (saleuId: string, over: Record<string, string> = {}) => {
      const r = await sell(token, { saleu_id: saleuId, number: '20', ...over });
      expect(r.code).toBe(200);
      return paidTo(r.data.id);
    };
    // no account at all: refused clearly, in the customer's language, and nothing changes
    expect(await sell(token, { saleu_id: bankOnly, number: '20' })).toMatchObject({
      code: errorCode('sale_no_payout_account'),
      msg: 'You have no payout account of a kind this merchant pays to that can receive payouts now; please add one first',
    });
    // a Wise account only: not a kind the bank-only merchant pays to; the other merchant takes it
    const wise = await bindWise(token);
    expect(await sell(token, { saleu_id: bankOnly, number: '20', bk_id: '', lang: 'de' })).toMatchObject({
      code: errorCode('sale_no_payout_account'),
      msg: 'Sie haben kein Auszahlungskonto einer Art, auf die dieser Händler auszahlt, das jetzt Auszahlungen empfangen kann; bitte fügen Sie zuerst eines hinzu',
    });
    expect(await money(token)).toMatchObject({ balance: '300.00', frozen: '0.00' });
    expect(await sellTo(both)).toBe(wise);
    // a bank account still in its first 24 hours: refused as a named one is, saying when
    const cooling = await s.call(API.bankinfoCreate, { ...BANK_FORM }, token);
    expect(cooling.code).toBe(200);
    expect((await sell(token, { saleu_id: bankOnly, number: '20' })).code).toBe(errorCode('payout_account_cooling'));
    await agePayoutAccounts(s);
    const older = String(cooling.data.id);
    s.clock.advance(1000);
    const newer = await bind(token, { iban: 'GB82 WEST 1234 5698 7654 32' });
    // never paid to either: the newest
    expect(await sellTo(bankOnly)).toBe(newer);
    // the customer names the older one: it becomes the one last paid to
    s.clock.advance(1000);
    expect(await sellTo(bankOnly, { bk_id: older })).toBe(older);
    s.clock.advance(1000);
    expect(await sellTo(bankOnly)).toBe(older);
    // the kinds the merchant takes decide among all: the Wise account was paid to longer ago than the older bank one
    expect(await sellTo(both)).toBe(older);
    expect(await money(token)).toMatchObject({ balance: '200.00', frozen: '100.00', total: '300.00' });
  });

  it('is paused for 24 hours after a password change, like a withdrawal, since it pays fiat out', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '100');
    const m = await offer();
    const bk = await bind(token);
    const changed = await changePassword(s, token);
    expect(changed.code).toBe(200);
    const body = { saleu_id: String(m.id), number: '20', bk_id: bk };
    expect(await sell(token, body)).toMatchObject({ code: errorCode('withdraw_locked'), data: {} });
    expect(await money(token)).toMatchObject({ balance: '100.00', frozen: '0.00' });
    expect(await quantityOf(m.id)).toBe(1_000_000_000n);
    s.clock.advance(24 * 3_600_000);
    expect((await sell(token, body)).code).toBe(200);
  });

  it('pays out on approval and restores balance and offer on rejection, with mails and summaries', async () => {
    const { token, email } = await signUp(s);
    await credit(s, admin, token, '500');
    const m = await offer({ price: '7.1234', currency: 'CNY', quantity: '1000' });
    const bk = await bind(token);

    const first = await sell(token, { saleu_id: String(m.id), number: '100.55', bk_id: bk, request_id: 'sale-000001' });
    expect(first.data).toEqual({ id: expect.any(Number), order_no: expect.stringMatching(/^S\d{14}$/), status: 'auditing' });
    const again = await sell(token, { saleu_id: String(m.id), number: '100.55', bk_id: bk, request_id: 'sale-000001' });
    expect(again.data).toEqual(first.data);
    expect(await money(token)).toMatchObject({ balance: '399.45', frozen: '100.55', total: '500.00' });
    expect(await quantityOf(m.id)).toBe(899_450_000n);

    const list = await s.call<{ list: Record<string, unknown>[] }>(API.saleuListOrder, { page: '1', page_size: '10' }, token);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        id: first.data.id,
        order_no: first.data.order_no,
        merchant_name: 'Berlin OTC',
        quantity: '100.55',
        price: '7.1234',
        currency: 'CNY',
        // 100.55 * 7.1234 = 716.25787, rounded down to the cent
        fiat_amount: '716.25',
        status: 'auditing',
        reason: '',
      }),
    ]);
    const queue = await s.admin<{ list: { id: number; user_email: string; payout: { iban: string } }[] }>(
      ADMIN_API.saleuList,
      { status: 'auditing', keyword: email },
      admin,
    );
    expect(queue.data.list).toEqual([
      expect.objectContaining({ id: first.data.id, user_email: email, payout: expect.objectContaining({ iban: '•••• 3000' }) }),
    ]);
    // the payout account cannot change while the sale pays to it
    expect((await s.call(API.bankinfoDelete, { bk_id: bk }, token)).code).toBe(errorCode('payout_account_pending'));

    const paid = await s.admin<{ status: string; reference: string }>(
      ADMIN_API.saleuApprove,
      { id: first.data.id, reference: 'ALIPAY-778' },
      admin,
    );
    expect(paid.data).toMatchObject({ status: 'completed', reference: 'ALIPAY-778' });
    expect(await money(token)).toMatchObject({ balance: '399.45', frozen: '0.00', total: '399.45' });
    expect(s.mails(email).at(-1)).toContain('Payment reference: ALIPAY-778');
    expect(s.mails(email).at(-1)).toContain('716.25 CNY');
    const settlement = await s.db
      .selectFrom('accounts')
      .select('balance')
      .where('owner', '=', 'platform')
      .where('kind', '=', 'merchant_settlement')
      .executeTakeFirstOrThrow();
    expect(settlement.balance).toBeGreaterThanOrEqual(100_550_000n);
    expect((await s.admin(ADMIN_API.saleuReject, { id: first.data.id, reason: 'late' }, admin)).code).toBe(
      errorCode('state_conflict'),
    );

    const second = await sell(token, { saleu_id: String(m.id), number: '50', bk_id: bk });
    expect(await quantityOf(m.id)).toBe(849_450_000n);
    const rejected = await s.admin<{ status: string; reason: string }>(
      ADMIN_API.saleuReject,
      { id: second.data.id, reason: 'Merchant out of cash' },
      admin,
    );
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'Merchant out of cash' });
    expect(await money(token)).toMatchObject({ balance: '399.45', frozen: '0.00' });
    expect(await quantityOf(m.id)).toBe(899_450_000n);
    expect(s.mails(email).at(-1)).toContain('Reason: Merchant out of cash');

    // the property page counts the paid sale, not the rejected one
    expect((await s.call(API.propertyTongji, {}, token)).data).toMatchObject({ balance: '399.45', total_sales: '100.55' });
    const log = await s.call<{ list: { kind: string; amount: string }[] }>(
      API.assetLogList,
      { page: '1', page_size: '10' },
      token,
    );
    expect(log.data.list.slice(0, 3).map((e) => [e.kind, e.amount])).toEqual([
      ['merchant_sale_refund', '50.00'],
      ['merchant_sale', '-50.00'],
      ['merchant_sale', '-100.55'],
    ]);
  });

  it('is refused, changing nothing, when an operator changed the offer between its reading and its reservation', async () => {
    const { token } = await signUp(s);
    await credit(s, admin, token, '100');
    const m = await offer({ quantity: '500' });
    const bk = await bind(token);
    const reserve = /^update "merchants" set "quantity" = "quantity" - \?/;
    let answer: { code: number; msg: string } | undefined;
    // the price goes from 0.92 to 0.95 EUR while the sale, made at 0.92, is written
    await withChangeBefore(
      s,
      reserve,
      { sql: 'update merchants set price = ? where id = ?', parameters: [950_000n, m.id] },
      async () => {
        answer = await sell(token, { saleu_id: String(m.id), number: '20', bk_id: bk, lang: 'de' } as never);
      },
    );
    expect(answer).toMatchObject({
      code: errorCode('merchant_offer_changed'),
      msg: 'Dieses Angebot hat sich inzwischen geändert; bitte prüfen Sie es und versuchen Sie es erneut',
    });
    // nothing of the sale stays: no order, no frozen amount, the offer's quantity as it was (the test's change ran in
    // the sale's own savepoint, so it went with it)
    expect(await money(token)).toMatchObject({ balance: '100.00', frozen: '0.00' });
    expect(await quantityOf(m.id)).toBe(500_000_000n);
    const orders = await s.call<{ total: number }>(API.saleuListOrder, { page: '1', page_size: '10' }, token);
    expect(orders.data.total).toBe(0);
    // and the same sale, asked again, goes through
    expect((await sell(token, { saleu_id: String(m.id), number: '20', bk_id: bk })).code).toBe(200);
  });

  it('deadlocks nothing when operators change an offer while it is being sold to', async () => {
    const m = await offer({ quantity: '1000', min: '10', max: '10' });
    const sellers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const u = await signUp(s);
        await credit(s, admin, u.token, '100');
        return { token: u.token, bk: await bind(u.token) };
      }),
    );
    const sales = Array.from({ length: 60 }, (_, i) => {
      const seller = sellers[i % sellers.length]!;
      return sell(seller.token, { saleu_id: String(m.id), number: '10', bk_id: seller.bk });
    });
    // spread over the sales' time, so that some land while sales hold the offer's key-share lock
    const edits = Array.from({ length: 10 }, async (_, i) => {
      await new Promise((r) => setTimeout(r, 5 + i * 10));
      return s.admin(ADMIN_API.merchantUpdate, { id: m.id, name: `Berlin OTC ${i}` }, admin);
    });
    const answers = await Promise.all([...sales, ...edits]);
    expect(answers.filter((a) => a.code !== 200)).toEqual([]);
    expect(await quantityOf(m.id)).toBe(400_000_000n);
  });

  it('never oversells an offer under 100 concurrent sales', async () => {
    // 1000 USDT in orders of 15: exactly 66 fit
    const m = await offer({ quantity: '1000', min: '15', max: '15' });
    const sellers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const u = await signUp(s);
        await credit(s, admin, u.token, '200');
        return { token: u.token, bk: await bind(u.token) };
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const seller = sellers[i % sellers.length]!;
        return sell(seller.token, { saleu_id: String(m.id), number: '15', bk_id: seller.bk });
      }),
    );
    const codes = results.map((r) => r.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(66);
    expect(results.filter((r) => r.code !== 200 && r.code !== errorCode('merchant_quantity_short'))).toEqual([]);
    expect(await quantityOf(m.id)).toBe(10_000_000n);
    const sold = await s.db
      .selectFrom('merchant_sales')
      .select((eb) => eb.fn.sum<bigint | string | number>('quantity').as('q'))
      .where('merchant_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(sold.q)).toBe(990_000_000n);
  });
});
