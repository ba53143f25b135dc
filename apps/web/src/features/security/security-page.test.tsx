import { API, ROUTES } from '@c2c/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApp, signedInPageTest, user } from '../../test/app';
import { fakeServer } from '../../test/fetch';

beforeAll(() => import('./security-page'));
signedInPageTest();

/** The hub's row for one entry, found by its title. */
const row = async (title: string) => (await screen.findByText(title)).closest('.adm-list-item') as HTMLElement;

describe('security hub', { timeout: 15_000 }, () => {
  it('shows whether two-factor and the phrase are on, from the user', async () => {
    fakeServer({ [API.getInfo]: () => ({ code: 200, data: { ...user, totp_enabled: true, anti_phishing_hint: null } }) });
    openApp(ROUTES.security);
    expect(await within(await row('Two-factor authentication')).findByText('On')).toBeTruthy();
    expect(await within(await row('Anti-phishing phrase')).findByText('Not set')).toBeTruthy();
  });

  it('says two-factor is off for a user without it', async () => {
    fakeServer({ [API.getInfo]: () => ({ code: 200, data: { ...user, totp_enabled: false, anti_phishing_hint: 'B••2' } }) });
    openApp(ROUTES.security);
    expect(await within(await row('Two-factor authentication')).findByText('Off')).toBeTruthy();
    expect(await within(await row('Anti-phishing phrase')).findByText('On')).toBeTruthy();
  });
});
