import { vi } from 'vitest';

type Handler = (body: URLSearchParams) => { code: number; msg?: string; data?: unknown };

/** A fake server: one handler per API path; every call is recorded with its form body. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: { path: string; body: URLSearchParams }[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body instanceof URLSearchParams ? init.body : new URLSearchParams();
    calls.push({ path, body });
    const handler = routes[path];
    const envelope = handler ? handler(body) : { code: 1001, msg: 'This function does not exist', data: {} };
    return new Response(JSON.stringify({ msg: '', data: {}, ...envelope }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, paths: () => calls.map((c) => c.path) };
}
