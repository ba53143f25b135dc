import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  type CallContract,
  CONTRACT,
  DEFAULT_LANG,
  type ErrorKey,
  errorCode,
  errorMessage,
  type FieldError,
  isErrorKey,
  type Lang,
  type MessageParam,
  normalizeLang,
  OK,
  type OperatorRole,
  type PlainPath,
} from '@c2c/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../context.js';
import { isNumericOverflow } from '../db/errors.js';
import { inReadOnly, inTransaction, type Tx, type TxEnv, type TxLog } from '../db/transaction.js';
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

/** The envelope of a refusal. */
const envelopeOf = (key: ErrorKey, lang: Lang, params: Record<string, MessageParam> = {}) => ({
  code: errorCode(key),
  msg: errorMessage(key, lang, params),
  data: {},
});

export function sendError(
  reply: FastifyReply,
  status: number,
  key: ErrorKey,
  lang: Lang,
  params: Record<string, MessageParam> = {},
  data: FieldError | Record<string, never> = {},
) {
  return reply.code(status).send({ ...envelopeOf(key, lang, params), data });
}

/**
 * Checks a body against a shared schema; the first failing field's catalogue key becomes the error, and the
 * field's name its answer's `data.field`.
 */
function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const first = result.error.issues[0];
  const key = isErrorKey(first?.message) ? first.message : 'invalid_value';
  const field = first?.path[0];
  // a refinement names what its message asks for (the maximum a minimum may not pass)
  const params = first?.code === 'custom' ? (first.params ?? {}) : {};
  throw typeof field === 'string' ? new InvalidField(key, field, params) : new DomainError(key, params);
}

/** Who calls, as the services see it: the session tokens sent and the client's address — never the HTTP request. */
export interface Caller {
  accessToken: string | undefined;
  adminToken: string | undefined;
  ip: string;
  /** the client's User-Agent header, at most 300 characters; empty when absent */
  userAgent: string;
}

/** Resolves the caller to a principal inside the call's transaction, or throws (`unauthorized`, `forbidden`). */
export type Auth<A> = (tx: Tx, caller: Caller) => Promise<A>;
const noAuth: Auth<null> = async () => null;

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' && v ? v : undefined;
};
/**
 * The client's address: the one the trusted proxies saw (`TRUST_PROXY`), or the socket's when that entry is not an IP
 * address — a header's text is never kept or shown as an address.
 */
const clientIp = (req: FastifyRequest): string => {
  const ip = req.ip;
  return isIP(ip) ? ip : (req.raw.socket.remoteAddress ?? '');
};

export const callerOf = (req: FastifyRequest): Caller => ({
  accessToken: header(req, 'x-access-token'),
  adminToken: header(req, 'x-admin-token'),
  ip: clientIp(req),
  userAgent: (header(req, 'user-agent') ?? '').slice(0, 300),
});

/**
 * What a route's transaction runs with: the database and the request's own logger, so every line written in it, a
 * service's or an after-commit effect's, carries the request's id (`logOf`).
 */
export const requestEnv = (ctx: AppContext, log: TxLog): TxEnv => ({ database: ctx.database, log });

/** Resolves the caller in a transaction of its own, for handlers that write their answer themselves. */
export const authorize = <A>(ctx: AppContext, req: FastifyRequest, auth: Auth<A>): Promise<A> =>
  inTransaction(requestEnv(ctx, req.log), (tx) => auth(tx, callerOf(req)));

interface StepArgs<I, A> {
  input: I;
  auth: A;
  lang: Lang;
  ip: string;
  userAgent: string;
  /** the request's logger: what the handler's own transactions run with (`requestEnv`) */
  log: TxLog;
  /** the request's Cookie header (device cookies of sign-ins) */
  cookies: string | undefined;
  /** adds a Set-Cookie header to the answer */
  setCookie(cookie: string): void;
}
export interface RouteArgs<I, A> extends Omit<StepArgs<I, A>, 'cookies' | 'setCookie'> {
  tx: Tx;
}

const cookiesOf = (req: FastifyRequest, reply: FastifyReply) => ({
  cookies: header(req, 'cookie'),
  setCookie: (cookie: string) => void reply.header('set-cookie', cookie),
});

const ok = (reply: FastifyReply, data: unknown) => reply.send({ code: OK, msg: 'ok', data: data ?? {} });

type Entry<P extends PlainPath> = (typeof CONTRACT)[P];
/** the body a call's handler is handed: its contract's request, parsed */
type Input<P extends PlainPath> = z.output<Entry<P>['request']>;
/** what a call's handler must answer: its contract's response `data` (nothing, for a call that answers `{}`) */
type Output<P extends PlainPath> =
  z.input<Entry<P>['response']> extends Record<string, never>
    ? // biome-ignore lint/suspicious/noConfusingVoidType: a handler of a call that answers `{}` may return nothing
      Record<string, never> | void
    : z.input<Entry<P>['response']>;
