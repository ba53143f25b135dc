import type { LiveServerMessage } from '@c2c/shared';
import WebSocket from 'ws';
import type { TestServer } from './harness.js';

/**
 * A client of the server's live socket (`/ws`), collecting what the server sends: `opened` once connected, `next(n)`
 * the n-th message (now or once it arrives), `closed` the close code.
 */
export function liveSocket(s: Pick<TestServer, 'url'>) {
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

/** A live socket signed in with `token`: `ready` once the server answered the sign-in (its first message). */
export function signedInSocket(s: Pick<TestServer, 'url'>, token: string) {
  const socket = liveSocket(s);
  const ready = socket.opened.then(() => {
    socket.ws.send(JSON.stringify({ type: 'auth', token }));
    return socket.next(1);
  });
  return { ...socket, ready };
}
