import type { TradeMessage } from '@c2c/shared';
import { ADMIN_API, API, errorCode } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { moneyTestServer, operatorOf, PNG, upload } from '../../../test/harness.js';
import { arrangeTrade, dispute } from '../../../test/trade-fixture.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

interface AdminTrade {
  id: number;
  order_no: string;
  status: string;
  buyer_email: string;
  seller_email: string;
  resolved_by: string | null;
  appeal: { by: string; reason: string } | null;
  resolution: { outcome: string; note: string } | null;
  messages: TradeMessage[];
  timeline: { event: string; by: string }[];
  payee: { type: string; iban: string; full_name: string; bank_name: string; email: string };
}

const detail = (id: number, token = admin) => s.admin<AdminTrade>(ADMIN_API.tradeDetail, { id }, token);
const resolve = (id: number, outcome: string, token = admin, note = 'proof checked') =>
  s.admin<AdminTrade>(ADMIN_API.tradeResolve, { id, outcome, note }, token);
const money = async (token: string) =>
  (await s.call<{ balance: string; frozen: string; escrow: string }>(API.getMoneyInfo, {}, token)).data;
const auditOf = (tradeId: number, action: string) =>
  s.db.selectFrom('audit_log').selectAll().where('target', '=', `trade:${tradeId}`).where('action', '=', action).execute();

describe('operators and a trade chat', () => {
  it('see nothing of the chat before the dispute and all of it after; write only while disputed, audited', async () => {
    const { id, buyer, seller } = await arrangeTrade(s, admin, { status: 'paid' });
    const support = await operatorOf(s, admin, 'support');
    await s.call(API.tradeMessageSend, { id: String(id), text: 'paid you' }, buyer.token);
    await s.call(API.tradeMessageSend, { id: String(id), text: 'nothing here' }, seller.token);

    const before = await detail(id, support.token);
    expect(before.code).toBe(200);
    expect(before.data.messages).toEqual([]);
    expect(before.data.payee.full_name).toBe('Erika Mustermann');
    expect(before.data.payee.iban).not.toContain('3704 0044');
    // only what a transfer needs, as the buyer saw it: a bank account's contact e-mail is not part of it
    expect(before.data.payee).toMatchObject({ type: 'bank', bank_name: 'Commerzbank', email: '' });
    expect((await s.admin(ADMIN_API.tradeMessageSend, { id, text: 'hello' }, support.token)).code).toBe(
      errorCode('trade_not_disputed'),
    );

    await dispute(s, id, seller);
    const after = await detail(id, support.token);
    expect(after.data.messages.map((m) => [m.from, m.text])).toEqual([
      ['buyer', 'paid you'],
      ['seller', 'nothing here'],
    ]);
    expect(after.data.timeline.map((e) => e.event)).toEqual(['created', 'paid', 'disputed']);
    expect(after.data.appeal).toMatchObject({ by: 'seller', reason: 'no money arrived' });

    // any operator writes; the sides read it as from the operator and count it unread
    const said = await s.admin<TradeMessage>(
      ADMIN_API.tradeMessageSend,
      { id, text: 'Please both upload your bank statement' },
      support.token,
    );
    expect(said.code).toBe(200);
    expect(said.data).toMatchObject({ from: 'operator', text: 'Please both upload your bank statement', image: null });
    for (const side of [buyer, seller]) {
      expect((await s.call<{ messages: number }>(API.tradeUnread, {}, side.token)).data.messages).toBeGreaterThan(0);
      const read = await s.call<{ list: TradeMessage[] }>(API.tradeMessageList, { id: String(id) }, side.token);
      expect(read.data.list.at(-1)).toMatchObject({ from: 'operator' });
    }
    const audited = await auditOf(id, 'trade.message');
    expect(audited).toHaveLength(1);
    expect(audited[0]!.operator_email).toBe(support.email);
    expect(JSON.parse(audited[0]!.detail)).toMatchObject({ message_id: said.data.id });

    // operators have no uploads: an image is refused, and an unknown trade is not found
    const img = (await upload(s, buyer.token, PNG)).body.data.url;
    expect((await s.admin(ADMIN_API.tradeMessageSend, { id, text: 'x', image: img }, support.token)).code).toBe(
      errorCode('invalid_value'),
    );
    expect((await s.admin(ADMIN_API.tradeMessageSend, { id: 99_999_999, text: 'x' }, support.token)).code).toBe(
      errorCode('record_not_found'),
    );
    // a customer token is no operator token
    expect((await s.admin(ADMIN_API.tradeDetail, { id }, buyer.token)).code).toBe(errorCode('unauthorized'));
  });

  it('list every trade, filtered by status and by either e-mail', async () => {
    const a = await arrangeTrade(s, admin, { status: 'disputed' });
    const b = await arrangeTrade(s, admin, { status: 'paid' });
    const page = (body: Record<string, unknown>) =>
      s.admin<{ list: AdminTrade[]; total: number }>(ADMIN_API.tradeList, { page: 1, page_size: 100, ...body }, admin);
    const disputed = await page({ status: 'disputed' });
    expect(disputed.data.list.every((t) => t.status === 'disputed')).toBe(true);
    expect(disputed.data.list.map((t) => t.id)).toContain(a.id);
    expect(disputed.data.list.map((t) => t.id)).not.toContain(b.id);
    const bySeller = await page({ keyword: b.seller.email });
    expect(bySeller.data.list.map((t) => t.id)).toEqual([b.id]);
    expect(bySeller.data.list[0]).toMatchObject({ seller_email: b.seller.email, buyer_email: b.buyer.email, resolved_by: null });
    const byBuyer = await page({ keyword: a.buyer.email.toUpperCase() });
    expect(byBuyer.data.list.map((t) => t.id)).toEqual([a.id]);
    expect((await page({ keyword: 'nobody-at-all' })).data).toMatchObject({ list: [], total: 0 });
    expect((await page({ status: 'lost' })).code).toBe(errorCode('invalid_value'));
  });
});

