// The simulation's HTTP side: customer calls (form-encoded, X-Access-Token) and operator calls (JSON, X-Admin-Token),
// each timed and classed, with at most `limit` requests in flight over all simulated people.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The error catalogue's keys by code, read from the shared package (its source is TypeScript; this is plain Node). */
export const ERROR_KEYS = (() => {
  const src = fs.readFileSync(path.join(root, 'packages/shared/src/errors.ts'), 'utf8');
  const block = src.slice(src.indexOf('export const ERROR_CODES'), src.indexOf('} as const'));
  const keys = new Map();
  for (const m of block.matchAll(/^\s+(\w+): (-?\d+),/gm)) keys.set(Number(m[2]), m[1]);
  if (!keys.has(1003)) throw new Error('could not read the error catalogue');
  return keys;
})();

/** A counting semaphore: the simulation's bound on concurrent requests. */
export class Gate {
  constructor(limit) {
    this.free = limit;
    this.waiting = [];
  }
  async take() {
    if (this.free > 0) {
      this.free--;
      return;
    }
    await new Promise((resolve) => this.waiting.push(resolve));
  }
  give() {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/** Thrown by a call whose answer is not what the simulation can go on with (an error is counted already). */
export class CallFailed extends Error {}

/**
 * Makes calls against the nodes. `expect` names the business refusals a call may meet in a busy market (a listing
 * sold out under the buyer, a balance already spent): those answer `{ refused: key }`; any other code, a non-envelope
 * answer, an HTTP status other than 200 or a network error is an error of the run.
 */
export class Client {
  constructor({ gate, stats, timeoutMs = 30_000 }) {
    this.gate = gate;
    this.stats = stats;
    this.timeoutMs = timeoutMs;
  }

  async #send(name, url, init, expect) {
    await this.gate.take();
    const t0 = performance.now();
    let answer;
    let status = 0;
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
      status = res.status;
      const text = await res.text();
      try {
        answer = JSON.parse(text);
      } catch {
        answer = undefined;
      }
      if (answer === undefined) answer = { badBody: text.slice(0, 120) };
    } catch (err) {
      const ms = performance.now() - t0;
      this.gate.give();
      this.stats.error(name, ms, `network: ${err.message}`);
      throw new CallFailed(`${name}: ${err.message}`);
    }
    const ms = performance.now() - t0;
    this.gate.give();
    const envelope = answer && typeof answer.code === 'number' && typeof answer.msg === 'string' && 'data' in answer;
    if (status !== 200 || !envelope) {
      this.stats.error(name, ms, `HTTP ${status} ${JSON.stringify(answer).slice(0, 160)}`);
      throw new CallFailed(`${name}: HTTP ${status}`);
    }
    if (answer.code === 200) {
      this.stats.ok(name, ms);
      return { data: answer.data };
    }
    const key = ERROR_KEYS.get(answer.code) ?? String(answer.code);
    if (expect.includes(key)) {
      this.stats.refused(name, ms, key);
      return { refused: key };
    }
    this.stats.error(name, ms, `code ${answer.code} (${key}) ${answer.msg}`);
    throw new CallFailed(`${name}: ${key}`);
  }

  /** A customer call: `who` = { node, token, ip }. */
  customer(who, apiPath, body = {}, expect = []) {
    return this.#send(
      apiPath.replace('/api/v1/', ''),
      who.node + apiPath,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': who.ip,
          ...(who.token ? { 'x-access-token': who.token } : {}),
        },
        body: new URLSearchParams({ lang: 'en', ...body }),
      },
      expect,
    );
  }

  /** An upload of `bytes` as the multipart field `file`, as the app sends a screenshot. */
  upload(who, bytes) {
    const form = new FormData();
    form.set('lang', 'en');
    form.set('file', new Blob([bytes], { type: 'image/png' }), 'shot.png');
    return this.#send(
      'attach/upload',
      `${who.node}/api/v1/attach/upload`,
      { method: 'POST', headers: { 'x-forwarded-for': who.ip, 'x-access-token': who.token }, body: form },
      [],
    );
  }

  /** An operator call on `node` with `token`. */
  operator(node, token, apiPath, body = {}, expect = []) {
    return this.#send(
      `admin ${apiPath.replace('/api/admin/v1/', '')}`,
      node + apiPath,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-admin-token': token } : {}) },
        body: JSON.stringify({ lang: 'en', ...body }),
      },
      expect,
    );
  }
}

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) of a base32 secret, for the owner's sign-in. */
export function totp(secret, at = Date.now()) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secret.replace(/=+$/, '')) bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const h = crypto.createHmac('sha1', key).update(counter).digest();
  const o = h[h.length - 1] & 0xf;
  return String((h.readUInt32BE(o) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** A real 1×1 PNG (the server checks magic bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export { BANK_FORM } from '../../packages/shared/test-fixtures/payout-accounts.mjs';
