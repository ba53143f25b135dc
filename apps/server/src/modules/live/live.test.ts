import { API } from '@c2c/shared';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { changePassword, serverForFile, signIn, signUp } from '../../../test/harness.js';
import { liveSocket } from '../../../test/live-socket.js';
import { FRAMES_PER_WINDOW, WS_CLOSE } from './live.routes.js';

const s = serverForFile();

describe('/ws live updates', () => {
  it('answers -1 and closes for a bad token', async () => {
    const c = liveSocket(s);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(43) }));
    expect(await c.next(1)).toEqual({ type: 'error', code: -1 });
    expect(await c.closed).toBe(4401);
  });

  it('closes the socket (4400) for any frame that is not a message of the protocol, and stays up', async () => {
    const frames: (string | Buffer)[] = ['null', '0', '[]', '"ping"', '{}', '{"type":null}', '{"type":"subscribe"}', 'not json'];
    for (const frame of [...frames, Buffer.from([1, 2, 3])]) {
      const c = liveSocket(s);
      await c.opened;
      c.ws.send(frame, { binary: Buffer.isBuffer(frame) });
      expect(await c.closed, String(frame)).toBe(WS_CLOSE.malformed);
    }
    const c = liveSocket(s);
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await c.next(1)).toEqual({ type: 'pong' });
    c.ws.close();
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
  });

  it('refuses a sign-in without a usable token as a wrong one: -1, then 4401', async () => {
    for (const frame of ['{"type":"auth"}', '{"type":"auth","token":7}', `{"type":"auth","token":"${'x'.repeat(300)}"}`]) {
      const c = liveSocket(s);
      await c.opened;
      c.ws.send(frame);
      expect(await c.next(1), frame).toEqual({ type: 'error', code: -1 });
      expect(await c.closed).toBe(WS_CLOSE.unauthorized);
    }
  });

  it('closes a socket that floods it with pings', async () => {
    const c = liveSocket(s);
    await c.opened;
    for (let i = 0; i < FRAMES_PER_WINDOW + 5; i++) c.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await c.closed).toBe(WS_CLOSE.tooMany);
    expect(c.messages).toHaveLength(FRAMES_PER_WINDOW);
  });

  it('delivers an event to every open app of that user only', async () => {
    const alice = await signUp(s);
    const bob = await signUp(s);
    const a1 = liveSocket(s);
    const a2 = liveSocket(s);
    const b = liveSocket(s);
    await Promise.all([a1.opened, a2.opened, b.opened]);
    a1.ws.send(JSON.stringify({ type: 'auth', token: alice.token }));
    a2.ws.send(JSON.stringify({ type: 'auth', token: alice.token }));
    b.ws.send(JSON.stringify({ type: 'auth', token: bob.token }));
    for (const c of [a1, a2, b]) expect(await c.next(1)).toEqual({ type: 'ready' });
    expect(s.ctx.live.connections(alice.user.id)).toBe(2);

    await s.ctx.live.notify(alice.user.id, 'money', 'recharge:1');
    expect(await a1.next(2)).toEqual({ type: 'event', topic: 'money', ref: 'recharge:1' });
    expect(await a2.next(2)).toEqual({ type: 'event', topic: 'money', ref: 'recharge:1' });
    b.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await b.next(2)).toEqual({ type: 'pong' });

    for (const c of [a1, a2, b]) c.ws.close();
    await Promise.all([a1.closed, a2.closed, b.closed]);
    await new Promise((r) => setTimeout(r, 50));
    expect(s.ctx.live.connections(alice.user.id)).toBe(0);
  });

  it('delivers the topics of one change in order, as one message on the channel between processes that every version reads', async () => {
    const alice = await signUp(s);
    const a = liveSocket(s);
    await a.opened;
    a.ws.send(JSON.stringify({ type: 'auth', token: alice.token }));
    expect(await a.next(1)).toEqual({ type: 'ready' });
    // with Redis, what every process hears: one message for the change, not one per topic
    const heard: string[] = [];
    const listener = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
    if (listener) {
      listener.on('message', (_channel: string, raw: string) => {
        if (raw.includes(`"userId":${alice.user.id},`)) heard.push(raw);
      });
      await listener.subscribe(`${s.redisPrefix}live`);
    }
    await s.ctx.live.notifyAll(alice.user.id, ['money', 'withdraw'], 'withdraw:7');
    expect(await a.next(3)).toEqual({ type: 'event', topic: 'withdraw', ref: 'withdraw:7' });
    expect(a.messages.slice(1)).toEqual([
      { type: 'event', topic: 'money', ref: 'withdraw:7' },
      { type: 'event', topic: 'withdraw', ref: 'withdraw:7' },
    ]);
    if (listener) {
      expect(heard).toHaveLength(1);
      // a change alone in its turn goes in the form a node of the earlier version reads too (during a rolling deploy)
      expect(JSON.parse(heard[0]!)).toEqual({
        userId: alice.user.id,
        messages: [
          { type: 'event', topic: 'money', ref: 'withdraw:7' },
          { type: 'event', topic: 'withdraw', ref: 'withdraw:7' },
        ],
      });
      listener.disconnect();
    }
    a.ws.close();
    await a.closed;
  });

  it('sends the changes told in one turn as one message on the channel, and still delivers the earlier form', async () => {
    const alice = await signUp(s);
    const bob = await signUp(s);
    const a = liveSocket(s);
    const b = liveSocket(s);
    await Promise.all([a.opened, b.opened]);
    a.ws.send(JSON.stringify({ type: 'auth', token: alice.token }));
    b.ws.send(JSON.stringify({ type: 'auth', token: bob.token }));
    expect(await a.next(1)).toEqual({ type: 'ready' });
    expect(await b.next(1)).toEqual({ type: 'ready' });
    const redis = process.env.REDIS_URL;
    const listener = redis ? new Redis(redis) : undefined;
    const heard: string[] = [];
    if (listener) {
      listener.on('message', (_channel: string, raw: string) => {
        if (raw.includes(`"userId":${alice.user.id},`) || raw.includes(`"userId":${bob.user.id},`)) heard.push(raw);
      });
      await listener.subscribe(`${s.redisPrefix}live`);
    }
    // three changes committed in one turn of the event loop, of two customers
    await Promise.all([
      s.ctx.live.notifyAll(alice.user.id, ['money'], 'trade:1'),
      s.ctx.live.notifyAll(bob.user.id, ['money', 'trade'], 'trade:1'),
      s.ctx.live.notifyAll(alice.user.id, ['trade'], 'trade:1'),
    ]);
    expect(await a.next(3)).toEqual({ type: 'event', topic: 'trade', ref: 'trade:1' });
    expect(a.messages.slice(1)).toEqual([
      { type: 'event', topic: 'money', ref: 'trade:1' },
      { type: 'event', topic: 'trade', ref: 'trade:1' },
    ]);
    expect(await b.next(3)).toEqual({ type: 'event', topic: 'trade', ref: 'trade:1' });
    if (listener && redis) {
      expect(heard).toHaveLength(1);
      expect(JSON.parse(heard[0]!).batch).toHaveLength(3);
      // a node of an earlier version publishes one customer's events alone: delivered all the same
      const old = new Redis(redis);
      await old.publish(
        `${s.redisPrefix}live`,
        JSON.stringify({ userId: bob.user.id, messages: [{ type: 'event', topic: 'saleu' }] }),
      );
      await old.publish(
        `${s.redisPrefix}live`,
        JSON.stringify({ userId: bob.user.id, message: { type: 'event', topic: 'withdraw' } }),
      );
      expect(await b.next(5)).toEqual({ type: 'event', topic: 'withdraw' });
      expect(b.messages[3]).toEqual({ type: 'event', topic: 'saleu' });
      old.disconnect();
      listener.disconnect();
    }
    for (const c of [a, b]) c.ws.close();
    await Promise.all([a.closed, b.closed]);
  });

  it('closes the sockets of sessions that end: a password change elsewhere, a logout, a reset', async () => {
    const { email, token: phone } = await signUp(s);
    const laptop = (await signIn(s, email)).data.token;
    const tablet = (await signIn(s, email)).data.token;
    const open = async (token: string) => {
      const c = liveSocket(s);
      await c.opened;
      c.ws.send(JSON.stringify({ type: 'auth', token }));
      expect(await c.next(1)).toEqual({ type: 'ready' });
      return c;
    };
    const [p, l, t] = [await open(phone), await open(laptop), await open(tablet)];

    // logout on the tablet closes only the tablet's socket
    expect((await s.call(API.logout, {}, tablet)).code).toBe(200);
    expect(await t.next(2)).toEqual({ type: 'error', code: -1 });
    expect(await t.closed).toBe(4401);

    // a password change on the phone signs the laptop out live, the phone stays connected
    const changed = await changePassword(s, phone, 'Another123');
    expect(changed.code).toBe(200);
    expect(await l.next(2)).toEqual({ type: 'error', code: -1 });
    expect(await l.closed).toBe(4401);
    // the phone is told to read the user again: its withdrawals are paused now
    expect(await p.next(2)).toEqual({ type: 'event', topic: 'profile' });
    p.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await p.next(3)).toEqual({ type: 'pong' });
    p.ws.close();
    await p.closed;
  });
});
