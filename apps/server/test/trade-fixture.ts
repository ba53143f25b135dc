import { ADMIN_API, API, parseAmount } from '@c2c/shared';
import { inTransaction } from '../src/db/transaction.js';
import { iso } from '../src/lib/clock.js';
import { post } from '../src/modules/ledger/ledger.service.js';
import { BANK_FORM, credit, signUp, type TestServer } from './harness.js';

/**
 * A trade between two fresh customers, arranged directly in the database (listing row, trade row, the seller's
 * quantity moved available -> escrow) and put into `status`. For the chat and dispute tests, which need a trade in a
 * given state, not the path that led there (the trades module's tests walk that path).
 */
export async function arrangeTrade(
  s: TestServer,
  admin: string,
  opts: { status?: 'awaiting_payment' | 'paid' | 'disputed' | 'completed'; quantity?: string; lang?: string } = {},
) {
  const quantity = opts.quantity ?? '100';
  const q = parseAmount(quantity) as bigint;
  const seller = await signUp(s, { lang: opts.lang });
  const buyer = await signUp(s, { lang: opts.lang });
  await credit(s, admin, seller.token, quantity);
  const bound = await s.call<{ id: number }>(API.bankinfoCreate, BANK_FORM, seller.token);
  const now = s.clock.now();
  const at = iso(now);
  const listing = await s.db
    .insertInto('listings')
    .values({
      user_id: seller.user.id,
      quantity: q,
      remaining: 0n,
      price: 920_000n,
      currency: 'EUR',
      min_amount: 1_000_000n,
      max_amount: q,
      payout_account_id: bound.data.id,
      window_minutes: 15,
      status: 'open',
      request_id: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const status = opts.status ?? 'awaiting_payment';
  const paid = status !== 'awaiting_payment';
  const disputed = status === 'disputed';
  const trade = await s.db
    .insertInto('trades')
    .values({
      order_no: `T${Date.now()}${Math.floor(Math.random() * 1e9)}`,
      listing_id: listing.id,
      seller_id: seller.user.id,
      buyer_id: buyer.user.id,
      quantity: q,
      price: 920_000n,
      currency: 'EUR',
      fiat_amount: (q * 920_000n) / 1_000_000n,
      payout_account_id: bound.data.id,
      reference: 'REF123',
      window_minutes: 15,
      status,
      pay_deadline: iso(new Date(now.getTime() + 15 * 60_000)),
      paid_at: paid ? at : null,
      release_deadline: paid ? iso(new Date(now.getTime() + 60 * 60_000)) : null,
      proof: null,
      ended_at: status === 'completed' ? at : null,
      appeal_by: disputed ? 'buyer' : null,
      appeal_reason: disputed ? 'seller does not release' : null,
      disputed_at: disputed ? at : null,
      request_id: null,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const events = ['created', ...(paid ? ['paid'] : []), ...(disputed ? ['disputed'] : [])];
  for (const event of events) {
    const actor = event === 'created' || event === 'paid' || event === 'disputed' ? 'buyer' : 'system';
    await s.db.insertInto('trade_events').values({ trade_id: trade.id, event, actor, created_at: at }).execute();
  }
  // the quantity sits in the seller's escrow while the trade runs (a finished trade's quantity has left it)
  if (status !== 'completed') {
    await inTransaction(s.ctx, (tx) =>
      post(tx, {
        kind: 'adjust',
        ref: `trade:${trade.id}`,
        actor: 'test',
        now,
        legs: [
          { account: { user: seller.user.id, kind: 'available' }, amount: -q },
          { account: { user: seller.user.id, kind: 'escrow' }, amount: q },
        ],
      }),
    );
  }
  return { id: trade.id, seller, buyer };
}

/** Turns a running trade into a dispute, as an appeal would. */
export async function dispute(s: TestServer, tradeId: number) {
  const at = iso(s.clock.now());
  await s.db
    .updateTable('trades')
    .set({ status: 'disputed', appeal_by: 'seller', appeal_reason: 'no money arrived', disputed_at: at })
    .where('id', '=', tradeId)
    .execute();
  await s.db
    .insertInto('trade_events')
    .values({ trade_id: tradeId, event: 'disputed', actor: 'seller', created_at: at })
    .execute();
}

let operators = 0;
/** A fresh operator of `role`, signed in. */
export async function operatorOf(s: TestServer, admin: string, role: 'support' | 'finance') {
  const email = `${role}.${++operators}.${process.pid}@trades.test`;
  const created = await s.admin<{ totp_secret: string }>(
    ADMIN_API.operatorCreate,
    { email, name: role, role, password: 'Operator123' },
    admin,
  );
  const login = await s.admin<{ token: string }>(ADMIN_API.login, {
    email,
    password: 'Operator123',
    totp: s.totp(created.data.totp_secret),
  });
  if (login.code !== 200) throw new Error(`${role} login: ${login.msg}`);
  return { token: login.data.token, email };
}
