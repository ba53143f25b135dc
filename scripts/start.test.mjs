// The compiled server stops when told: SIGTERM frees the port at once and ends the process within 10 s even while a
// client is stuck halfway through a request body, and SIGTERM to `npm start` reaches the server (no process left).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { buildServer, SERVER_DIR } from '../apps/server/build.mjs';
import { build, ROOT } from './build.mjs';

const STOP_BUDGET_MS = 10_000;
const cleanups = [];
after(() => {
  for (const fn of cleanups.reverse()) fn();
});

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer().once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** a fresh SQLite data folder, no demo data, nothing from the caller's environment that points elsewhere */
function serverEnv(port) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'c2c-stop-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false' };
  for (const key of ['DATABASE_URL', 'DATABASE_SCHEMA', 'REDIS_URL', 'SMTP_URL', 'PUBLIC_URL']) delete env[key];
  return env;
}

/** Starts `command` in its own process group, keeps its output for failure messages, and kills the group at the end. */
function launch(command, args, options) {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })));
  cleanups.push(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // the group is gone
    }
  });
  return { child, exited, output: () => output };
}

async function waitReady(port, proc, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) assert.fail(`server exited before it was ready:\n${proc.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`server not ready within ${timeoutMs} ms:\n${proc.output()}`);
}

/** resolves true when a new connection is refused, false when it is accepted */
function refused(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err) => resolve(err.code === 'ECONNREFUSED'));
  });
}

async function waitRefused(port, since) {
  while (Date.now() - since < STOP_BUDGET_MS) {
    if (await refused(port)) return Date.now() - since;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`port ${port} still accepts connections ${STOP_BUDGET_MS} ms after SIGTERM`);
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A client that sends the headers and half the body of a sign-in, then waits. */
function halfBodyClient(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'POST /api/v1/user/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
          `Content-Length: 1000\r\n\r\n${'e'.repeat(500)}`,
        () => resolve(socket),
      );
    });
    socket.on('error', reject);
    cleanups.push(() => socket.destroy());
  });
}

/** A keep-alive connection that finished one request and now sits idle. */
function idleKeepAliveClient(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n');
    });
    socket.once('data', () => resolve(socket));
    socket.on('error', reject);
    cleanups.push(() => socket.destroy());
  });
}

/** A WebSocket (the live-update channel) that never answers the server's close frame. */
function deafWebSocket(port) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
    });
    socket.once('data', (d) =>
      /^HTTP\/1\.1 101 /.test(d.toString('latin1')) ? resolve(socket) : reject(new Error('no upgrade')),
    );
    socket.on('error', reject);
    cleanups.push(() => socket.destroy());
  });
}

test('the compiled server frees its port at once and exits within 10 s of SIGTERM, despite a client stuck mid-body', async () => {
  const outdir = fs.mkdtempSync(path.join(SERVER_DIR, '.test-dist-'));
  cleanups.push(() => fs.rmSync(outdir, { recursive: true, force: true }));
  await buildServer({ outdir, quiet: true });

  const port = await freePort();
  const server = launch(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], { env: serverEnv(port) });
  await waitReady(port, server, 30_000);

  const slow = await halfBodyClient(port);
  const idle = await idleKeepAliveClient(port);
  const deaf = await deafWebSocket(port);
  await new Promise((r) => setTimeout(r, 300)); // the server has read the half body

  const sent = Date.now();
  server.child.kill('SIGTERM');
  const portFreeMs = await waitRefused(port, sent);
  const { code, signal, at } = await withTimeout(server.exited, STOP_BUDGET_MS + 2_000, 'server did not exit');
  const exitMs = at - sent;
  console.info(`SIGTERM → port refused after ${portFreeMs} ms, process exited after ${exitMs} ms (code ${code})`);
  assert.ok(exitMs < STOP_BUDGET_MS, `exited ${exitMs} ms after SIGTERM:\n${server.output()}`);
  assert.equal(signal, null, server.output());
  assert.equal(code, 0, `exit code ${code}, the hard exit was needed:\n${server.output()}`);
  const closed = (socket) => (socket.destroyed ? true : new Promise((resolve) => socket.resume().once('close', resolve)));
  await withTimeout(Promise.all([slow, idle, deaf].map(closed)), 1_000, 'a client connection is still open');
});

test('SIGTERM to `npm start` stops the server and leaves no process behind; with nothing to build it is up in 15 s', async () => {
  // the real start command on a built tree (`npm test` builds first; a bare run builds here what is out of date)
  await build({ quiet: true });

  const port = await freePort();
  const started = Date.now();
  const npm = launch('npm', ['start'], { cwd: ROOT, env: serverEnv(port) });
  await waitReady(port, npm, 15_000);
  const upMs = Date.now() - started;
  assert.doesNotMatch(npm.output(), /build: \w+ \(/, 'npm start rebuilt something on an up-to-date tree');

  const sent = Date.now();
  npm.child.kill('SIGTERM'); // npm alone, as a process manager or `kill <pid>` would
  const { code, at } = await withTimeout(npm.exited, STOP_BUDGET_MS, 'npm start did not exit');
  assert.equal(code, 0, `npm start exited with ${code}:\n${npm.output()}`);
  assert.ok(await refused(port), 'the port is free');
  // nothing of the launch is left: no shell, no server, in npm's process group
  const gone = await withTimeout(
    (async () => {
      for (;;) {
        try {
          process.kill(-npm.child.pid, 0);
        } catch {
          return true;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    })(),
    2_000,
    'a process of the npm start launch is still running',
  );
  assert.ok(gone);
  console.info(`npm start: up in ${upMs} ms; SIGTERM → exited after ${at - sent} ms`);
});
