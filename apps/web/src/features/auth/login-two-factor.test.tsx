import { API, errorCode, ROUTES } from '@c2c/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, openApp, user } from '../../test/app';
import { type FakeBody, fakeServer } from '../../test/fetch';

const money = { balance: '12.50', frozen: '0.00', escrow: '0.00', interest: '0.00', total: '12.50' };
const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const afterGuard = () => act(async () => new Promise((resolve) => setTimeout(resolve, 1600)));

beforeAll(() => import('./login-page'));
afterEach(() => {
  Toast.clear();
  queryClient.clear();
  localStorage.clear();
});

/** A server whose account has two-factor on: the right code is 123456, the recovery code ABCDE-FGHJK. */
function twoFactorServer() {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.login]: (body: FakeBody) => {
      const totp = body.get('totp');
      if (!totp)
        return {
          code: errorCode('totp_code_required'),
          msg: 'Enter the 6-digit code from your authenticator app, or a recovery code',
        };
      if (totp !== '123456' && totp !== 'ABCDE-FGHJK')
        return { code: errorCode('totp_invalid'), msg: 'The authenticator or recovery code is wrong or was already used' };
      return { code: 200, data: { token: 'tok-2fa', user: { ...user, totp_enabled: true } } };
    },
  });
}

describe('sign-in with two-factor', () => {
  it('asks for the code when the server does, shows a wrong one refused, and signs in with the right one', async () => {
    const server = twoFactorServer();
    openApp(ROUTES.login);
    await screen.findByText('Welcome back');
    type('Enter your email', 'ann@example.com');
    type('Enter your password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText(/Two-factor authentication is on for this account/)).toBeTruthy();
    // the question is not shown as an error, and no session was kept
    expect(screen.queryByText('Enter the 6-digit code from your authenticator app, or a recovery code')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(server.bodies(API.login)[0]?.has('totp')).toBe(false);

    type('6-digit code', '000000');
    await afterGuard();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('The authenticator or recovery code is wrong or was already used')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();

    type('6-digit code', '123456');
    await afterGuard();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tok-2fa'));
    const last = server.bodies(API.login).at(-1);
    expect(last?.get('totp')).toBe('123456');
    expect(last?.get('email')).toBe('ann@example.com');
    await waitFor(() => expect(location.hash).toBe('#/'));
  }, 15_000);

  it('takes a recovery code instead, as typed', async () => {
    const server = twoFactorServer();
    openApp(ROUTES.login);
    await screen.findByText('Welcome back');
    type('Enter your email', 'ann@example.com');
    type('Enter your password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByText('Recovery code')).toBeTruthy();
    type('XXXXX-XXXXX', 'abcde fghjk');
    await afterGuard();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(localStorage.getItem('token')).toBe('tok-2fa'));
    expect(server.bodies(API.login).at(-1)?.get('totp')).toBe('ABCDE-FGHJK');
  }, 15_000);

  it('shows a wrong password as before, without a code field', async () => {
    fakeServer({
      [API.config]: () => ({ code: 200, data: config }),
      [API.login]: () => ({ code: errorCode('login_failed'), msg: 'Wrong email or password' }),
    });
    openApp(ROUTES.login);
    await screen.findByText('Welcome back');
    type('Enter your email', 'ann@example.com');
    type('Enter your password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Wrong email or password')).toBeTruthy();
    expect(screen.queryByPlaceholderText('6-digit code')).toBeNull();
  });
});
