import type { LiveServerMessage } from '@c2c/shared';
import { API } from '@c2c/shared';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PASSWORD, signUp, startServer, type TestServer } from '../../../test/harness.js';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s?.close());

/** Opens /ws and collects what the server sends. */
function connect() {
  const ws = new WebSocket(`${s.url.replace('http', 'ws')}/ws`);
  const messages: LiveServerMessage[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    messages.push(JSON.parse(raw.toString()));
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const opened = new Promise<void>((resolve, reject) => {
    ws.on('open', () => resolve());
    ws.on('error', reject);
  });
  const next = async (n: number) => {
    while (messages.length < n) await new Promise<void>((r) => waiters.push(r));
    return messages[n - 1]!;
  };
  return { ws, messages, opened, closed, next };
}

describe('/ws live updates', () => {
  it('answers -1 and closes for a bad token', async () => {
    const c = connect();
    await c.opened;
    c.ws.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(43) }));
    expect(await c.next(1)).toEqual({ type: 'error', code: -1 });
    expect(await c.closed).toBe(4401);
  });

  it('delivers an event to every open app of that user only', async () => {
    const alice = await signUp(s);
    const bob = await signUp(s);
    const a1 = connect();
    const a2 = connect();
    const b = connect();
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

  it('delivers the topics of one change in order, as one message on the channel between processes', async () => {
    const alice = await signUp(s);
    const a = connect();
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
      listener.disconnect();
    }
    a.ws.close();
    await a.closed;
  });

  it('closes the sockets of sessions that end: a password change elsewhere, a logout, a reset', async () => {
    const { email, token: phone } = await signUp(s);
    const laptop = (await s.call<{ token: string }>(API.login, { email, password: PASSWORD })).data.token;
    const tablet = (await s.call<{ token: string }>(API.login, { email, password: PASSWORD })).data.token;
    const open = async (token: string) => {
      const c = connect();
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
    const changed = await s.call(
      API.changePassword,
      { old_password: PASSWORD, password: 'Another123', confirm_password: 'Another123' },
      phone,
    );
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
