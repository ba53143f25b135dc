/**
 * One server process's start, as `main` does it (migrations in `buildApp`, then the first-start seed), configured by
 * the environment; prints what it seeded as JSON and stops. The start-up tests run several at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { seedFirstStart } from '../src/seed.js';

// the processes of one test begin together: each signs in at the barrier and waits for the others
const barrier = process.env.START_BARRIER;
if (barrier) {
  fs.writeFileSync(path.join(barrier, String(process.pid)), '');
  while (fs.readdirSync(barrier).length < Number(process.env.START_COUNT)) await new Promise((r) => setTimeout(r, 2));
}

const { app, ctx } = await buildApp(loadConfig(process.env), { jobs: false });
try {
  const seeded = await seedFirstStart(ctx);
  process.stdout.write(`${JSON.stringify({ owner: !!seeded.owner, houseCode: !!seeded.houseCode, demo: !!seeded.demo })}\n`);
} finally {
  await app.close();
}
