import type { MoneyInfo, PublicConfig, User } from '@c2c/shared';
import { render } from '@testing-library/react';
import { App } from '../app/app';

export const user: User = {
  id: 7,
  email: 'ann@example.com',
  nickname: 'Ann',
  invite_code: 'ANN777',
  vip_level: 2,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  withdraw_unlock_at: null,
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

/** Lets the 1.5 s repeat-click guard pass before the next click on the same button. */
export const afterGuard = () => new Promise((resolve) => setTimeout(resolve, 1600));