/** who the handler is told called, by the contract's `auth`: the customer, the operator, or nobody */
type PrincipalOf<P extends PlainPath, U, O> = Entry<P>['auth'] extends 'customer'
  ? U
  : Entry<P>['auth'] extends 'operator'
    ? O
    : null;

/** How a caller is resolved for each kind of `auth` a contract entry names. */
export interface Authenticators<U, O> {
  customer: Auth<U>;
  operator(roles?: readonly OperatorRole[]): Auth<O>;
}

/**
 * Binds the calls of the contract. Each takes its request schema, its authentication, the operator roles it allows and
 * the type of its answer from its one contract entry: a handler whose answer does not match it does not compile.
 */
export interface Routes<U, O> {
  /** One call that is one unit of work, in one transaction (`post`); `readOnly` as there. */
  call<P extends PlainPath>(
    path: P,
    handler: (args: RouteArgs<Input<P>, PrincipalOf<P, U, O>>) => Promise<Output<P>>,
    opts?: { readOnly: true },
  ): void;
  /** One call whose handler opens its own transactions (`postSteps`). */
  steps<P extends PlainPath>(path: P, handler: (args: StepArgs<Input<P>, PrincipalOf<P, U, O>>) => Promise<Output<P>>): void;
}

export function routesOn<U, O>(app: FastifyInstance, ctx: AppContext, auths: Authenticators<U, O>): Routes<U, O> {
  const optsOf = (path: PlainPath) => {
    const entry: CallContract = CONTRACT[path];
    const auth = entry.auth === 'public' ? noAuth : entry.auth === 'customer' ? auths.customer : auths.operator(entry.roles);
    return { body: entry.request, auth: auth as Auth<never> };
  };
  // the input is the contract's request as `post` parses it: its type, erased by the lookup, is the handler's
  type Erased<A> = (args: A) => Promise<unknown>;
  return {
    call: (path, handler, opts) =>
      post(app, ctx, path, { ...optsOf(path), ...opts }, handler as Erased<RouteArgs<unknown, never>>),
    steps: (path, handler) => postSteps(app, ctx, path, optsOf(path), handler as Erased<StepArgs<unknown, never>>),
  };
}

/**
 * Binds one POST call that is one unit of work (under `routesOn`, and for the review engine's queues): resolving the
 * caller, checking the body with its shared schema and the handler all run in one transaction, which commits when the
 * handler returns (then its after-commit effects run) and rolls back when anything throws. Business errors become the
 * envelope.
 * `readOnly`: a call that reads (a balance, a list) runs without a transaction's bookkeeping until it does anything
 * else — the sliding expiry of its session, say — and then runs again in a transaction (`inReadOnly`): nothing outside
 * the database may happen in it before its first write (a throttle counted, a mail sent) that running twice would
 * double.
 */
export function post<S extends z.ZodType, A, O>(
  app: FastifyInstance,
  ctx: AppContext,
  path: string,
  opts: { body: S; auth: Auth<A>; readOnly?: true },
  handler: (args: RouteArgs<z.output<S>, A>) => Promise<O>,
): void {
  const run = opts.readOnly ? inReadOnly : inTransaction;
  app.post(path, async (req, reply) => {
    const lang = requestLang(req);
    const caller = callerOf(req);
    const data = await run(requestEnv(ctx, req.log), async (tx) => {
      const auth = await opts.auth(tx, caller);
      const input = parseInput(opts.body, req.body);
      // awaited here: an async function returning a promise unwrapped it in two more turns
      return await handler({ input, auth, lang, ip: caller.ip, userAgent: caller.userAgent, log: req.log, tx });
    });
    return ok(reply, data);
  });
}

/**
 * Binds a POST call whose handler opens its own transactions with `inTransaction`: for work that must not
 * hold a transaction open (password hashing) or whose failed attempts must still be recorded (code checks).
 * The caller is resolved first, in a transaction of its own.
 */
function postSteps<S extends z.ZodType, A, O>(
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
    const { userAgent } = callerOf(req);
    return ok(reply, await handler({ input, auth, lang, ip: clientIp(req), userAgent, log: req.log, ...cookiesOf(req, reply) }));
  });
}

/**
 * Fastify's `clientErrorHandler`: answers what Node's HTTP parser refused before any route saw it (headers over the
 * size limit, broken framing such as a bad chunk or both Content-Length and Transfer-Encoding, not HTTP at all, a
 * request that took too long) with the envelope, written raw on the socket, then closes the connection. No header was
 * read, so the message is English.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string }, socket: Duplex): void {
  // a reset connection is gone already; nothing to answer
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  this.log.debug({ err }, 'client error');
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  // as Node does: an answer already under way on this connection cannot be followed by another
  const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
  answerRaw(socket, inFlight?.headersSent ? undefined : status, DEFAULT_LANG);
}

/**
 * Answers a refused WebSocket handshake (the `ws` server's `wsClientError`: a missing or bad key, version or upgrade
 * header) with the envelope instead of `ws`'s plain-text page; the request's headers were read, so in its language.
 */
