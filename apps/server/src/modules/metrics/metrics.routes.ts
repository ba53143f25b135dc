import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { inTransaction } from '../../db/transaction.js';
import { requestEnv, requestLang, sendError } from '../../lib/http.js';
import { codeClass, type Metrics } from './metrics.service.js';

const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The answer's envelope `code`, read from its text as it is sent, for the request histogram's `code` label; null
     * for an answer that is not an envelope. A decoration, not a WeakMap entry: that was an ephemeron for the garbage
     * collector on every request.
     */
    envelopeCode: number | null;
  }
}

/** the envelope's `code`: every envelope is serialized with `code` first */
const ENVELOPE_START = /^\{"code":(-?\d{1,6})[,}]/;

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDED = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may read /metrics. With METRICS_TOKEN set: whoever sends `Authorization: Bearer <token>`, from anywhere. Without
 * it: only a client on this machine that did not come through a proxy (its socket is loopback and no forwarding header
 * is present), because a reverse proxy on the same host makes every public client's socket loopback.
 */
function mayReadMetrics(req: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const sent = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const a = Buffer.from(sent);
    const b = Buffer.from(token);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  const remote = req.raw.socket.remoteAddress ?? '';
  return LOOPBACK.test(remote) && !FORWARDED.some((h) => req.headers[h] !== undefined);
}

/** Times every answer into the request histogram and serves `GET /metrics` to those `mayReadMetrics` lets in. */
export function registerMetricsRoutes(app: FastifyInstance, ctx: AppContext, metrics: Metrics): void {
  app.decorateRequest('envelopeCode', null);
  // callback hooks, not async ones: they run on every request, and an async hook costs promises for nothing here
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (typeof payload === 'string') {
      const m = ENVELOPE_START.exec(payload.slice(0, 24));
      if (m) req.envelopeCode = Number(m[1]);
    }
    done(null, payload);
  });
  app.addHook('onResponse', (req, reply, done) => {
    // the route pattern, never the raw URL: an unmatched path is one label value however many paths are tried
    const route = req.routeOptions.url ?? '(unmatched)';
    metrics.observeRequest(route, req.method, codeClass(req.envelopeCode, reply.statusCode), reply.elapsedTime / 1000);
    done();
  });

  app.get(METRICS_PATH, async (req, reply) => {
    if (!mayReadMetrics(req, ctx.config.metricsToken)) {
      if (ctx.config.metricsToken) reply.header('www-authenticate', 'Bearer');
      return sendError(
        reply,
        ctx.config.metricsToken ? 401 : 403,
        ctx.config.metricsToken ? 'unauthorized' : 'forbidden',
        requestLang(req),
      );
    }
    await inTransaction(requestEnv(ctx, req.log), (tx) => metrics.readState(tx)).catch((err) => {
      // the process metrics are still worth serving
      req.log.warn({ err }, 'metrics: the review queues and ledger totals could not be read');
      metrics.stateUnreadable();
    });
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
  });
}
