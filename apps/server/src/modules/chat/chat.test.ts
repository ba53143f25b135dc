import type { TradeMessage } from '@c2c/shared';
import { API, errorCode } from '@c2c/shared';
import { describe, expect, it } from 'vitest';
import { moneyTestServer, PNG, signUp, upload } from '../../../test/harness.js';
import { signedInSocket } from '../../../test/live-socket.js';
import { arrangeTrade } from '../../../test/trade-fixture.js';
import { CHAT_PAGE, CHAT_SENDS } from './chat.service.js';

let admin: string;
const s = moneyTestServer((token) => (admin = token));

const send = (token: string, id: number, body: Record<string, string>) =>
  s.call<TradeMessage>(API.tradeMessageSend, { id: String(id), ...body }, token);
const list = (token: string, id: number, afterId?: number) =>
  s.call<{ list: TradeMessage[] }>(
    API.tradeMessageList,
    { id: String(id), ...(afterId !== undefined ? { after_id: String(afterId) } : {}) },
    token,
  );
const unread = async (token: string) => (await s.call<{ messages: number; actions: number }>(API.tradeUnread, {}, token)).data;

describe('trade chat', () => {
  it('carries texts and images between the two sides only, and counts what each has not read', async () => {
    const { id, buyer, seller } = await arrangeTrade(s, admin);
    const stranger = await signUp(s);

    const hello = await send(buyer.token, id, { text: 'Hello, paying now' });
    expect(hello.code).toBe(200);
    expect(hello.data).toMatchObject({ from: 'buyer', text: 'Hello, paying now', image: null });

    // the seller has one unread message and nothing to do yet; the buyer's own message is not unread for them
    expect(await unread(seller.token)).toEqual({ messages: 1, actions: 0 });
    expect(await unread(buyer.token)).toEqual({ messages: 0, actions: 1 });

    // an image: one of the sender's uploads, used once
    const img = (await upload(s, seller.token, PNG)).body.data.url;
    const pic = await send(seller.token, id, { image: img, text: 'my bank' });
    expect(pic.data).toMatchObject({ from: 'seller', image: img, text: 'my bank' });
    expect((await send(seller.token, id, { image: img })).code).toBe(errorCode('chat_image_used'));
    // the other side sees the picture, a third customer does not
    const fetchAs = (token: string) => fetch(`${s.url}${img}`, { headers: { 'x-access-token': token } }).then((r) => r.status);
    expect(await fetchAs(buyer.token)).toBe(200);
    expect(await fetchAs(stranger.token)).toBe(404);
    // somebody else's upload is refused
    const buyersImg = (await upload(s, buyer.token, PNG)).body.data.url;
    expect((await send(seller.token, id, { image: buyersImg })).code).toBe(errorCode('credentials_required'));
    // neither text nor image
    expect((await send(seller.token, id, {})).code).toBe(errorCode('fields_required'));
    expect((await send(seller.token, id, { text: 'x'.repeat(501) })).code).toBe(errorCode('invalid_value'));

    // a third customer learns nothing of the trade
    expect((await send(stranger.token, id, { text: 'hi' })).code).toBe(errorCode('record_not_found'));
    expect((await list(stranger.token, id)).code).toBe(errorCode('record_not_found'));
    expect(await unread(stranger.token)).toEqual({ messages: 0, actions: 0 });

    // the buyer reads: both messages, oldest first; the count falls to zero, the seller's stays
    expect(await unread(buyer.token)).toEqual({ messages: 1, actions: 1 });
    const seen = await list(buyer.token, id);
    expect(seen.data.list.map((m) => [m.from, m.text])).toEqual([
      ['buyer', 'Hello, paying now'],
      ['seller', 'my bank'],
    ]);
    expect(await unread(buyer.token)).toEqual({ messages: 0, actions: 1 });
    expect(await unread(seller.token)).toEqual({ messages: 1, actions: 0 });

    // after_id answers only newer messages, and reading an older page does not move the mark back
    await send(buyer.token, id, { text: 'sent 92 EUR' });
    expect(await unread(seller.token)).toEqual({ messages: 2, actions: 0 });
    const newer = await list(seller.token, id, hello.data.id);
    expect(newer.data.list.map((m) => m.text)).toEqual(['my bank', 'sent 92 EUR']);
    expect(await unread(seller.token)).toEqual({ messages: 0, actions: 0 });
    const last = newer.data.list.at(-1)!.id;
    expect((await list(seller.token, id, last)).data.list).toEqual([]);
    expect((await list(seller.token, id)).data.list).toHaveLength(3);
    expect(await unread(seller.token)).toEqual({ messages: 0, actions: 0 });
  });

  it('pages long chats with after_id', async () => {
    const { id, buyer, seller } = await arrangeTrade(s, admin);
    const n = CHAT_PAGE + 5;
    await s.db
      .insertInto('trade_messages')
      .values(
        Array.from({ length: n }, (_, i) => ({
          trade_id: id,
          sender: 'seller',
          sender_id: seller.user.id,
          text: `m${i}`,
          image: null,
          created_at: new Date(s.clock.now().getTime() + i).toISOString(),
        })),
      )
      .execute();
    expect((await unread(buyer.token)).messages).toBe(n);
    const first = await list(buyer.token, id);
    expect(first.data.list).toHaveLength(CHAT_PAGE);
    expect(first.data.list[0]!.text).toBe('m0');
    // what was shown is read, what was not is still unread
    expect((await unread(buyer.token)).messages).toBe(5);
    const rest = await list(buyer.token, id, first.data.list.at(-1)!.id);
    expect(rest.data.list.map((m) => m.text)).toEqual(['m100', 'm101', 'm102', 'm103', 'm104']);
    expect((await unread(buyer.token)).messages).toBe(0);
  });

  it('counts the trades waiting for each side: the buyer to pay, the seller to release', async () => {
    const waiting = await arrangeTrade(s, admin);
    expect(await unread(waiting.buyer.token)).toEqual({ messages: 0, actions: 1 });
    expect(await unread(waiting.seller.token)).toEqual({ messages: 0, actions: 0 });
    const paid = await arrangeTrade(s, admin, { status: 'paid' });
    expect(await unread(paid.buyer.token)).toEqual({ messages: 0, actions: 0 });
    expect(await unread(paid.seller.token)).toEqual({ messages: 0, actions: 1 });
    // a disputed trade waits for the operator, not for either side
    const disputed = await arrangeTrade(s, admin, { status: 'disputed' });
    expect(await unread(disputed.buyer.token)).toEqual({ messages: 0, actions: 0 });
    expect(await unread(disputed.seller.token)).toEqual({ messages: 0, actions: 0 });
  });

  it('is writable in every running status and read-only once the trade ended', async () => {
    for (const status of ['awaiting_payment', 'paid', 'disputed'] as const) {
      const t = await arrangeTrade(s, admin, { status });
      expect((await send(t.seller.token, t.id, { text: status })).code).toBe(200);
    }
    const done = await arrangeTrade(s, admin, { status: 'completed' });
    await s.db
      .insertInto('trade_messages')
      .values({
        trade_id: done.id,
        sender: 'buyer',
        sender_id: done.buyer.user.id,
        text: 'thanks',
        image: null,
        created_at: s.clock.now().toISOString(),
      })
      .execute();
    const img = (await upload(s, done.seller.token, PNG)).body.data.url;
    expect((await send(done.seller.token, done.id, { text: 'late' })).code).toBe(errorCode('chat_closed'));
    // a refused image stays unused
    expect((await send(done.seller.token, done.id, { image: img })).code).toBe(errorCode('chat_closed'));
    const u = await s.db.selectFrom('uploads').select('used_for').where('name', '=', img.split('/').at(-1)!).executeTakeFirst();
    expect(u?.used_for).toBeNull();
    expect((await list(done.seller.token, done.id)).data.list.map((m) => m.text)).toEqual(['thanks']);
  });

  it('throttles a flood of messages', async () => {
    const { id, buyer, seller } = await arrangeTrade(s, admin);
    for (let i = 0; i < CHAT_SENDS.points; i++) expect((await send(buyer.token, id, { text: `m${i}` })).code).toBe(200);
    expect((await send(buyer.token, id, { text: 'one more' })).code).toBe(errorCode('rate_limited'));
    // the other side is not held back by it
    expect((await send(seller.token, id, { text: 'slow down' })).code).toBe(200);
  });

  it('tells both sides live, every open app of each', async () => {
    const { id, buyer, seller } = await arrangeTrade(s, admin);
    const open = async (token: string) => {
      const socket = signedInSocket(s, token);
      expect(await socket.ready).toEqual({ type: 'ready' });
      return socket;
    };
    const b = await open(buyer.token);
    const sl = await open(seller.token);
    expect((await send(buyer.token, id, { text: 'live?' })).code).toBe(200);
    const event = { type: 'event', topic: 'chat', ref: `trade:${id}` };
    expect(await sl.next(2)).toEqual(event);
    expect(await b.next(2)).toEqual(event);
    b.ws.close();
    sl.ws.close();
  });
});
