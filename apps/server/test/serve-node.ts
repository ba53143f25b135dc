/**
 * One more server process on an existing deployment's database, as a second node of a cluster: configured by the
 * environment (the first node's DATA_DIR, DATABASE_URL and DATABASE_SCHEMA), with the first node's Redis key prefix in
 * REDIS_PREFIX. Prints `{"url": ...}` once it listens, and closes when its standard input ends (the test closing it,
 * or the test process dying).
 */
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const { app } = await buildApp(loadConfig(process.env), { jobs: false, redisPrefix: process.env.REDIS_PREFIX });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(
  `${JSON.stringify({ url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` })}\n`,
);
process.stdin.resume();
process.stdin.on('end', async () => {
  await app.close();
  process.exit(0);
});
