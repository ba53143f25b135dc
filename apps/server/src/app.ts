import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { migrate } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { underStartupLock } from './db/startup-lock.js';
import { inTransaction } from './db/transaction.js';
import { JOBS } from './jobs/registry.js';
import { createJobRunner, type JobRunner } from './jobs/runner.js';
import { loadAuditKey } from './lib/audit-key.js';
import { type Clock, systemClock } from './lib/clock.js';
import { defaultPasswordHashConcurrency, setPasswordHashConcurrency } from './lib/crypto.js';
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandling,
  socketErrorHandler,
  upgradeErrorHandler,
} from './lib/http.js';
import { logDestination } from './lib/logger.js';
import { createMailer, type Mailer } from './lib/mailer.js';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.js';
import { API_HEADERS, securityHeaders } from './lib/security-headers.js';
import { createThrottle } from './lib/throttle.js';
import { registerAssetRoutes } from './modules/assets/assets.routes.js';
import { registerAuditRoutes } from './modules/audit/audit.routes.js';
import { checkpoint, ensureKeyedChain } from './modules/audit/audit.service.js';
import { registerChatRoutes } from './modules/chat/chat.routes.js';
import { registerCustomerRoutes } from './modules/customers/customers.routes.js';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { registerDemoRoutes } from './modules/demo/demo.routes.js';
import { registerDisputeRoutes } from './modules/disputes/disputes.routes.js';
import { registerInterestRoutes } from './modules/interest/interest.routes.js';
import { registerInviteRoutes } from './modules/invites/invites.routes.js';
import { registerKefuRoutes } from './modules/kefu/kefu.routes.js';
import { registerListingRoutes } from './modules/listings/listings.routes.js';
import { registerLiveRoutes } from './modules/live/live.routes.js';
import { LiveHub } from './modules/live/live.service.js';
import { registerMerchantRoutes } from './modules/merchants/merchants.routes.js';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes.js';
import { createMetrics, type Metrics } from './modules/metrics/metrics.service.js';
import { registerOperatorRoutes } from './modules/operators/operators.routes.js';
import { registerPayoutRoutes } from './modules/payouts/payouts.routes.js';
import { registerProofRoutes } from './modules/proof/proof.routes.js';
import { registerRechargeRoutes } from './modules/recharge/recharge.routes.js';
import { registerReviewRoutes } from './modules/review/review.routes.js';
import { registerSecurityRoutes } from './modules/security/security.routes.js';
import { registerSettingsRoutes } from './modules/settings/settings.routes.js';
import { moneyLimits } from './modules/settings/settings.service.js';
import { registerTradeRoutes } from './modules/trades/trades.routes.js';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes.js';
import { registerUploadRoutes } from './modules/uploads/uploads.routes.js';
import { registerUserRoutes } from './modules/users/users.routes.js';
import { registerVipRoutes } from './modules/vip/vip.routes.js';
import { registerWithdrawalRoutes } from './modules/withdrawals/withdrawals.routes.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface BuildOptions {
  clock?: Clock;
  mailer?: Mailer;
  /** prefix of every Redis key, so parallel test runs do not share counters (default: REDIS_PREFIX) */
  redisPrefix?: string;
  webDist?: string;
  adminDist?: string;
  /** run the timed jobs on their timers (default true); tests run them with `jobs.tick()` instead */
  jobs?: boolean;
  /** where the log lines go (default stdout); tests read them */
  logStream?: { write(line: string): void };
}

export interface Built {
  app: FastifyInstance;
  ctx: AppContext;
  /** the timed jobs: started unless `jobs: false`, stopped when the app closes */
  jobs: JobRunner;
  /** this process's Prometheus metrics (served at /metrics) */
  metrics: Metrics;
}

/** Content-Security-Policy the two built apps satisfy: no inline or foreign scripts, no framing. */
const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * Fastify's trust of X-Forwarded-For: a hop count trusts the socket's peer and the last `n - 1` entries, so the address
 * taken is the one the outermost trusted proxy saw (this Fastify refuses a bare number); a list trusts those addresses.
 */
