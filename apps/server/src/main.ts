import { Server } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { startDraining } from './lib/http.js';
import { type SeedReport, seedFirstStart } from './seed.js';

function banner(config: Config, seeded: SeedReport, url: string): string {
  const lines = ['', `C2C is running.`, `  Customer app:     ${url}/`, `  Operator console: ${url}/admin/`];
  lines.push(
    config.smtpUrl
      ? '  Mail:             sent through SMTP_URL'
      : `  Mail:             written to ${config.dataDir}/outbox/ (no SMTP_URL set)`,
  );
  lines.push(
    `  Database:         ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite at ${config.dataDir}/c2c.sqlite`}`,
  );
  // never a secret: those given came from the environment, those generated are in a file only this user reads
  if (seeded.owner?.file)
    lines.push(
      '',
      `First start: the owner operator ${seeded.owner.email} was created. What was generated for them (password, TOTP secret)`,
      `  is in ${seeded.owner.file} (readable by this user only): keep it somewhere safe, then delete the file.`,
    );
  else if (seeded.owner)
    lines.push(
      '',
      `First start: the owner operator ${seeded.owner.email} was created with ADMIN_PASSWORD and ADMIN_TOTP_SECRET.`,
    );
  if (seeded.houseCode) lines.push('', `House invitation code for the first customers: ${seeded.houseCode.code}`);
  if (seeded.demo)
    lines.push('', `Demo customer: ${seeded.demo.email} / ${seeded.demo.password}  (its invitation code registers nobody)`);
  if (seeded.demoAddresses)
    lines.push(
      `Demo receiving addresses (${seeded.demoAddresses.join(', ')}): customers are told not to send funds there. Remove the demo data in the console (owner: banner at the top) before real use.`,
    );
  if (seeded.demoRefused) lines.push('', `Demo data: not seeded, because ${seeded.demoRefused}.`);
  return `${lines.join('\n')}\n`;
}

/**
 * Node flags the server is meant to start with, by name (the values are in scripts/cluster.mjs SERVER_NODE_FLAGS and the
 * root package.json's `start`). V8 reads them only when the process starts, so they cannot be set from here.
 */
const NODE_FLAGS = ['--max-semi-space-size', '--heap-growing-percent'];
const startedWith = (flag: string) =>
  [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((arg) => {
    const a = arg.replaceAll('_', '-'); // V8 takes --max_semi_space_size too
    return a === flag || a.startsWith(`${flag}=`);
  });

async function main() {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const { app, ctx } = await buildApp(config);
  // a promise some handler forgot to await must not take every customer's connection down with it: the database keeps
  // each transaction whole, so logging it loudly is safer than ending the process
  process.on('unhandledRejection', (err) => app.log.error({ err }, 'unhandled rejection'));
  const missing = NODE_FLAGS.filter((flag) => !startedWith(flag));
  if (missing.length)
    app.log.warn(`started without ${missing.join(' ')}: the server takes up to 16 MB more memory (docs/operations.md, Memory)`);
  const seeded = await seedFirstStart(ctx);
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(
    banner(config, seeded, `http://${['0.0.0.0', '127.0.0.1', '::'].includes(config.host) ? 'localhost' : config.host}:${port}`),
  );
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: Ctrl-C reaches both npm and the server, and npm forwards it again; a repeat must not kill the
    // process mid-shutdown (the timers below bound it anyway)
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(app, signal);
    });
  }
}

/**
 * On SIGTERM, how long a node keeps the connections already open to it after it stopped listening, answering whatever
 * arrives on them with 503 and closing each after its answer: a balancer keeps idle connections to its nodes and may
 * send a request on one at the very moment the node closes it, which loses that request (HAProxy closes the client's
 * connection then, unanswered). Once it has seen the node refuse two health checks (1 s apart) it sends nothing more,
 * and the 503s in between it sends to another node (scripts/cluster.mjs: `retry-on 503`).
 */
const GRACE_MS = 3_000;
/** after this long (from the signal), connections still in a request (a slow upload, half a body) or a WebSocket are cut */
const DRAIN_MS = 5_000;
/** the last resort: exit even if closing the app hangs */
const HARD_EXIT_MS = 8_000;

/**
 * Stops listening at once (the port is free, new connections are refused), lets open requests finish, then closes the
 * app and exits. On SIGTERM with connections open it closes the idle ones only after `GRACE_MS`; Ctrl-C (SIGINT) does
 * not wait.
 */
function stop(app: FastifyInstance, signal: string) {
  app.log.info({ signal }, 'stopping: no new connections, finishing open requests');
  // the listening socket alone: http's own close would also close the idle keep-alive connections now
  Server.prototype.close.call(app.server);
  startDraining(app);
  setTimeout(() => {
    app.log.warn(`requests still open ${DRAIN_MS / 1000} s after ${signal}: closing their connections`);
    app.server.closeAllConnections();
    // upgraded sockets are no longer the HTTP server's: live-update clients that ignore the close handshake
    for (const socket of app.websocketServer?.clients ?? []) socket.terminate();
  }, DRAIN_MS).unref();
  setTimeout(() => {
    app.log.error(`not stopped ${HARD_EXIT_MS / 1000} s after ${signal}: exiting anyway`);
    process.exit(1);
  }, HARD_EXIT_MS).unref();
  app.server.getConnections((_err, open) => {
    setTimeout(() => close(app), signal === 'SIGTERM' && open > 0 ? GRACE_MS : 0);
  });
}

function close(app: FastifyInstance) {
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      app.log.error({ err }, 'error while stopping');
      process.exit(1);
    },
  );
}

main().catch((err) => {
  process.stderr.write(`C2C failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
