import { API, ROUTES } from '@c2c/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, money, openApp, signIn, user } from '../../test/app';
import { fakeServer } from '../../test/fetch';

beforeAll(() => import('./mine-page'));
beforeEach(() => signIn());
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('My page', () => {
  it('shows the VIP label of the level the server answers for the user', async () => {
    // the stored user says VIP 2; the server now answers VIP 3 (an owner's override or a level earned since)
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.getInfo]: () => ({ code: 200, data: { ...user, vip_level: 3 } }),
    });
    openApp(ROUTES.mine);
    expect(await screen.findByText('VIP 3')).toBeTruthy();
    expect(screen.queryByText('VIP 2')).toBeNull();
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').vip_level).toBe(3);
  });

  it('shows VIP 0 for a customer without a level', async () => {
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.getInfo]: () => ({ code: 200, data: { ...user, vip_level: 0 } }),
    });
    openApp(ROUTES.mine);
    expect(await screen.findByText('VIP 0')).toBeTruthy();
  });
});
