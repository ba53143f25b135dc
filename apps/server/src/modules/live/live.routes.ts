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
/** A session token is far shorter; anything longer is not one and is not looked up. */
const TOKEN_MAX = 256;
/** Frames one socket may send per window: an app sends one `auth` and the odd `ping`, a flood is closed. */
export const FRAMES_PER_WINDOW = 20;
const FRAME_WINDOW_MS = 10_000;

/** Close codes: 4400 a frame that is not a message of the protocol, 4401 not signed in, 4429 too many frames. */
export const WS_CLOSE = { malformed: 4400, unauthorized: 4401, tooMany: 4429 } as const;

/**
 * The client's message in a text frame, or undefined for anything else: any JSON that is not an object of a known type.
 * A sign-in without a usable token is still a sign-in, refused as any wrong token is (an empty token).
 */
function readClientMessage(text: string): LiveClientMessage | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { type, token } = value as Record<string, unknown>;
  if (type === 'ping') return { type: 'ping' };
  if (type !== 'auth') return undefined;
  return { type: 'auth', token: typeof token === 'string' && token.length <= TOKEN_MAX ? token : '' };
}

export function registerLiveRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(WS_PATH, { websocket: true }, (socket, req) => {
    const send = (m: LiveServerMessage) => socket.readyState === 1 && socket.send(JSON.stringify(m));
    let release: (() => void) | undefined;
    let authenticating = false;
    let alive = true;
    let frames = 0;
    let windowStart = Date.now();
    const authTimer = setTimeout(() => socket.close(WS_CLOSE.unauthorized, 'auth timeout'), AUTH_TIMEOUT_MS);
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

    const signIn = async (token: string) => {
      authenticating = true;
      // the same check as every customer call: a live session of a customer still active
      const who = token
        ? await inTransaction(requestEnv(ctx, req.log), (tx) => authenticate(tx, ctx, token)).catch(signedOut)
        : undefined;
      authenticating = false;
      if (socket.readyState !== 1) return;
      if (!who) {
        send({ type: 'error', code: -1 });
        return socket.close(WS_CLOSE.unauthorized, 'unauthorized');
      }
      clearTimeout(authTimer);
      release = ctx.live.add(who.user.id, who.sessionId, socket);
      send({ type: 'ready' });
    };

    socket.on('message', (raw: Buffer, isBinary: boolean) => {
      const now = Date.now();
      if (now - windowStart >= FRAME_WINDOW_MS) {
        windowStart = now;
        frames = 0;
      }
      if (++frames > FRAMES_PER_WINDOW) return socket.close(WS_CLOSE.tooMany, 'too many messages');
      const msg = isBinary ? undefined : readClientMessage(raw.toString('utf8'));
      if (!msg) return socket.close(WS_CLOSE.malformed, 'bad message');
      if (msg.type === 'ping') return send({ type: 'pong' });
      // one sign-in per socket: a second `auth`, or one while the first is checked, is ignored
      if (release || authenticating) return;
      signIn(msg.token).catch((err: unknown) => {
        // a failed lookup (the database away) ends this socket, never the process; the app reconnects
        req.log.error({ err }, 'live: sign-in failed');
        socket.close(1011, 'server error');
      });
    });
  });
}
