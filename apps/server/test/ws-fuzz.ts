import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { figure, n } from './figures.js';
import { signUp, startNode, startServer, type TestNode, type TestServer } from './harness.js';

/**
 * The fuzz of the live-update protocol (`/ws`), against a server in a process of its own, so that a frame which ends the
 * process shows as what it is: the process gone. Each case opens a socket, sends a few frames (well-formed messages,
 * any JSON, any text, bytes, text that is not UTF-8, frames past the size limit) and then a ping. The server must
 * answer the ping when every frame was a message of the protocol, close the socket as malformed (4400; 1007 or 1009
 * from the socket library for bad UTF-8 and oversized frames) when the first that was not came before any sign-in, and
 * stay up through all of it.
 */

type Frame =
  | { kind: 'ping' }
  | { kind: 'auth'; real: boolean; token: string }
  | { kind: 'badAuth'; value: unknown }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'binary'; bytes: Uint8Array }
  | { kind: 'utf8'; bytes: Uint8Array }
  | { kind: 'oversized'; size: number };

const MALFORMED_CLOSES = [4400, 1007, 1009];
const MAX_PAYLOAD = 4096;

/** Any JSON but a message of the protocol: `null`, numbers, arrays, strings, objects without a known type. */
const notAMessage = fc.jsonValue().filter((v) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return true;
  const { type } = v as Record<string, unknown>;
  return type !== 'ping' && type !== 'auth';
});
/** Sign-ins without a usable token: refused as a wrong token is (-1, then 4401). */
const badSignIns = fc.constantFrom<unknown>(
  { type: 'auth' },
  { type: 'auth', token: null },
  { type: 'auth', token: 7 },
  { type: 'auth', token: '' },
  { type: 'auth', token: 'x'.repeat(300) },
  { type: 'auth', token: ['a'] },
);
const oddShapes = fc.constantFrom<unknown>(
  null,
  0,
  -1,
  1e308,
  true,
  'ping',
  [],
  [{ type: 'ping' }],
  {},
  { type: null },
  { type: 'subscribe', topic: 'money' },
  { type: { toString: 'ping' } },
  { __proto__: { type: 'ping' } },
);

function frameArb(realToken: string): fc.Arbitrary<Frame> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<Frame>({ kind: 'ping' }) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.constant<Frame>({ kind: 'auth', real: true, token: realToken }),
        fc.string({ minLength: 1, maxLength: 64 }).map((token): Frame => ({ kind: 'auth', real: false, token })),
        badSignIns.map((value): Frame => ({ kind: 'badAuth', value })),
      ),
    },
    { weight: 3, arbitrary: fc.oneof(notAMessage, oddShapes).map((value): Frame => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc
        .string({ unit: 'binary', maxLength: 200 })
        .filter((t) => {
          try {
            JSON.parse(t);
            return false;
          } catch {
            return true;
          }
        })
        .map((text): Frame => ({ kind: 'text', text })),
    },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes): Frame => ({ kind: 'binary', bytes })) },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 40 })
        .map((bytes): Frame => ({ kind: 'utf8', bytes: Uint8Array.from([...bytes, 0xff, 0xc3]) })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: MAX_PAYLOAD + 1, max: 4 * MAX_PAYLOAD }).map((size): Frame => ({ kind: 'oversized', size })),
    },
  );
}

function sendFrame(ws: WebSocket, f: Frame) {
  switch (f.kind) {
    case 'ping':
      return ws.send(JSON.stringify({ type: 'ping' }));
    case 'auth':
      return ws.send(JSON.stringify({ type: 'auth', token: f.token }));
    case 'json':
    case 'badAuth':
      return ws.send(JSON.stringify(f.value) ?? 'undefined');
    case 'text':
      return ws.send(f.text);
    case 'binary':
      return ws.send(f.bytes, { binary: true });
    case 'utf8':
      return ws.send(f.bytes, { binary: false });
    case 'oversized':
      return ws.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(f.size) }));
  }
}

const isMessage = (f: Frame) => f.kind === 'ping' || f.kind === 'auth' || f.kind === 'badAuth';
const isSignIn = (f: Frame) => f.kind === 'auth' || f.kind === 'badAuth';

