import { API, ROUTES } from '@c2c/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectLive } from '../lib/live-updates';
import { queryClient } from '../lib/query-client';
import { money, openApp, signIn } from '../test/app';
import { FakeWebSocket } from '../test/fake-websocket';
import { fakeServer } from '../test/fetch';

const socket = async () => {
  await waitFor(() => expect(FakeWebSocket.last).toBeDefined());
  return FakeWebSocket.last as FakeWebSocket;
};

beforeAll(() => import('../features/mine/mine-page'));

afterEach(async () => {
  vi.useRealTimers();
  Dialog.clear();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('live updates', () => {
  it('signs in on /ws and refetches the balance when the server reports a money event', async () => {
    let balance = money.balance;
    const calls = fakeServer({
      [API.getInfo]: () => ({ code: 200, data: {} }),
      [API.getMoneyInfo]: () => ({ code: 200, data: { ...money, balance } }),
    });
    signIn('tok-live');
    openApp(ROUTES.mine);
    expect(await screen.findByText('120.50')).toBeTruthy();

    const ws = await socket();
    expect(ws.url).toMatch(/^ws:\/\/[^/]+\/ws$/);
    act(() => ws.accept());
    expect(ws.sent).toEqual([{ type: 'auth', token: 'tok-live' }]);
    act(() => ws.receive({ type: 'ready' }));

    // An operator approved a recharge.
    balance = '220.50';
    const before = calls.paths().filter((p) => p === API.getMoneyInfo).length;
    act(() => ws.receive({ type: 'event', topic: 'money' }));
    expect(await screen.findByText('220.50')).toBeTruthy();
    expect(calls.paths().filter((p) => p === API.getMoneyInfo).length).toBe(before + 1);
  });

  it('ends the session when the server refuses the token', async () => {
    fakeServer({ [API.getMoneyInfo]: () => ({ code: 200, data: money }) });
    signIn();
    openApp(ROUTES.mine);
    const ws = await socket();
    act(() => ws.accept());
    act(() => ws.receive({ type: 'error', code: -1 }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.login}`));
    expect(new URLSearchParams(location.search).get('redirect')).toBe(ROUTES.mine);
    expect(localStorage.getItem('token')).toBeNull();
    expect(ws.readyState).toBe(FakeWebSocket.CLOSED);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('closes the socket on logout', async () => {
    fakeServer({ [API.getMoneyInfo]: () => ({ code: 200, data: money }), [API.logout]: () => ({ code: 200 }) });
    signIn();
    openApp(ROUTES.mine);
    const ws = await socket();
    act(() => ws.accept());
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.login}`));
    expect(ws.readyState).toBe(FakeWebSocket.CLOSED);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('does not call a logout an expired session when the socket hears of it before the logout answers', async () => {
    let ws: FakeWebSocket | undefined;
    fakeServer({
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      // the server ends the session and tells this app's socket, whose message lands before the call's answer
      [API.logout]: () => {
        queueMicrotask(() => act(() => ws?.receive({ type: 'error', code: -1 })));
        return { code: 200 };
      },
    });
    signIn();
    openApp(ROUTES.mine);
    ws = await socket();
    act(() => ws?.accept());
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.login}`));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.queryByText('Your session has expired, please sign in again.')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('reconnects with growing delays, catches up after a reconnect and stops for good when told', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const handlers = { onEvent: vi.fn(), onResume: vi.fn(), onExpired: vi.fn() };
    const stop = connectLive('tok', handlers);
    const first = FakeWebSocket.last as FakeWebSocket;
    first.accept();
    first.receive({ type: 'ready' });
    first.receive({ type: 'event', topic: 'withdraw' });
    expect(handlers.onEvent).toHaveBeenCalledWith('withdraw');
    expect(handlers.onResume).not.toHaveBeenCalled();

    first.drop();
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    (FakeWebSocket.last as FakeWebSocket).drop();
    vi.advanceTimersByTime(1_999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    const third = FakeWebSocket.last as FakeWebSocket;
    expect(FakeWebSocket.instances).toHaveLength(3);
    third.accept();
    expect(third.sent).toEqual([{ type: 'auth', token: 'tok' }]);
    third.receive({ type: 'ready' });
    expect(handlers.onResume).toHaveBeenCalledOnce();

    stop();
    expect(third.readyState).toBe(FakeWebSocket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(handlers.onExpired).not.toHaveBeenCalled();
  });
});
