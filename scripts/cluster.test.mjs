// npm run cluster: its arguments, the HAProxy configuration it writes, and the refusals before anything starts.
// (The cluster itself runs in apps/server/reliability/cluster.test.ts, on PostgreSQL and Redis.)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ClusterError, haproxyConfig, parseArgs, startCluster } from './cluster.mjs';

test('takes --nodes and --port, PORT from the environment, and refuses anything else', () => {
  assert.deepEqual(parseArgs([], {}), { nodes: 2, port: 8080, help: false });
  assert.deepEqual(parseArgs([], { PORT: '9100' }), { nodes: 2, port: 9100, help: false });
  assert.deepEqual(parseArgs(['--nodes', '3', '--port=9101'], { PORT: '9100' }), { nodes: 3, port: 9101, help: false });
  assert.equal(parseArgs(['--help'], {}).help, true);
  for (const bad of [['--nodes', '0'], ['--nodes', '17'], ['--nodes', 'two'], ['--nodes'], ['--port', '70000'], ['--verbose']])
    assert.throws(() => parseArgs(bad, {}), ClusterError, bad.join(' '));
  assert.throws(() => parseArgs([], { PORT: 'http' }), /--port \(or PORT\)/);
});

test('writes an HAProxy configuration: round robin over every node, checks on /readyz, /ws tunnels, the client address', () => {
  const cfg = haproxyConfig({ port: 9102, nodes: [{ port: 41001 }, { port: 41002 }] });
  for (const line of [
    'mode http',
    'option forwardfor',
    'balance roundrobin',
    'option httpchk GET /readyz',
    'http-check expect status 200',
    'timeout tunnel 1h',
    'bind 127.0.0.1:9102',
    'server node1 127.0.0.1:41001 check',
    'server node2 127.0.0.1:41002 check',
  ])
    assert.match(cfg, new RegExp(`^\\s*${line.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm'), line);
  // the client cannot choose the address the nodes' throttles count: its own header is dropped first
  assert.match(cfg, /^\s*http-request del-header x-forwarded-for$/m);
  // the nodes' Keep-Alive hint (72 s) would have clients reuse connections the balancer closed after its own limit
  assert.match(cfg, /^\s*http-response del-header keep-alive$/m);
  assert.doesNotMatch(
    haproxyConfig({ port: 1, nodes: [{ port: 2 }], keepClientForwardedFor: true }),
    /del-header x-forwarded-for/,
  );
});

test('refuses to start without PostgreSQL and Redis, saying so', async () => {
  await assert.rejects(startCluster({ env: { REDIS_URL: 'redis://127.0.0.1:6379' } }), (err) => {
    assert.ok(err instanceof ClusterError);
    assert.match(err.message, /a cluster needs PostgreSQL and Redis.*set DATABASE_URL\b/);
    return true;
  });
  await assert.rejects(startCluster({ env: {} }), /set DATABASE_URL and REDIS_URL/);
});

test('says how to install HAProxy when it is missing', async () => {
  const env = {
    DATABASE_URL: 'postgres://127.0.0.1:5432/x',
    REDIS_URL: 'redis://127.0.0.1:6379',
    HAPROXY: '/nonexistent/haproxy',
  };
  await assert.rejects(startCluster({ env }), /apt-get install haproxy/);
});
