import { type LiveClientMessage, type LiveServerMessage, WS_PATH } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { DomainError } from '../../lib/errors.js';
import { requestEnv } from '../../lib/http.js';
import { authenticate } from '../users/users.service.js';

/** A refused sign-in answers nothing to the socket but -1; any other failure stays a failure. */
const signedOut = (err: unknown) => {
  if (err instanceof DomainError && err.key === 'unauthorized') return undefined;
  throw err;
};

const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;

export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(WS_PATH, { websocket: true }, (socket, req) => {
    const send = (m: LiveServerMessage) => socket.readyState === 1 && socket.send(JSON.stringify(m));
    let release: (() => void) | undefined;
    let alive = true;
    const authTimer = setTimeout(() => socket.close(4401, 'auth timeout'), AUTH_TIMEOUT_MS);
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, HEARTBEAT_MS);
    socket.on('pong', () => {
      alive = true;
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearInterval(heartbeat);
      release?.();
    });
    socket.on('message', async (raw: Buffer) => {
      let msg: LiveClientMessage;
      try {
        msg = JSON.parse(raw.toString('utf8')) as LiveClientMessage;
      } catch {
        return socket.close(4400, 'bad message');
      }
      if (msg.type === 'ping') return send({ type: 'pong' });
      if (msg.type !== 'auth' || release) return;
      // the same check as every customer call: a live session of a customer still active
      const who =
        typeof msg.token === 'string'
          ? await inTransaction(requestEnv(ctx, req.log), (tx) => authenticate(tx, ctx, msg.token as string)).catch(signedOut)
          : undefined;
      if (!who) {
        send({ type: 'error', code: -1 });
        return socket.close(4401, 'unauthorized');
      }
      clearTimeout(authTimer);
      release = ctx.live.add(who.user.id, who.sessionId, socket);
      send({ type: 'ready' });
    });
  });
}