/** Sends one case's frames and a last ping; answers whether the ping came back and how the socket closed, if it did. */
function runCase(url: string, frames: Frame[]): Promise<{ pong: boolean; closed: number | undefined }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
    // the last ping's pong tells that every frame before it was read
    const pings = frames.filter((f) => f.kind === 'ping').length + 1;
    let pongs = 0;
    let pong = false;
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error(`no answer in 5 s to ${JSON.stringify(frames).slice(0, 300)}`));
    }, 5_000);
    ws.on('error', () => {});
    ws.on('open', () => {
      for (const f of frames) sendFrame(ws, f);
      ws.send(JSON.stringify({ type: 'ping' }));
    });
    ws.on('message', (raw) => {
      if (JSON.parse(raw.toString()).type !== 'pong' || ++pongs < pings) return;
      pong = true;
      // every frame before this ping was read: the case is over unless the server still closes for a sign-in it refused
      clearTimeout(timer);
      ws.close(1000);
    });
    ws.on('close', (code) => {
      clearTimeout(timer);
      resolve({ pong, closed: pong ? undefined : code });
    });
  });
}

/** Registers the protocol fuzz: `runs` cases unless FUZZ_RUNS_WS says otherwise. */
export function wsFuzzSuite(opts: { runs: number; name: string }): void {
  const SEED = Number(process.env.FUZZ_SEED) || Math.floor(Math.random() * 2 ** 31);
  const RUNS = Number(process.env.FUZZ_RUNS_WS) || opts.runs;
  let s: TestServer;
  let node: TestNode;
  let token: string;
  beforeAll(async () => {
    s = await startServer();
    node = await startNode(s);
    token = (await signUp(s)).token;
  });
  afterAll(async () => {
    await node?.close();
    await s?.close();
  });

  describe('fuzzing the live-update protocol', () => {
    it(`keeps the process up and answers each frame by the protocol (${RUNS} cases)`, {
      timeout: 60_000 + RUNS * 50,
    }, async () => {
      const started = performance.now();
      const tally = { answered: 0, malformed: 0, other: 0 };
      let cases = 0;
      try {
        await fc.assert(
          fc.asyncProperty(fc.array(frameArb(token), { minLength: 1, maxLength: 4 }), async (frames) => {
            cases++;
            const { pong, closed } = await runCase(node.url, frames);
            const where = JSON.stringify(frames, (_, v) => (v instanceof Uint8Array ? [...v] : v)).slice(0, 400);
            expect(node.alive(), `the node died after ${where}`).toBe(true);
            const first = frames.findIndex((f) => !isMessage(f));
            const signedInBefore = frames.slice(0, Math.max(first, 0)).some(isSignIn);
            if (first === -1) {
              // only messages: the ping is answered unless a refused sign-in closed the socket first (4401)
              if (pong) tally.answered++;
              else expect(closed, where).toBe(4401);
              if (!frames.some((f) => f.kind === 'badAuth' || (f.kind === 'auth' && !f.real))) expect(pong, where).toBe(true);
            } else if (!signedInBefore) {
              tally.malformed++;
              expect(pong, where).toBe(false);
              expect(MALFORMED_CLOSES, where).toContain(closed);
            } else {
              tally.other++;
              expect(pong, where).toBe(false);
            }
            if (cases % 50 === 0) expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
          }),
          { seed: SEED, numRuns: RUNS, includeErrorInReport: true },
        );
      } catch (err) {
        throw new Error(`ws fuzz failed; replay with FUZZ_SEED=${SEED}\n${(err as Error).message}`);
      }
      expect(node.alive()).toBe(true);
      expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
      const seconds = (performance.now() - started) / 1000;
      figure(
        `${opts.name}: ${n(cases)} cases, ${n(tally.answered)} answered, ${n(tally.malformed)} closed as malformed, ` +
          `${n(tally.other)} closed after a sign-in, node up, seed ${SEED}, ${Math.round(seconds)} s`,
      );
    });
  });
}
