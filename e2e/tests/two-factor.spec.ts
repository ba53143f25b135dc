import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { TOTP } from 'otpauth';
import { BASE_URL } from '../playwright.config';
import {
  agePayoutAccounts,
  GERMAN_BANK_FIELDS,
  operatorApi,
  ownerInConsole,
  PNG,
  shot,
  signedInPhone,
  signUpByApi,
} from './support';

const PASSWORD = 'TwoFactor-e2e-1';
const locale = (file: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/locales', file), 'utf8'));
/** The app's texts of one language: the first pages' file and the other pages' file. */
const texts = (lang: string) => ({ ...locale(`${lang}.json`), ...locale(`pages/${lang}.json`) });

/**
 * Authenticator codes as a phone app makes them. The server takes each 30-second step once and accepts the step
 * before and after the current one, so a second code right after the first is the next step's; a third waits.
 */
function authenticator(secret: string) {
  const totp = new TOTP({ secret, digits: 6, period: 30 });
  let lastStep = 0;
  return async (): Promise<string> => {
    const now = Math.floor(Date.now() / 30_000);
    const step = Math.max(now, lastStep + 1);
    // a step more than one ahead is not accepted yet: wait until it is the next one
    if (step > now + 1) await new Promise((r) => setTimeout(r, (step - 1) * 30_000 - Date.now() + 500));
    lastStep = step;
    return totp.generate({ timestamp: step * 30_000 + 1_000 });
  };
}

async function call<T>(p: string, body: Record<string, string>, token?: string): Promise<T> {
  const res = await fetch(`${BASE_URL}${p}`, {
    method: 'POST',
    headers: token ? { 'x-access-token': token } : {},
    body: new URLSearchParams({ lang: 'en', ...body }),
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  if (json.code !== 200) throw new Error(`${p}: ${json.msg}`);
  return json.data;
}

/** 200 USDT on the customer's balance: a recharge with a screenshot, approved by the owner through the operator API. */
async function credit(token: string, admin: Page) {
  const form = new FormData();
  form.set('lang', 'en');
  form.set('file', new Blob([PNG], { type: 'image/png' }), 'transfer.png');
  const up = (await (
    await fetch(`${BASE_URL}/api/v1/attach/upload`, { method: 'POST', body: form, headers: { 'x-access-token': token } })
  ).json()) as { data: { url: string } };
  const { id } = await call<{ id: number }>(
    '/api/v1/recharge/create',
    { type: 'TRC20', amount: '200', image: up.data.url },
    token,
  );
  const approved = await (await operatorApi(admin))('recharge/approve', { lang: 'en', id });
  if (approved.code !== 200) throw new Error(`approve: ${approved.msg}`);
}

test('a customer turns two-factor on, signs in with a code, binds a payout account and withdraws with codes (German)', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const session = await signUpByApi('twofactor', PASSWORD);
  const page = await signedInPhone(browser, session, 'en');
  const press = async (name: string) => {
    // a submit button ignores a second press within 1.5 s
    await page.waitForTimeout(1600);
    await page.locator('.app-page').getByRole('button', { name, exact: true }).click();
  };

  // Set-up: a QR code and the key as text; a wrong code is refused, the right one turns it on.
  await page.goto('/#/pages/mine/security/two-factor');
  await expect(page.getByTestId('totp-status')).toHaveText('Off');
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByAltText('QR code for your authenticator app')).toBeVisible();
  await shot(page, 'two-factor-01-setup');
  const code = authenticator(secret);
  await page.getByPlaceholder('6-digit code', { exact: true }).fill('000000');
  await press('Turn on');
  await expect(page.getByText('The authenticator or recovery code is wrong or was already used')).toBeVisible();
  await page.getByPlaceholder('6-digit code', { exact: true }).fill(await code());
  await press('Turn on');
  const recovery = page.getByTestId('recovery-codes').locator('li');
  await expect(recovery).toHaveCount(10);
  await expect(page.getByText('Store these codes now', { exact: false })).toBeVisible();
  await expect(page.getByTestId('totp-status')).toHaveText('On');
  // the codes, not the toasts over them (the wrong code's may still be closing when the success toast opens)
  await expect(page.locator('.adm-toast-main')).toHaveCount(0);
  await shot(page, 'two-factor-02-recovery-codes');
  await page.getByRole('button', { name: 'I have stored them' }).click();
  await expect(recovery).toHaveCount(0);
  await expect(page.getByText('Turn off two-factor authentication')).toBeVisible();

  // Sign out, and in again: the password alone is not enough, the code is asked for.
  await page.goto('/#/pages/mine/mine');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  await page.getByPlaceholder('Enter your email').fill(session.email);
  await page.getByPlaceholder('Enter your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Two-factor authentication is on for this account', { exact: false })).toBeVisible();
  await shot(page, 'two-factor-03-sign-in-code');
  await page.getByPlaceholder('6-digit code').fill(await code());
  await page.waitForTimeout(1600);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Login success')).toBeVisible();
  await expect(page.locator('.adm-tab-bar')).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  const admin = await ownerInConsole(browser);
  await credit(token!, admin);

  // In German: binding a payout account and withdrawing each need a fresh code.
  const de = texts('de');
  await page.evaluate(() => localStorage.setItem('lang', 'de'));
  await page.goto('/#/pages/mine/binding');
  await page.reload();
  const form = page.getByRole('tabpanel').locator('.form-card').first();
  const input = (field: string) => form.locator(`[data-field="${field}"] input`);
  await expect(page.getByText(de.binding.noBound)).toBeVisible();
  for (const [field, value] of Object.entries(GERMAN_BANK_FIELDS)) await input(field).fill(value);
  await expect(form.locator('[data-field="totp"]')).toContainText(de.twoFactor.codeLabel);
  // without a code: marked at the code field, in German, and nothing is bound
  await press(de.binding.submit);
  await expect(form.locator('[data-field="totp"]')).toHaveClass(/field-invalid/);
  await expect(form.locator('[data-field="totp"] .field-error')).toHaveText(/Authenticator-App/);
  await shot(page, 'two-factor-04-bind-needs-code-de');
  await input('totp').fill(await code());
  await press(de.binding.submit);
  await expect(page.getByText(de.binding.success)).toBeVisible();
  await expect(page.locator('.account-row').getByText('Commerzbank •••• 3000')).toBeVisible();
  // a new payout account receives withdrawals 24 hours after binding; the walk does not wait a day
  agePayoutAccounts(session.email);
  // the app still holds the account as it was bound (not usable yet, so not offered): it reads it again on a reload
  await page.reload();

  await page.goto('/#/pages/mine/withdrawl');
  await expect(page.getByText('Commerzbank •••• 3000')).toBeVisible();
  await page.getByPlaceholder(de.withdraw.amountPlaceholder).fill('50');
  await page.getByPlaceholder(de.twoFactor.codePlaceholder).fill(await code());
  await shot(page, 'two-factor-05-withdraw-code-de');
  await press(de.withdraw.submit);
  await page.locator('.adm-dialog').getByRole('button', { name: de.withdraw.submit }).click();
  await expect(page.getByText(de.common.submitSuccess)).toBeVisible();
  const money = await call<{ balance: string; frozen: string }>('/api/v1/userinfo/get-money-info', {}, token!);
  expect(money).toMatchObject({ balance: '150.00', frozen: '50.00' });
  await shot(page, 'two-factor-06-withdrawn-de');
});
