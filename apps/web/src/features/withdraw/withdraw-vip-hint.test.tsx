import { API, ROUTES, type VipInfo } from '@c2c/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, money, openApp, signIn } from '../../test/app';
import { fakeServer } from '../../test/fetch';
import { BANK } from '../../test/fixtures';

const vip: VipInfo = {
  level: 1,
  earned_level: 1,
  overridden: false,
  volume: '1200.00',
  next_volume: '10000.00',
  daily_withdraw_limit: '20000.00',
  withdrawn_today: '500.00',
  withdraw_left_today: '19500.00',
};

beforeAll(() => import('./withdraw-page'));
beforeEach(() => signIn());
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('withdraw form: the VIP daily limit', () => {
  it("shows the level's daily limit and what is left of it today", async () => {
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.bankinfoList]: () => ({ code: 200, data: { list: [BANK] } }),
      [API.vipInfo]: () => ({ code: 200, data: vip }),
    });
    openApp(ROUTES.withdraw);
    expect((await screen.findByTestId('vip-hint')).textContent).toBe(
      'VIP 1: withdrawals up to 20,000.00 USDT a day (UTC), 19,500.00 USDT left today',
    );
  });
});
