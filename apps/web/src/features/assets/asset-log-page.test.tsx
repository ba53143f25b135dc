import { API, type AssetLogEntry, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { openApp, signIn } from '../../test/app';
import { type FakeBody, fakeServer, pageOf } from '../../test/fetch';

const entry = (id: number, kind: string, amount: string, balance_after: string, paid = false): AssetLogEntry => ({
  id,
  kind,
  amount,
  balance_after,
  paid,
  ref: `ref-${id}`,
  note: kind === 'adjust' ? 'double credit reversed' : null,
  created_at: `2025-03-0${id}T08:00:00.000Z`,
});
const PAGE_1 = [entry(3, 'withdraw', '-50.00', '1150.50', true), entry(2, 'recharge', '1200.5', '1200.50')];
const PAGE_2 = [entry(1, 'adjust', '-0.123456', '0.00'), entry(4, 'kind_from_a_newer_server', '3.00', '3.00')];
const tongji = { total_balance: '1150.50', business: '0.00', income: '1200.50', expenditure: '50.00', quantity: 4 };

function server(exportAnswer?: () => Response | { code: number; msg: string }) {
  return fakeServer({
    [API.assetLogTongji]: () => ({ code: 200, data: tongji }),
    [API.assetLogList]: (body: FakeBody) => (body.get('page') === '2' ? pageOf(PAGE_2, 4, 2, 2) : pageOf(PAGE_1, 4, 1, 2)),
    ...(exportAnswer && { [API.assetLogExport]: exportAnswer }),
  });
}

beforeAll(() => import('./asset-log-page'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  signIn();
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  Toast.clear();
});

describe('asset log', () => {
  it('shows the totals and each entry named in the user language, signed and coloured, PAID when paid out', async () => {
    const calls = server();
    openApp(ROUTES.assetLog);
    expect(await screen.findByText('Withdrawal')).toBeTruthy();
    expect(screen.getAllByText('1,150.50').length).toBeGreaterThan(0);
    expect(screen.getByText('1,200.50', { selector: '.stat-value' })).toBeTruthy();
    expect(screen.getByText('4', { selector: '.stat-value' })).toBeTruthy();

    const rows = () => [...document.querySelectorAll('.record')];
    expect(rows()).toHaveLength(2);
    const [paidOut, recharge] = rows();
    expect(paidOut?.textContent).toContain('PAID');
    expect(paidOut?.querySelector('.amount-negative')?.textContent).toBe('-50.00 USDT');
    expect(recharge?.textContent).toContain('Recharge');
    expect(recharge?.textContent).not.toContain('PAID');
    expect(recharge?.querySelector('.amount-positive')?.textContent).toBe('+1,200.50 USDT');
    expect(screen.getAllByText('PAID')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(calls.bodies(API.assetLogList).map((b) => b.get('page'))).toEqual(['1', '2']);
    expect(rows()[2]?.querySelector('.amount-negative')?.textContent).toBe('-0.123456 USDT');
    expect(rows()[2]?.textContent).toContain('Adjustment');
    // a correction shows the operator's reason; nothing else carries a note
    expect(rows()[2]?.querySelector('.record-note')?.textContent).toBe('Reason: double credit reversed');
    expect(document.querySelectorAll('.record-note')).toHaveLength(1);
    expect(rows()[3]?.textContent).toContain('Other');
    expect(screen.getByText('No more records')).toBeTruthy();
  });

  it('exports the log as a CSV download with the token header', async () => {
    const createObjectURL = vi.fn((_: Blob) => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const calls = server(() => new Response('id,kind,amount\n3,withdraw,-50.00\n', { headers: { 'content-type': 'text/csv' } }));
    openApp(ROUTES.assetLog);
    await screen.findByText('Withdrawal');

    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toMatch(/^asset-log-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(link.href).toBe('blob:csv');
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toContain('3,withdraw,-50.00');
    expect(calls.calls.find((c) => c.path === API.assetLogExport)?.headers['X-Access-Token']).toBe('t-1');
  });

  it('shows the message of an export the server refuses, and downloads nothing', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server(() => ({ code: 1004, msg: 'Too many requests, please try again later' }));
    openApp(ROUTES.assetLog);
    await screen.findByText('Withdrawal');
    vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Too many requests, please try again later')).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
  });
});
