// The yardstick of `bench:http`: a bare node:http server answering a small JSON envelope, in a process of its own.
import http from 'node:http';

const body = JSON.stringify({ code: 200, msg: 'ok', data: {} });
const server = http.createServer((req, res) => {
  // read the body as a real server must before answering
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => process.stdout.write(`listening ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
