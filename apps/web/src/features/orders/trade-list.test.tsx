import { API, ROUTES, TRADE_STATUSES } from '@c2c/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRADE_STATUS_KEYS } from '../../components/trade-status';
import { queryClient } from '../../lib/query-client';
import type { TradeRow } from '../../lib/trade';
import { config, money, openApp, signIn } from '../../test/app';
import { fakeServer, pageOf } from '../../test/fetch';

const row = (over: Partial<TradeRow>): TradeRow => ({
  id: 1,
  order_no: 'T0001',
  listing_id: 11,
  role: 'buyer',
  counterparty: 'bo***@example.com',
  quantity: '50.00',
  price: '0.95',
  currency: 'EUR',
  fiat_amount: '47.50',
  status: 'awaiting_payment',
  reference: 'C2C-AAAA',
  window_minutes: 15,
  pay_deadline: '2025-03-01T10:15:00.000Z',
  paid_at: null,
  release_deadline: null,
  ended_at: null,
  appeal: null,
  resolution: null,
  unread: 0,
  created_at: '2025-03-01T10:00:00.000Z',
  ...over,
});

beforeAll(() => import('./orders-page'));
beforeEach(() => signIn());
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('Trades tab', () => {
  it('lists both sides with their state and unread dot, filters by state, opens a trade; the tab bar shows the badge', async () => {
    const calls = fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.tradeUnread]: () => ({ code: 200, data: { messages: 2, actions: 1 } }),
      [API.tradeList]: (body) =>
        body.get('status') === 'disputed'
          ? pageOf([row({ id: 3, order_no: 'T0003', status: 'disputed', role: 'seller' })])
          : pageOf([row({ id: 1, unread: 2 }), row({ id: 2, order_no: 'T0002', role: 'seller', status: 'completed' })]),
      [API.tradeDetail]: () => ({ code: 500, msg: 'not in this test' }),
    });
    openApp(ROUTES.orders);
    expect(await screen.findByText('T0001')).toBeTruthy();
    expect(screen.getByText('Bought · bo***@example.com')).toBeTruthy();
    expect(screen.getByText('Sold · bo***@example.com')).toBeTruthy();
    expect(screen.getAllByText('Awaiting payment').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('status', { name: 'New messages' })).toHaveLength(1);
    // 2 unread messages + 1 trade waiting for the user's step
    await waitFor(() => expect(document.querySelector('.adm-tab-bar .adm-badge')?.textContent).toBe('3'));

    fireEvent.click(screen.getAllByText('Disputed')[0] as HTMLElement);
    expect(await screen.findByText('T0003')).toBeTruthy();
    expect(calls.bodies(API.tradeList).at(-1)?.get('status')).toBe('disputed');

    fireEvent.click(screen.getByText('T0003'));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.trade}`));
    expect(new URLSearchParams(location.search).get('id')).toBe('3');
  });

  /** The Orders page of a customer with no trades and nothing unread. */
  const openEmptyOrders = () => {
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.tradeUnread]: () => ({ code: 200, data: { messages: 0, actions: 0 } }),
      [API.tradeList]: () => pageOf([]),
    });
    openApp(ROUTES.orders);
  };

  it('offers every trade state as a filter, in the shared order', async () => {
    openEmptyOrders();
    await screen.findByText('All');
    const tabs = [...document.querySelectorAll('.capsule-tabs [role=tab]')].map((tab) => tab.textContent);
    expect(tabs).toEqual(['All', ...TRADE_STATUSES.map((s) => i18n.t(TRADE_STATUS_KEYS[s]))]);
  });

  it('shows the empty state', async () => {
    openEmptyOrders();
    expect(await screen.findByText('No trades yet')).toBeTruthy();
    expect(document.querySelector('.adm-tab-bar .adm-badge')).toBeNull();
  });
});
