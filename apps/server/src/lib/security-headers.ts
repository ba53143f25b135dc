import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet writes for `options`, worked out once at start: none of them depends on the request, and
 * @fastify/helmet built helmet's middleware anew (parsing the CSP directives again) for every request.
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: unknown) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return Object.freeze(Object.fromEntries(headers));
}

/**
 * The headers of an API answer (JSON, a CSV export, an uploaded image), after OWASP's REST Security Cheat Sheet: never
 * stored by a cache (balances, tokens), never sniffed as another type, never framed, nothing loaded by it if opened as a
 * document. The documents' set (CSP for the apps, cross-origin isolation and the rest) is ~900 bytes that a JSON answer
 * has no use for, written into every answer; a route may still set its own cache rule (an upload's).
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
});
