import { API } from '@c2c/shared';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api';
import { OfflineBanner } from './offline-banner';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  act(() => {
    dispatchEvent(new Event(offline ? 'offline' : 'online'));
  });
}

describe('OfflineBanner', () => {
  it('shows only while the device is offline, and goes when it is back', () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    goOffline(true);
    expect(screen.getByRole('status').textContent).toBe(
      'You are offline: nothing can be loaded or sent until the connection is back.',
    );
    goOffline(false);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows at once when the page opens offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<OfflineBanner />);
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('shows while the server cannot be reached although the device is online, and goes with its next answer', async () => {
    render(<OfflineBanner />);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await act(() => api(API.config, {}, { catch: true, toast: false }).catch(() => undefined));
    expect(navigator.onLine).toBe(true);
    expect(screen.getByRole('status').textContent).toContain('You are offline');

    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 200, msg: '', data: {} }), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    await act(() => api(API.config, {}, { catch: true, toast: false }));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
