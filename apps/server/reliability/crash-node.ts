/**
 * The server process the crash suite kills: `main`'s start (migrations, first-start seed, jobs on their timers) on the
 * database the environment names, with the Redis key prefix of REDIS_PREFIX, listening on a free port it prints as
 * `{"url": ...}`. Bundled by the suite with esbuild, because a bundle starts in a fraction of tsx's time.
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedFirstStart } from '../src/seed.js';

const { app, ctx } = await buildApp(loadConfig(process.env), { redisPrefix: process.env.REDIS_PREFIX });
await seedFirstStart(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })}\n`,
);
