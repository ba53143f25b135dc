import { API } from '@c2c/shared';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isServerReachable, reportServerReachable } from './connection';
import { queryClient } from './query-client';
import { keepReconnecting, PROBE_MS } from './reconnect';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  reportServerReachable(true);
  queryClient.clear();
});

describe('coming back after the server could not be reached', () => {
  it('asks the server again every few seconds, ends the offline state at its first answer and reloads what failed', async () => {
    vi.useFakeTimers();
    let up = false;
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (path: string) => {
        asked.push(path);
        if (!up) throw new TypeError('Failed to fetch');
        return new Response(JSON.stringify({ code: 200, msg: '', data: {} }), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const money = vi.fn(async () => {
      if (!up) throw new Error('unreachable');
      return { balance: '355.00' };
    });
    const observer = new QueryObserver(queryClient, { queryKey: ['money'], queryFn: money, retry: false });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    reportServerReachable(false);
    const stop = keepReconnecting();
    try {
      await vi.advanceTimersByTimeAsync(PROBE_MS);
      expect(asked).toEqual([API.config]);
      expect(isServerReachable()).toBe(false);
      up = true;
      await vi.advanceTimersByTimeAsync(PROBE_MS);
      expect(isServerReachable()).toBe(true);
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ balance: '355.00' }));
      // reachable again: no more asking
      await vi.advanceTimersByTimeAsync(3 * PROBE_MS);
      expect(asked).toHaveLength(2);
    } finally {
      stop();
      unsubscribe();
    }
  });
});
