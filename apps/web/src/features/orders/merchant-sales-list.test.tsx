import { API, type MerchantSale, ROUTES } from '@c2c/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, money, openApp, signIn } from '../../test/app';
import { FakeWebSocket } from '../../test/fake-websocket';
import { fakeServer, pageOf } from '../../test/fetch';

const sale = (id: number, over: Partial<MerchantSale> = {}): MerchantSale => ({
  id,
  order_no: `S2025010100000${id}`,
  merchant_id: 5,
  merchant_name: 'Euro Desk',
  quantity: '50.00',
  price: '0.999999',
  currency: 'EUR',
  fiat_amount: '49.99',
  status: 'auditing',
  reason: '',
  reference: '',
  account: { id: 3, type: 'bank', label: 'Commerzbank ••3000' },
  created_at: '2025-01-01T10:00:00.000Z',
  reviewed_at: null,
  ...over,
});

const SALES = [
  sale(3, { status: 'rejected', reason: 'Name does not match the account' }),
  sale(2, { status: 'completed', reference: 'PAY-77' }),
  sale(1),
];

function server(list: MerchantSale[] = SALES) {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.saleuListOrder]: () => pageOf(list),
  });
}

async function openSales() {
  openApp(ROUTES.orders);
  fireEvent.click(await screen.findByText('Merchant sales'));
}

const rows = () => [...document.querySelectorAll('.sale-row')] as HTMLElement[];

beforeAll(() => import('./orders-page'));
beforeEach(() => signIn());
afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('merchant sales in Orders', () => {
  it('keeps Trades as the first tab and lists the sales with the spec labels, amounts and the reason', async () => {
    server();
    openApp(ROUTES.orders);
    expect(await screen.findByText('Trades')).toBeTruthy();
    fireEvent.click(screen.getByText('Merchant sales'));
    await screen.findByText('Order no. S20250101000003');
    const [rejected, completed, auditing] = rows().map((r) => within(r));
    expect(rejected?.getByText('Rejected')).toBeTruthy();
    expect(rejected?.getByText('Reason: Name does not match the account')).toBeTruthy();
    expect(completed?.getByText('Completed')).toBeTruthy();
    expect(completed?.getByText('Payment reference: PAY-77')).toBeTruthy();
    expect(auditing?.getByText('Auditing')).toBeTruthy();
    expect(auditing?.getByText('50.00')).toBeTruthy();
    expect(auditing?.getByText('0.999999 EUR/USDT')).toBeTruthy();
    expect(auditing?.getByText('49.99 EUR')).toBeTruthy();
    expect(auditing?.getByText('Selling quantity')).toBeTruthy();
    expect(auditing?.getByText('Matching time')).toBeTruthy();
    expect(auditing?.queryByText(/Reason/)).toBeNull();
    // only the paid sale says the money was received
    expect(completed?.getByText('Amount received')).toBeTruthy();
    expect(auditing?.getByText('Amount to receive')).toBeTruthy();
    expect(auditing?.queryByText('Amount received')).toBeNull();
    expect(rejected?.getByText('Sale amount')).toBeTruthy();
    expect(rejected?.queryByText('Amount received')).toBeNull();
  });

  it('filters by state', async () => {
    server();
    await openSales();
    await screen.findByText('Order no. S20250101000003');
    const statuses = screen.getByRole('tablist', { name: 'Filter by status' });
    fireEvent.click(within(statuses).getByRole('tab', { name: 'Rejected' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0] as HTMLElement).getByText('Order no. S20250101000003')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Auditing' }));
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText('Order no. S20250101000001')).toBeTruthy());
    expect(rows()).toHaveLength(1);
  });

  it('loads further pages while a state filter finds none among those loaded', async () => {
    const newer = Array.from({ length: 20 }, (_, i) => sale(100 - i));
    const older = [sale(7, { status: 'rejected', reason: 'Too late' })];
    const calls = fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.saleuListOrder]: (body) => (body.get('page') === '2' ? pageOf(older, 21, 2) : pageOf(newer, 21, 1)),
    });
    await openSales();
    await screen.findByText('Order no. S2025010100000100');
    fireEvent.click(screen.getByRole('tab', { name: 'Rejected' }));
    expect(await screen.findByText('Reason: Too late')).toBeTruthy();
    expect(rows()).toHaveLength(1);
    expect(calls.bodies(API.saleuListOrder).map((b) => b.get('page'))).toEqual(['1', '2']);
  });

  it('shows the empty state when there are none', async () => {
    server([]);
    await openSales();
    expect(await screen.findByText('No sales to merchants yet')).toBeTruthy();
  });

  it('refreshes on a live saleu event', async () => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
    let list = [sale(1)];
    const calls = fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.saleuListOrder]: () => pageOf(list),
    });
    await openSales();
    await screen.findByText('Auditing', { selector: '.status-tag' });
    list = [sale(1, { status: 'completed', reference: 'PAY-1' })];
    const before = calls.paths().filter((p) => p === API.saleuListOrder).length;
    await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
    const ws = FakeWebSocket.last as FakeWebSocket;
    act(() => ws.accept());
    act(() => ws.receive({ type: 'ready' }));
    act(() => ws.receive({ type: 'event', topic: 'saleu' }));
    expect(await screen.findByText('Completed', { selector: '.status-tag' })).toBeTruthy();
    expect(calls.paths().filter((p) => p === API.saleuListOrder).length).toBeGreaterThan(before);
  });
});
