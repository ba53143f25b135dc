import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
  dispatchEvent(new Event('online'));
});

describe('queries on a page opened offline', () => {
  it('wait for the connection instead of failing, and load as soon as it is back', async () => {
    vi.resetModules();
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { queryClient } = await import('./query-client');
    // as the app's QueryClientProvider does: from then on the client follows the connection events
    queryClient.mount();
    const load = vi.fn(async () => ({ balance: '355.00' }));
    const loaded = queryClient.fetchQuery({ queryKey: ['money'], queryFn: load });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(load).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(['money'])?.fetchStatus).toBe('paused');

    online.mockReturnValue(true);
    dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toEqual({ balance: '355.00' });
    expect(load).toHaveBeenCalledTimes(1);
    queryClient.unmount();
  });
});
