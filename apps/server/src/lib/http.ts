import { type ErrorKey, errorCode, errorMessage, type FieldError, isErrorKey, type Lang, normalizeLang, OK } from '@c2c/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { inTransaction, type Tx } from '../db/transaction.js';
import { DomainError, InvalidField } from './errors.js';

const chosenLang = new WeakMap<FastifyRequest, Lang>();

/** Fixes the caller's language when it arrives outside the parsed body (a multipart field). */
export function setRequestLang(req: FastifyRequest, lang: Lang): void {
  chosenLang.set(req, lang);
}

/** The caller's language: `lang` in the body, else in the query, else the Accept-Language header, else en. */
export function requestLang(req: FastifyRequest): Lang {
  const chosen = chosenLang.get(req);
  if (chosen) return chosen;
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
  data: FieldError | Record<string, never> = {},
) {
  return reply.code(status).send({ code: errorCode(key), msg: errorMessage(key, lang, params), data });
}

/**
 * Checks a body against a shared schema; the first failing field's catalogue key becomes the error, and the
 * field's name its answer's `data.field`.
 */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const key = isErrorKey(first?.message) ? first.message : 'invalid_value';
  const field = first?.path[0];
  throw typeof field === 'string' ? new InvalidField(key, field) : new DomainError(key);
}

/** Who calls, as the services see it: the session tokens sent and the client's address — never the HTTP request. */
export interface Caller {
  accessToken: string | undefined;
  adminToken: string | undefined;
  ip: string;
}

/** Resolves the caller to a principal inside the call's transaction, or throws (`unauthorized`, `forbidden`). */
export type Auth<A> = (tx: Tx, caller: Caller) => Promise<A>;
export const noAuth: Auth<null> = async () => null;

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' && v ? v : undefined;
};
export const callerOf = (req: FastifyRequest): Caller => ({
  accessToken: header(req, 'x-access-token'),
  adminToken: header(req, 'x-admin-token'),
  ip: req.ip,
});

/** Resolves the caller in a transaction of its own, for handlers that write their answer themselves. */
export const authorize = <A>(ctx: AppContext, req: FastifyRequest, auth: Auth<A>): Promise<A> =>
  inTransaction(ctx, (tx) => auth(tx, callerOf(req)));

export interface StepArgs<I, A> {
  input: I;
  auth: A;
  lang: Lang;
  ip: string;
}
export interface RouteArgs<I, A> extends StepArgs<I, A> {
  tx: Tx;
}

const ok = (reply: FastifyReply, data: unknown) => reply.send({ code: OK, msg: 'ok', data: data ?? {} });

/**
 * Binds one POST call that is one unit of work: resolving the caller, checking the body with its shared
 * schema and the handler all run in one transaction, which commits when the handler returns (then its
 * after-commit effects run) and rolls back when anything throws. Business errors become the envelope.
 */
export function post<S extends z.ZodType, A, O>(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  opts: { body: S; auth: Auth<A> },
  handler: (args: RouteArgs<z.output<S>, A>) => Promise<O>,
): void {
  app.post(path, async (req, reply) => {
    const lang = requestLang(req);
    const caller = callerOf(req);
    const data = await inTransaction(ctx, async (tx) => {
      const auth = await opts.auth(tx, caller);
      const input = parseInput(opts.body, req.body);
      return handler({ input, auth, lang, ip: caller.ip, tx });
    });
    return ok(reply, data);
  });
}

/**
 * Binds a POST call whose handler opens its own transactions with `inTransaction`: for work that must not
 * hold a transaction open (password hashing) or whose failed attempts must still be recorded (code checks).
 * The caller is resolved first, in a transaction of its own.
 */
export function postSteps<S extends z.ZodType, A, O>(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  opts: { body: S; auth: Auth<A> },
  handler: (args: StepArgs<z.output<S>, A>) => Promise<O>,
): void {
  app.post(path, async (req, reply) => {
    const lang = requestLang(req);
    const auth = await authorize(ctx, req, opts.auth);
    const input = parseInput(opts.body, req.body);
    return ok(reply, await handler({ input, auth, lang, ip: req.ip }));
  });
}

/** Maps every failure to the envelope: no stack trace or SQL ever reaches `msg`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((req, reply) => sendError(reply, 404, 'not_found', requestLang(req)));
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLang(req);
    if (err instanceof InvalidField) return sendError(reply, 200, err.key, lang, err.params, { field: err.field });
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
