#!/usr/bin/env node
// Development: the server restarts on change (tsx watch), both apps are served by Vite with hot reload
// and proxy /api and /ws to the server.
import { spawn } from 'node:child_process';

const procs = [
  ['server', ['exec', '--', 'tsx', 'watch', 'apps/server/src/main.ts']],
  ['web', ['run', 'dev', '-w', '@c2c/web', '--', '--port', '5173']],
  ['admin', ['run', 'dev', '-w', '@c2c/admin', '--', '--port', '5174']],
].map(([name, args]) => {
  const p = spawn('npm', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [p.stdout, p.stderr]) stream.on('data', (d) => process.stdout.write(`[${name}] ${d}`));
  return p;
});
console.info('dev: customer app http://localhost:5173  console http://localhost:5174/admin/  API http://localhost:8080');
const stop = () => {
  for (const p of procs) p.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
