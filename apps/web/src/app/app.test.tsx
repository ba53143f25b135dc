import { API, ROUTES } from '@c2c/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import de from '../locales/de.json';
import { config, openApp, signIn, user } from '../test/app';
import { fakeServer } from '../test/fetch';

const money = { balance: '12.50', frozen: '1.00', escrow: '2.25', interest: '0.00', total: '15.75' };
const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const type = (placeholder: string, value: string) => fireEvent.change(input(placeholder), { target: { value } });

// Transform the lazily loaded pages before the first test waits for one (several test files run at once).
beforeAll(() =>
  Promise.all([
    import('../features/auth/login-page'),
    import('../features/auth/register-page'),
    import('../features/auth/forget-page'),
    import('../features/hall/hall-page'),
    import('../features/home/home-page'),
    import('../features/mine/mine-page'),
    import('../features/profile/personal-info-page'),
  ]),
);

beforeEach(() => {
  fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getInfo]: () => ({ code: 200, data: user }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.sellingTongji]: () => ({
      code: 200,
      data: { available: '12.50', escrow: '2.25', frozen: '1.00', total: '15.75', on_order: '3.25' },
    }),
  });
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  Toast.clear();
});

describe('launch guard', () => {
  it('sends a visitor without a stored user from a private page to login, and back there after signing in', async () => {
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.login]: () => ({ code: 200, data: { token: 'tok-9', user } }),
      [API.getInfo]: () => ({ code: 200, data: user }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    });
    openApp(ROUTES.mine);
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.login}`));
    expect(location.search).toBe('?redirect=%2Fpages%2Fmine%2Fmine');
    expect(await screen.findByText('Welcome back')).toBeTruthy();
    // nobody's session ended here: nothing to explain
    expect(screen.queryByText('Your session has expired, please sign in again.')).toBeNull();
    type('Enter your email', 'ann@example.com');
    type('Enter your password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.mine}`));
  });

  it('says once that the session expired, and returns to the page after signing in', async () => {
    signIn('old');
    let signedIn = false;
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.getInfo]: () => (signedIn ? { code: 200, data: user } : { code: -1, msg: 'Please sign in again' }),
      [API.getMoneyInfo]: () => (signedIn ? { code: 200, data: money } : { code: -1, msg: 'Please sign in again' }),
      [API.login]: () => {
        signedIn = true;
        return { code: 200, data: { token: 'tok-9', user } };
      },
    });
    openApp(`${ROUTES.personalInfo}`);
    expect(await screen.findByText('Your session has expired, please sign in again.')).toBeTruthy();
    expect(screen.getAllByText('Your session has expired, please sign in again.')).toHaveLength(1);
    // the notice leaves the address, so a reload of the sign-in page does not repeat it
    await waitFor(() => expect(location.search).toBe('?redirect=%2Fpages%2Fmine%2Fpersonal-info'));
    expect(location.hash).toBe(`#${ROUTES.login}`);
    type('Enter your email', 'ann@example.com');
    type('Enter your password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.personalInfo}`));
    expect(location.search).toBe('');
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect(screen.queryByText('Your session has expired, please sign in again.')).toBeNull();
  });

  it('sends a signed-in user who opens the sign-in page Home', async () => {
    signIn('t');
    openApp(ROUTES.login);
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.home}`));
    expect(await screen.findByText('Fund log')).toBeTruthy();
  });

  it('lets a visitor open register and forget', async () => {
    openApp(ROUTES.forget);
    expect(await screen.findByText('Reset your password')).toBeTruthy();
    expect(location.hash).toBe(`#${ROUTES.forget}`);
  });

  it('lets a signed-in user stay, with the tab bar on tab pages', async () => {
    signIn('t');
    openApp(ROUTES.hall);
    expect(await screen.findByText('Trading hall')).toBeTruthy();
    expect(location.hash).toBe(`#${ROUTES.hall}`);
    // The tab bar is a chunk of its own, loaded alongside the page.
    expect(await screen.findByText('Home')).toBeTruthy();
    expect(await screen.findByText('15.75')).toBeTruthy();
    // on-order = escrow + frozen
    expect(await screen.findByText('3.25')).toBeTruthy();
  });
});

describe('login', () => {
  it('checks the form with the shared schema before calling the server', async () => {
    const server = fakeServer({});
    openApp(ROUTES.login);
    await screen.findByText('Welcome back');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter email')).toBeTruthy();
    type('Enter your email', 'not-an-email');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1600)));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email format error')).toBeTruthy();
    expect(server.paths()).not.toContain(API.login);
  });

  it('signs in, stores the session and opens Home', async () => {
    const server = fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.login]: () => ({ code: 200, data: { token: 'tok-9', user } }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    });
    openApp(ROUTES.login);
    await screen.findByText('Welcome back');
    type('Enter your email', 'Ann@Example.com');
    type('Enter your password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Login success')).toBeTruthy();
    await waitFor(() => expect(location.hash).toBe('#/'));
    expect(localStorage.getItem('token')).toBe('tok-9');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toEqual(user);
    const body = server.calls.find((c) => c.path === API.login)?.body;
    expect(body?.get('email')).toBe('ann@example.com');
    expect(body?.get('password')).toBe('secret123');
    expect(body?.get('lang')).toBe('en');
    expect(await screen.findByText('Fund log')).toBeTruthy();
  });
});

describe('register', () => {
  it('pre-fills the invitation code from the link and counts down after sending the code', async () => {
    const server = fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.sendCode]: () => ({ code: 200, data: { resend_after: 60 } }),
    });
    openApp(`${ROUTES.register}?code=INV42`);
    await screen.findByText('Create your account');
    expect(input('Enter the invitation code').value).toBe('INV42');

    type('Enter your email', 'new@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Send success')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '60 s' })).toBeTruthy();
    const body = server.calls.find((c) => c.path === API.sendCode)?.body;
    expect(body?.get('email')).toBe('new@example.com');
    expect(body?.get('scene')).toBe('register');
  });

  it('shows the first validation issue in the user language', async () => {
    i18n.addResourceBundle('de', 'translation', de);
    await i18n.changeLanguage('de');
    try {
      openApp(ROUTES.register);
      await screen.findByText('Konto erstellen');
      type('E-Mail-Adresse eingeben', 'neu@example.com');
      type('6-stelliger Code', '12345');
      fireEvent.click(screen.getByRole('button', { name: 'Registrieren' }));
      expect(await screen.findByText('Der E-Mail-Code besteht aus 6 Ziffern')).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('my page', () => {
  it('shows the VIP label, the balance and asks before logging out', async () => {
    signIn('t');
    const server = fakeServer({
      [API.getInfo]: () => ({ code: 200, data: user }),
      [API.getMoneyInfo]: () => ({ code: 200, data: money }),
      [API.logout]: () => ({ code: 200 }),
    });
    openApp(ROUTES.mine);
    expect(await screen.findByText('VIP 2')).toBeTruthy();
    expect(await screen.findByText('12.50')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Are you sure you want to log out?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.login}`));
    expect(server.paths()).toContain(API.logout);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });
});