export function upgradeErrorHandler(_err: Error, socket: Duplex, req: IncomingMessage): void {
  if (socket.destroyed) return;
  const header = req.headers['accept-language'];
  answerRaw(socket, 400, normalizeLang(header?.split(',')[0]?.split(';')[0]));
}

/**
 * An error on an open WebSocket: a client's frame the socket library refused (bad UTF-8, past the size limit: it is
 * already closing the socket with 1007 or 1009, which terminating would lose) or a lost connection. The client's
 * doing, so logged as a warning; a socket still open after it is closed as a server error.
 */
export function socketErrorHandler(
  err: Error,
  socket: { readyState: number; close(code: number): void },
  req: FastifyRequest,
): void {
  req.log.warn({ err: err.message }, 'live: socket error');
  if (socket.readyState === 1) socket.close(1011);
}

/** Writes a `bad_request` envelope as a whole HTTP response on a socket no route owns, then closes it. */
function answerRaw(socket: Duplex, status: number | undefined, lang: Lang): void {
  if (status !== undefined && socket.writable) {
    const body = JSON.stringify(envelopeOf('bad_request', lang));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's `frameworkErrors`: a URL it cannot decode or a path parameter over its length limit. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  sendError(
    reply,
    err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400,
    'bad_request',
    safeLang(req),
  );
}

/** The caller's language where reading it may itself fail (a request Fastify could not route). */
function safeLang(req: FastifyRequest): Lang {
  try {
    return requestLang(req);
  } catch {
    return DEFAULT_LANG;
  }
}

const BODYLESS_KEYS: Record<number, ErrorKey> = {
  404: 'not_found',
  413: 'payload_too_large',
  429: 'rate_limited',
  503: 'unavailable',
};

const draining = new WeakSet<FastifyInstance>();

/**
 * From now on every request is answered 503 (`unavailable`) before anything runs, and its connection closed after the
 * answer: a node that is stopping (main.ts) while a balancer may still send on the connections it keeps open to it.
 */
export function startDraining(app: FastifyInstance): void {
  draining.add(app);
}

/**
 * Maps every failure to the envelope: no stack trace or SQL ever reaches `msg`. Start Fastify with
 * `clientErrorHandler`, `frameworkErrors` and `return503OnClosing: false` from here, so the answers Fastify and Node
 * would write themselves are the envelope too.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // During shutdown (main.ts drains before it closes; a close alone drains too) a request that still arrives on a
  // connection already open is answered 503 before anything runs: the client or the load balancer tries again elsewhere.
  app.addHook('preClose', async () => startDraining(app));
  // (callback hooks, not async ones: they run on every request, and an async hook costs promises for nothing)
  app.addHook('onRequest', (req, reply, done) => {
    if (!draining.has(app)) return done();
    reply.header('connection', 'close');
    const answer = () => void sendError(reply, 503, 'unavailable', safeLang(req));
    // answered once its body is read: a connection closed with bytes it never read is reset, and a reset can take the
    // answer written just before it with it (a balancer then sees no answer at all, and cannot send the request elsewhere)
    if (req.raw.readableEnded) answer();
    else {
      req.raw.once('end', answer);
      req.raw.resume();
    }
  });
  // A plugin that answers an error without a body (a plain GET of the WebSocket path) still answers the envelope.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode < 400 || (payload !== undefined && payload !== null && payload !== '')) return done(null, payload);
    const key = BODYLESS_KEYS[reply.statusCode] ?? (reply.statusCode >= 500 ? 'internal' : 'bad_request');
    reply.header('content-type', 'application/json; charset=utf-8');
    done(null, JSON.stringify(envelopeOf(key, safeLang(req))));
  });
  app.setNotFoundHandler((req, reply) => {
    const lang = safeLang(req);
    // a call of the API with another method than POST exists, just not that way
    const path = req.url.split('?')[0] ?? '';
    if (req.method !== 'POST' && app.findRoute({ method: 'POST', url: path })) {
      return sendError(reply.header('allow', 'POST'), 405, 'bad_request', lang);
    }
    return sendError(reply, 404, 'not_found', lang);
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const lang = requestLang(req);
    if (err instanceof InvalidField) return sendError(reply, 200, err.key, lang, err.params, { field: err.field });
    if (err instanceof DomainError) return sendError(reply, 200, err.key, lang, err.params);
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return sendError(reply, 413, 'payload_too_large', lang);
    }
    if (status === 429) return sendError(reply, 429, 'rate_limited', lang);
    if (isNumericOverflow(err)) {
      req.log.warn({ err }, 'a number too big for the database');
      return sendError(reply, 200, 'invalid_value', lang);
    }
    if (status >= 400 && status < 500) return sendError(reply, status, status === 404 ? 'not_found' : 'bad_request', lang);
    req.log.error({ err }, 'unhandled error');
    return sendError(reply, 200, 'internal', lang);
  });
}
