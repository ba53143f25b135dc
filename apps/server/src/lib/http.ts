import { type ErrorKey, errorCode, errorMessage, isErrorKey, type Lang, normalizeLang, OK } from '@c2c/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { DomainError } from './errors.js';

/** The caller's language: `lang` in the body, else in the query, else the Accept-Language header, else en. */
export function requestLang(req: FastifyRequest): Lang {
  const body = req.body as Record<string, unknown> | undefined;
  const query = req.query as Record<string, unknown> | undefined;
  const fromBody = body && typeof body === 'object' ? body.lang : undefined;
  const tag = fromBody ?? query?.lang ?? req.headers['accept-language']?.split(',')[0]?.split(';')[0];
  return normalizeLang(tag);
}

export function sendError(
  reply: FastifyReply,
  status: number,
  key: ErrorKey,
  lang: Lang,
  params: Record<string, string | number> = {},
) {
  return reply.code(status).send({ code: errorCode(key), msg: errorMessage(key, lang, params), data: {} });
}

/** Checks a body against a shared schema; the first failing field's catalogue key becomes the error. */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw new DomainError(isErrorKey(first?.message) ? first.message : 'invalid_value');
}

export interface RouteArgs<I, A> {
  input: I;
  auth: A;
  lang: Lang;
  ip: string;
  req: FastifyRequest;
}

/**
 * Binds one POST call: validates the body with its shared schema, resolves who calls, runs the handler
 * and wraps what it returns in the envelope. Business errors thrown anywhere become the envelope too.
 */
export function post<S extends z.ZodType, A, O>(
  app: FastifyInstance,
  path: string,
  opts: { body: S; auth: (req: FastifyRequest) => Promise<A> },
  handler: (args: RouteArgs<z.output<S>, A>) => Promise<O>,
): void {
  app.post(path, async (req, reply) => {
    const lang = requestLang(req);
    const auth = await opts.auth(req);
    const input = parseInput(opts.body, req.body);
    const data = await handler({ input, auth, lang, ip: req.ip, req });
    return reply.send({ code: OK, msg: 'ok', data: data ?? {} });
  });
}

export const noAuth = async (): Promise<null> => null;

/** Maps every failure to the envelope: no stack trace or SQL ever reaches `msg`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => sendError(reply, 404, 'not_found', requestLang(req)));
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLang(req);
    if (err instanceof DomainError) return sendError(reply, 200, err.key, lang, err.params);
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(reply, 413, 'payload_too_large', lang);
    }
    if (status === 429) return sendError(reply, 429, 'rate_limited', lang);
    if (status >= 400 && status < 500) return sendError(reply, status, status === 404 ? 'not_found' : 'bad_request', lang);
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 200, 'internal', lang);
  });
}
