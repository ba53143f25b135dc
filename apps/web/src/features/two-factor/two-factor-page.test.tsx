import { API, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { config, openApp, signedInPageTest, user } from '../../test/app';
import { type FakeBody, fakeServer } from '../../test/fetch';

vi.mock('qrcode', () => ({ toDataURL: async (text: string) => `data:qr,${text}` }));

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD${i}-EFGH${i}`.replace(/[01]/g, '2'));

beforeAll(() => import('./two-factor-page'));
signedInPageTest();

const press = (name: string) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(within(document.querySelector('.app-page') as HTMLElement).getByRole('button', { name }));
};

/** A server that keeps the user's two-factor state; the right code is 123456. */
function server(enabled: boolean) {
  let on = enabled;
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getInfo]: () => ({ code: 200, data: { ...user, totp_enabled: on } }),
    [API.totpSetup]: () => ({ code: 200, data: { secret: SECRET, otpauth_url: `otpauth://totp/C2C:ann?secret=${SECRET}` } }),
    [API.totpEnable]: (body: FakeBody) => {
      if (body.get('code') !== '123456')
        return { code: 1501, msg: 'The authenticator or recovery code is wrong or was already used' };
      on = true;
      return { code: 200, data: { recovery_codes: CODES } };
    },
    [API.totpDisable]: (body: FakeBody) => {
      if (body.get('code') !== '123456')
        return { code: 1501, msg: 'The authenticator or recovery code is wrong or was already used' };
      on = false;
      return { code: 200, data: {} };
    },
  });
}

describe('two-factor page', () => {
  it('sets up with a QR code and the key, refuses a wrong code, then shows the ten recovery codes once', async () => {
    const calls = server(false);
    openApp(ROUTES.securityTwoFactor);
    expect(await screen.findByTestId('totp-status')).toHaveProperty('textContent', 'Off');
    press('Set up two-factor authentication');
    expect(await screen.findByTestId('totp-secret')).toHaveProperty('textContent', SECRET);
    const qr = await screen.findByAltText('QR code for your authenticator app');
    expect(qr.getAttribute('src')).toBe(`data:qr,otpauth://totp/C2C:ann?secret=${SECRET}`);

    press('Turn on');
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app, or a recovery code')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('6-digit code'), { target: { value: '654321' } });
    press('Turn on');
    expect(await screen.findByText('The authenticator or recovery code is wrong or was already used')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('6-digit code'), { target: { value: '123456' } });
    press('Turn on');
    const list = await screen.findByTestId('recovery-codes');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByText(/Store these codes now/)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('On'));
    expect(calls.bodies(API.totpEnable).map((b) => b.get('code'))).toEqual(['654321', '123456']);

    // once stored, they are gone from the page
    press('I have stored them');
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).toBeNull());
    expect(screen.getByText('Turn off two-factor authentication')).toBeTruthy();
  }, 15_000);

  it('turns off with a code only after a warning about the 24-hour pause', async () => {
    const calls = server(true);
    openApp(ROUTES.securityTwoFactor);
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('On'));
    fireEvent.change(screen.getByPlaceholderText('6-digit code or recovery code'), { target: { value: '123456' } });

    press('Turn off');
    const first = within(await screen.findByRole('dialog'));
    expect(first.getByText(/withdrawals will be paused for 24 hours/)).toBeTruthy();
    fireEvent.click(first.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.paths()).not.toContain(API.totpDisable);

    press('Turn off');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByTestId('totp-status').textContent).toBe('Off'));
    expect(calls.bodies(API.totpDisable)[0]?.get('code')).toBe('123456');
  });
});