function proxyTrust(trust: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<Built> {
  const app = Fastify({
    logger: { level: config.logLevel, ...(opts.logStream ? { stream: opts.logStream } : logDestination()) },
    // one line per request (written when it is answered, below) instead of Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
    // every request has an id: the caller's x-request-id when it is a plain short token, else a random one
    genReqId: requestIdOf,
    bodyLimit: 64 * 1024,
    trustProxy: proxyTrust(config.trustProxy),
    // A silent socket is dropped after 60 s and a request must arrive whole (uploads included) within 2 min, so a slow
    // client holds a connection only so long; idle keep-alive sockets outlive a proxy's 60 s and are closed on shutdown.
    connectionTimeout: 60_000,
    requestTimeout: 120_000,
    keepAliveTimeout: 72_000,
    forceCloseConnections: 'idle',
    // every answer is the envelope, also those Fastify and Node would otherwise write themselves
    return503OnClosing: false,
    clientErrorHandler,
    frameworkErrors,
  });
  const clock = opts.clock ?? systemClock;
  setPasswordHashConcurrency(config.passwordHashConcurrency ?? defaultPasswordHashConcurrency());
  // before the database opens: a missing or exposed key stops the start
  const { key: auditKey, source: auditKeySource } = loadAuditKey(config, { create: true });
  if (config.databaseUrl && !config.auditKey)
    app.log.warn(`the audit key is ${auditKeySource}: several server processes on one database need the same key (AUDIT_KEY)`);
  const database = await openDatabase(config);
  await underStartupLock(database, config.databaseSchema, () =>
    migrate(database.db as never, database.dialect, config.databaseSchema),
  ).catch(async (err) => {
    await database.close();
    throw err;
  });
  // a corrupt stored money limit stops the start here instead of being read as 0 at the first withdrawal
  await inTransaction({ database, log: app.log }, (tx) => moneyLimits(tx)).catch(async (err) => {
    await database.close();
    throw err;
  });
  // the chain is keyed before anything is recorded, and its head goes to the log: a checkpoint kept outside the database
  const auditEnv = { dialect: database.dialect, auditKey, log: app.log };
  const head = await inTransaction({ database, log: app.log }, async (tx) => {
    await ensureKeyedChain(tx, auditEnv, clock.now());
    return checkpoint(tx);
  }).catch(async (err) => {
    await database.close();
    throw err;
  });
  app.log.info({ audit_checkpoint: head.checkpoint }, 'audit checkpoint at start');
  // the session cache, once the migrations (PostgreSQL's triggers that tell of changes) have run
  database.watchAuth?.(app.log);

  const prefix = opts.redisPrefix ?? config.redisPrefix;
  let redis: Redis | undefined;
  let subscriber: Redis | undefined;
  if (config.redisUrl) {
    // loaded only with Redis configured: a single node without it does not carry the client in its memory
    const { Redis } = await import('ioredis');
    redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false });
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'redis error'));
    subscriber = redis.duplicate();
    subscriber.on('error', (err) => app.log.warn({ err: err.message }, 'redis subscriber error'));
    database.shareSessionVersion?.(redis, `${prefix}auth:sessions`, app.log);
  }
  const ctx: AppContext = {
    config,
    database,
    dialect: database.dialect,
    clock,
    log: app.log,
    auditKey,
    mailer:
      opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    throttle: createThrottle(redis, prefix),
    live: new LiveHub(app.log, redis, subscriber, prefix),
    sessionCache: database.sessionCache,
    settingsCache: database.settingsCache,
  };
  const metrics = createMetrics(ctx, JOBS);
  const jobs = createJobRunner(ctx, JOBS, { maxEveryMs: config.jobIntervalMaxMs, onRun: metrics.observeJob });
  app.addHook('onClose', async () => {
    // a run under way finishes its batch (and its after-commit mails) before the rest closes
    await jobs.stop();
    ctx.mailer.close();
    ctx.live.close();
    redis?.disconnect();
    await database.close();
  });

  const headers = securityHeaders({
    contentSecurityPolicy: { directives: CSP },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // the security headers go with the reply's own, not onto the raw response: node:http then writes the head from one
  // object instead of storing each header of both as an entry first (a tenth of what a read call allocated). The id
  // goes back in the answer; every log line written while the request is handled carries it, as the lines go to the
  // request's own logger (`req.log`, and a route's transaction's: `logOf`)
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/api/') ? API_HEADERS : headers);
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
  // a call that ended a session or changed a customer is answered once no node can answer from before it (`authSettled`)
  const { authSettled } = database;
  if (authSettled)
    app.addHook('onSend', (_req, _reply, payload, done) => {
      const settled = authSettled();
      if (!settled) return done(null, payload);
      void settled.then(() => done(null, payload));
    });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      { method: req.method, url: req.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
  await app.register(formbody);
  // multipart bodies: only the upload call takes them (registerUploadRoutes)
  await app.register(websocket, { options: { maxPayload: 4096 }, errorHandler: socketErrorHandler });
  app.websocketServer.on('wsClientError', upgradeErrorHandler);
  installErrorHandling(app);
  registerMetricsRoutes(app, ctx, metrics);

  app.get('/healthz', async () => ({ code: 200, msg: 'ok', data: { status: 'up' } }));
  app.get('/readyz', async (_req, reply) => {
    const ok = await database.ping();
    return reply
      .code(ok ? 200 : 503)
      .send({ code: ok ? 200 : 1003, msg: ok ? 'ok' : 'database unreachable', data: { database: ok } });
  });

  await app.register(async (api) => {
    registerUserRoutes(api, ctx);
    registerSettingsRoutes(api, ctx);
    registerOperatorRoutes(api, ctx);
    registerAuditRoutes(api, ctx);
    registerInviteRoutes(api, ctx);
    registerLiveRoutes(api, ctx);
    registerUploadRoutes(api, ctx);
    registerRechargeRoutes(api, ctx);
    registerPayoutRoutes(api, ctx);
    registerSecurityRoutes(api, ctx);
    registerWithdrawalRoutes(api, ctx);
    registerMerchantRoutes(api, ctx);
    registerListingRoutes(api, ctx);
    registerTradeRoutes(api, ctx);
    registerReviewRoutes(api, ctx);
    registerAssetRoutes(api, ctx);
    registerDemoRoutes(api, ctx);
    registerChatRoutes(api, ctx);
    registerDisputeRoutes(api, ctx);
    registerInterestRoutes(api, ctx);
    registerKefuRoutes(api, ctx);
    registerCustomerRoutes(api, ctx);
    registerVipRoutes(api, ctx);
    registerDashboardRoutes(api, ctx);
    registerProofRoutes(api, ctx);
    registerTwoFactorRoutes(api, ctx);
  });

  await serveBuiltApps(
    app,
    opts.webDist ?? path.join(repoRoot, 'apps/web/dist'),
    opts.adminDist ?? path.join(repoRoot, 'apps/admin/dist'),
  );
  if (opts.jobs ?? true) jobs.start();
  return { app, ctx, jobs, metrics };
}

/** Serves both built apps: hashed assets cached for a year, index.html never cached, .br/.gz twins sent to clients that take them. */
async function serveBuiltApps(app: FastifyInstance, webDist: string, adminDist: string) {
  const setHeaders = (reply: { header(k: string, v: string): unknown }, file: string) => {
    reply.header('Cache-Control', /[\\/]assets[\\/]/.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  if (fs.existsSync(path.join(adminDist, 'index.html'))) {
    app.get('/admin', (_req, reply) => reply.redirect('/admin/', 301));
    await app.register(fastifyStatic, {
      root: adminDist,
      prefix: '/admin/',
      setHeaders,
      cacheControl: false,
      decorateReply: false,
    });
  }
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      setHeaders,
      cacheControl: false,
      decorateReply: false,
      preCompressed: true,
    });
  }
}
