import { API, REPEAT_CLICK_MS, ROUTES, type SessionInfo } from '@c2c/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openApp, signedInPageTest } from '../../test/app';
import { fakeServer } from '../../test/fetch';

const session = (id: number, device: string, ip: string, current = false): SessionInfo => ({
  id,
  device,
  ip,
  created_at: '2026-11-20T08:00:00.000Z',
  last_used_at: '2026-11-22T09:30:00.000Z',
  current,
});
const HERE = session(9, 'Chrome 120 on Windows', '203.0.113.10', true);
const PHONE = session(7, 'Safari 17 on iOS', '198.51.100.7');
const LAPTOP = session(5, 'Firefox 128 on Linux', '192.0.2.5');

beforeAll(() => import('./devices-page'));
signedInPageTest();

const page = () => within(document.querySelector('.app-page') as HTMLElement);
const press = (el: HTMLElement) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(el);
};
const dialogButton = async (name: string) => within(await screen.findByRole('dialog')).getByRole('button', { name });
const rowOf = (device: string) => screen.getByText(device).closest('[data-testid="session-row"]') as HTMLElement;

describe('devices page', { timeout: 15_000 }, () => {
  it('marks this device, asks before ending another one, ends it and reads the list again', async () => {
    let list = [HERE, PHONE, LAPTOP];
    const server = fakeServer({
      [API.securitySessions]: () => ({ code: 200, data: { list } }),
      [API.securitySessionEnd]: (body) => {
        list = list.filter((s) => String(s.id) !== body.get('id'));
        return { code: 200, data: { ended: 1 } };
      },
    });
    openApp(ROUTES.securityDevices);
    expect(await screen.findByText('Safari 17 on iOS')).toBeTruthy();
    expect(within(rowOf('Chrome 120 on Windows')).getByText('This device')).toBeTruthy();
    expect(within(rowOf('Chrome 120 on Windows')).queryByRole('button', { name: 'End' })).toBeNull();
    expect(within(rowOf('Safari 17 on iOS')).getByText('Address: 198.51.100.7')).toBeTruthy();

    // cancelling ends nothing
    press(within(rowOf('Safari 17 on iOS')).getByRole('button', { name: 'End' }));
    expect(await screen.findByText('Safari 17 on iOS will be signed out at once.')).toBeTruthy();
    press(await dialogButton('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.paths()).not.toContain(API.securitySessionEnd);

    press(within(rowOf('Safari 17 on iOS')).getByRole('button', { name: 'End' }));
    press(await dialogButton('End'));
    expect(await screen.findByText('Session ended')).toBeTruthy();
    expect(server.bodies(API.securitySessionEnd)[0]?.get('id')).toBe('7');
    await waitFor(() => expect(screen.queryByText('Safari 17 on iOS')).toBeNull());
    expect(page().getByText('Firefox 128 on Linux')).toBeTruthy();
  });

  it('ends all other sessions after a confirmation, then says no other device is signed in', async () => {
    let list = [HERE, PHONE, LAPTOP];
    const server = fakeServer({
      [API.securitySessions]: () => ({ code: 200, data: { list } }),
      [API.securitySessionEnd]: () => {
        list = [HERE];
        return { code: 200, data: { ended: 2 } };
      },
    });
    openApp(ROUTES.securityDevices);
    await screen.findByText('Firefox 128 on Linux');
    press(page().getByRole('button', { name: 'End all other sessions' }));
    expect(await screen.findByText('Every device but this one will be signed out at once.')).toBeTruthy();
    press(await dialogButton('End all other sessions'));
    expect(await screen.findByText('Other sessions ended: 2')).toBeTruthy();
    expect(server.bodies(API.securitySessionEnd)[0]?.get('all_others')).toBe('1');
    expect(await screen.findByText('No other device is signed in.')).toBeTruthy();
    expect(screen.queryByText('Safari 17 on iOS')).toBeNull();
    expect(page().queryByRole('button', { name: 'End all other sessions' })).toBeNull();
  });

  it('shows an empty state when the server lists no session', async () => {
    fakeServer({ [API.securitySessions]: () => ({ code: 200, data: { list: [] } }) });
    openApp(ROUTES.securityDevices);
    expect(await screen.findByText('No signed-in devices')).toBeTruthy();
  });
});
