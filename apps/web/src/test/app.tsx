import type { MoneyInfo, PublicConfig, User } from '@c2c/shared';
import { render, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { App } from '../app/app';
import { i18n } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import de from '../locales/de.json';
import dePages from '../locales/pages/de.json';

export const user: User = {
  id: 7,
  email: 'ann@example.com',
  nickname: 'Ann',
  invite_code: 'ANN777',
  vip_level: 2,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  withdraw_unlock_at: null,
  totp_enabled: false,
  anti_phishing_hint: null,
};

export const money: MoneyInfo = { balance: '120.50', frozen: '0.00', escrow: '0.00', interest: '0.00', total: '120.50' };

export const config: PublicConfig = {
  app_name: 'C2C',
  logo: '',
  img_url: '',
  kf_url: '',
  app_url: 'https://c2c.example',
  langs: [],
  default_lang: 'en',
  recharge_min: '10.00',
  recharge_max: '50000.00',
  withdraw_min: '20.00',
  withdraw_max: '10000.00',
};

export function signIn(token = 't-1'): void {
  localStorage.setItem('token', token);
  localStorage.setItem('userInfo', JSON.stringify(user));
}

/** The whole app at `path` (a hash route). */
export function openApp(path: string) {
  history.replaceState(null, '', `/#${path}`);
  return render(<App />);
}

/**
 * The hooks of a signed-in page test: the clock (Date only) is the test's to move, starting at `now` when given, and
 * after each test the dialogs (they live outside the rendered tree) finish closing, toasts, cached queries, stubbed
 * globals and the clock are reset.
 */
/**
 * The tests of a describe block in German: the app's texts and the pages' (the app loads a language's texts when it
 * restarts on a change; here the page's chunk is loaded already), English again after each.
 */
export function inGerman(): void {
  beforeEach(async () => {
    i18n.addResourceBundle('de', 'translation', de);
    i18n.addResourceBundle('de', 'translation', dePages, true);
    localStorage.setItem('lang', 'de');
    await i18n.changeLanguage('de');
  });
  afterEach(() => i18n.changeLanguage('en'));
}

export function signedInPageTest(now?: number): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    if (now !== undefined) vi.setSystemTime(now);
    signIn();
  });
  afterEach(async () => {
    Dialog.clear();
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    queryClient.clear();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    Toast.clear();
  });
}

/** A toast that says `text` (the same words may stand at a field as well). */
export const findToast = (text: string | RegExp) => screen.findByText(text, { selector: '.adm-toast-main, .adm-toast-main *' });

/** The message under a form field that says `text` (shown as the user types, before anything is sent). */
export const findFieldError = (text: string | RegExp) => screen.findByText(text, { selector: '.field-error' });
