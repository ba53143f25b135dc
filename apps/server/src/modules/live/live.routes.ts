import { type LiveClientMessage, type LiveServerMessage, WS_PATH } from '@c2c/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { resolveSession } from '../sessions/sessions.service.js';

const AUTH_TIMEOUT_MS = 10_000;
const HEARTBEAT_MS = 30_000;

export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(WS_PATH, { websocket: true }, (socket) => {
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
      const session =
        typeof msg.token === 'string'
          ? await inTransaction(ctx, (tx) => resolveSession(tx, 'sessions', msg.token as string, ctx.clock.now()))
          : undefined;
      if (!session) {
        send({ type: 'error', code: -1 });
        return socket.close(4401, 'unauthorized');
      }
      clearTimeout(authTimer);
      release = ctx.live.add(session.ownerId, session.id, socket);
      send({ type: 'ready' });
    });
  });
}
