import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const REQUEST_ID_HEADER = 'x-request-id';
/** what an incoming id may hold: a proxy's or a client's id of printable word characters, at most 64 of them */
const ACCEPTED = /^[A-Za-z0-9._:@/+=-]{1,64}$/;

/**
 * Fastify's `genReqId`: the caller's `x-request-id` when it is a short, plain token (so a proxy's id follows the
 * request into our logs), else a fresh random one. Nothing else is taken: no spaces, quotes or control characters
 * reach a log line or a response header.
 */
export function requestIdOf(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  const id = Array.isArray(sent) ? sent[0] : sent;
  return id !== undefined && ACCEPTED.test(id) ? id : randomUUID();
}

/** The id of the request being handled, for log lines written through the app's logger (services log through it). */
export const requestScope = new AsyncLocalStorage<string>();

/** The request loggers Fastify made (`requestLogger`): they bind `reqId` already. */
const requestLoggers = new WeakSet<object>();

/**
 * Fastify's `childLoggerFactory`: the request's logger (`req.log`, bound to its id), as Fastify makes it, remembered
 * so that `requestIdMixin` knows it binds the id without asking pino (whose `bindings()` parses JSON on every line).
 */
export function requestLogger<L extends { child(bindings: Record<string, unknown>, opts?: object): object }>(
  logger: L,
  bindings: Record<string, unknown>,
  opts: object,
): ReturnType<L['child']> {
  const child = logger.child(bindings, opts);
  requestLoggers.add(child);
  return child as ReturnType<L['child']>;
}

/**
 * pino's `mixin`: adds `reqId` to a line written while a request is handled, unless the logger already binds it
 * (Fastify's `req.log` does), so a service's line carries the id of the request that caused it.
 */
export function requestIdMixin(_merge: object, _level: number, logger?: { bindings?: () => Record<string, unknown> }) {
  const reqId = requestScope.getStore();
  if (reqId === undefined || (logger && requestLoggers.has(logger)) || logger?.bindings?.().reqId !== undefined) return {};
  return { reqId };
}
