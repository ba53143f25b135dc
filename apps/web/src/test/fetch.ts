import { vi } from 'vitest';

export type FakeBody = URLSearchParams | FormData;
type Envelope = { code: number; msg?: string; data?: unknown };
/** Answers an envelope, or a whole Response (a file); throwing stands for a network failure. */
type Handler = (body: FakeBody) => Envelope | Response;

/** A fake server: one handler per API path; every call is recorded with its form body and headers. */
export function fakeServer(routes: Record<string, Handler>) {
  const calls: { path: string; body: FakeBody; headers: Record<string, string> }[] = [];
  const fetchMock = vi.fn(async (path: string, init?: RequestInit) => {
    const body = init?.body instanceof URLSearchParams || init?.body instanceof FormData ? init.body : new URLSearchParams();
    calls.push({ path, body, headers: (init?.headers ?? {}) as Record<string, string> });
    const handler = routes[path];
    const answer = handler ? handler(body) : { code: 1001, msg: 'This function does not exist', data: {} };
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify({ msg: '', data: {}, ...answer }), { headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    paths: () => calls.map((c) => c.path),
    bodies: (path: string) => calls.filter((c) => c.path === path).map((c) => c.body),
  };
}

/** A page of a list call. */
export const pageOf = <T>(list: T[], total = list.length, page = 1, page_size = 20) => ({
  code: 200,
  data: { list, total, page, page_size },
});
