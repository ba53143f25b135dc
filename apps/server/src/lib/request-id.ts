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