describe('resolving a dispute', () => {
  it('releases the escrow to the buyer once, audited, and tells both sides by mail', async () => {
    const { id, buyer, seller } = await arrangeTrade(s, admin, { status: 'disputed', quantity: '50', lang: 'de' });
    expect(await money(seller.token)).toMatchObject({ balance: '0.00', escrow: '50.00' });
    const finance = await operatorOf(s, admin, 'finance');
    await s.call(API.tradeMessageSend, { id: String(id), text: 'Kontoauszug anbei' }, buyer.token);
    const done = await resolve(id, 'release', finance.token, 'Zahlung belegt');
    expect(done.code).toBe(200);
    expect(done.data).toMatchObject({
      status: 'completed',
      resolution: { outcome: 'release', note: 'Zahlung belegt' },
      resolved_by: finance.email,
    });
    expect(done.data.timeline.at(-1)).toMatchObject({ event: 'resolved', by: 'operator' });
    expect(await money(buyer.token)).toMatchObject({ balance: '50.00' });
    expect(await money(seller.token)).toMatchObject({ balance: '0.00', escrow: '0.00' });

    // decided once: a second decision changes nothing
    expect((await resolve(id, 'refund')).code).toBe(errorCode('trade_not_disputed'));
    expect(await money(buyer.token)).toMatchObject({ balance: '50.00' });

    const audited = await auditOf(id, 'trade.resolve');
    expect(audited).toHaveLength(1);
    expect(JSON.parse(audited[0]!.detail)).toMatchObject({ outcome: 'release', note: 'Zahlung belegt', amount: '50.00' });

    // each side in its language, told what the decision means for them (the mails come from settleTrade)
    expect(s.mails(buyer.email).at(-1)!).toContain('Ihrem verfügbaren Guthaben gutgeschrieben');
    const toSeller = s.mails(seller.email).at(-1)!;
    expect(toSeller).toContain('zugunsten des Käufers entschieden');
    expect(toSeller).toContain('Zahlung belegt');

    // the chat stays readable for operators after the decision, but no longer writable
    expect((await detail(id)).data.messages.map((m) => m.text)).toEqual(['Kontoauszug anbei']);
    expect((await s.admin(ADMIN_API.tradeMessageSend, { id, text: 'late' }, admin)).code).toBe(errorCode('trade_not_disputed'));
    expect((await s.call(API.tradeMessageSend, { id: String(id), text: 'late' }, buyer.token)).code).toBe(
      errorCode('chat_closed'),
    );
  });

  it('refunds the escrow to the seller', async () => {
    const { id, buyer, seller } = await arrangeTrade(s, admin, { status: 'disputed', quantity: '20' });
    const done = await resolve(id, 'refund', admin, 'no payment found');
    expect(done.data).toMatchObject({ status: 'cancelled', resolution: { outcome: 'refund', note: 'no payment found' } });
    expect(await money(seller.token)).toMatchObject({ balance: '20.00', escrow: '0.00' });
    expect(await money(buyer.token)).toMatchObject({ balance: '0.00' });
    expect(s.mails(seller.email).at(-1)!).toContain('decided the dispute for you');
    expect(s.mails(buyer.email).at(-1)!).toContain('decided the dispute for the seller');
    expect(s.mails(buyer.email).at(-1)!).toContain('no payment found');
  });

  it('applies exactly one of two decisions made at the same time', async () => {
    const { id, buyer, seller } = await arrangeTrade(s, admin, { status: 'disputed', quantity: '30' });
    const finance = await operatorOf(s, admin, 'finance');
    const results = await Promise.all([resolve(id, 'release', admin), resolve(id, 'refund', finance.token)]);
    const codes = results.map((r) => r.code).sort();
    expect(codes).toEqual([200, errorCode('trade_not_disputed')].sort());
    const won = results.find((r) => r.code === 200)!.data;
    const [b, sl] = [await money(buyer.token), await money(seller.token)];
    if (won.status === 'completed') expect([b.balance, sl.balance]).toEqual(['30.00', '0.00']);
    else expect([b.balance, sl.balance]).toEqual(['0.00', '30.00']);
    expect(sl.escrow).toBe('0.00');
    expect(await auditOf(id, 'trade.resolve')).toHaveLength(1);
  });

  it('is refused for a trade not disputed, to support, and without a note', async () => {
    const paid = await arrangeTrade(s, admin, { status: 'paid', quantity: '10' });
    expect((await resolve(paid.id, 'release')).code).toBe(errorCode('trade_not_disputed'));
    expect((await resolve(99_999_999, 'release')).code).toBe(errorCode('record_not_found'));
    const { id, seller } = await arrangeTrade(s, admin, { status: 'disputed', quantity: '10' });
    const support = await operatorOf(s, admin, 'support');
    expect((await resolve(id, 'release', support.token)).code).toBe(errorCode('forbidden'));
    expect((await s.admin(ADMIN_API.tradeResolve, { id, outcome: 'release' }, admin)).code).toBe(errorCode('reason_required'));
    expect((await s.admin(ADMIN_API.tradeResolve, { id, outcome: 'keep', note: 'x' }, admin)).code).toBe(
      errorCode('invalid_value'),
    );
    expect(await money(seller.token)).toMatchObject({ escrow: '10.00' });
    expect(await auditOf(id, 'trade.resolve')).toHaveLength(0);
  });
});
