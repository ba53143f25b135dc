import { API, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, money, openApp, signIn, user } from '../../test/app';
import { fakeServer } from '../../test/fetch';

beforeAll(() => import('./mine-page'));
beforeEach(() => signIn());
afterEach(async () => {
  queryClient.clear();
  vi.unstubAllGlobals();
  Dialog.clear();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
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

  it('shows every part of the balance: available, frozen, in listings and the interest wallet', async () => {
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({
        code: 200,
        data: { balance: '200.00', frozen: '0.00', escrow: '55.00', interest: '100.00', total: '355.00' },
      }),
      [API.getInfo]: () => ({ code: 200, data: user }),
    });
    openApp(ROUTES.mine);
    const escrow = (await screen.findByText('In listings')).closest('.stat') as HTMLElement;
    await waitFor(() => expect(escrow.textContent).toContain('55.00'));
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

  it('stays signed in when the log-out question is cancelled (the dialog loads on the tap)', async () => {
    const server = fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.getInfo]: () => ({ code: 200, data: user }),
      [API.logout]: () => ({ code: 200 }),
    });
    openApp(ROUTES.mine);
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Are you sure you want to log out?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(server.paths()).not.toContain(API.logout);
    expect(location.hash).toBe(`#${ROUTES.mine}`);
    expect(localStorage.getItem('token')).not.toBeNull();
  });

  it('opens its pages from real links (keyboard, new tab) and the language sheet from a button', async () => {
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.getInfo]: () => ({ code: 200, data: user }),
    });
    openApp(ROUTES.mine);
    const links: [string, string][] = [
      ['Personal info', ROUTES.personalInfo],
      ['My assets', ROUTES.property],
      ['Proof of liabilities', ROUTES.proof],
      ['Security', ROUTES.security],
    ];
    for (const [name, to] of links) {
      const link = await screen.findByRole('link', { name: new RegExp(`^${name}`) });
      expect(link.getAttribute('href'), name).toBe(`#${to}`);
    }
    expect(screen.getByRole('button', { name: /^Language/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: /^Security/ }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.security}`));
    // a page opened inside the app: back returns to My
    expect((history.state as { depth?: number } | null)?.depth).toBeGreaterThan(0);
  });
});
