import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { agePayoutAccounts, BANK_FORM, mailsTo, shot, signUpByApi } from './support';

const PASSWORD = 'Secure2026x';
const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const LAPTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const post = (p: string, body: Record<string, string>, token?: string) =>
  fetch(`${BASE_URL}${p}`, {
    method: 'POST',
    headers: token ? { 'x-access-token': token } : {},
    body: new URLSearchParams({ lang: 'en', ...body }),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: Record<string, unknown> }>);

/** A fresh browser (its own storage) signed in through the sign-in page, as a person does. */
async function signInFresh(browser: Browser, email: string, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, ...options });
  const page = await context.newPage();
  await page.goto('/#/pages/login/login');
  await page.locator('input[type="email"]').fill(email);
  await page.locator('input[type="password"]').fill(PASSWORD);
  await page.locator('.auth-page .adm-button').click();
  await expect(page).toHaveURL(/#\/(pages\/index\/index)?$/);
  return page;
}

const newDeviceMails = (email: string) => mailsTo(email).filter((m) => m.includes('signed in to from a device or network'));

test('devices, ending a session, the anti-phishing phrase in mails, the new-device link, and a new account’s usable time', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const customer = await signUpByApi('security', PASSWORD);
  // the sign-up's own API session is not one of the walk's devices
  expect((await post('/api/v1/user/logout', {}, customer.token)).code).toBe(200);

  // Two devices sign in: this phone, then a laptop.
  const phone = await signInFresh(browser, customer.email);
  const laptop = await signInFresh(browser, customer.email, { userAgent: LAPTOP_UA, viewport: { width: 1024, height: 768 } });

  // The phone opens My -> Security -> Devices and sees both, itself marked.
  await phone.goto('/#/pages/mine/mine');
  await phone.getByText('Security', { exact: true }).click();
  await expect(phone).toHaveURL(/#\/pages\/mine\/security$/);
  await expect(phone.getByText('Two-factor authentication')).toBeVisible();
  await shot(phone, 'security-01-hub');
  await phone
    .locator('.adm-list-item')
    .filter({ hasText: /^Devices/ })
    .click();
  const rows = phone.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  const here = rows.filter({ hasText: 'This device' });
  await expect(here).toContainText('on Android');
  const other = rows.filter({ hasText: 'Firefox 128 on Linux' });
  await expect(other).toBeVisible();
  await shot(phone, 'security-02-devices');

  // Ending the laptop's session asks first; then the laptop is sent to sign-in.
  await other.getByRole('button', { name: 'End' }).click();
  const dialog = phone.locator('.adm-dialog');
  await expect(dialog.getByText('Firefox 128 on Linux will be signed out at once.')).toBeVisible();
  await dialog.getByRole('button', { name: 'End' }).click();
  await expect(phone.getByText('Session ended')).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(phone.getByText('No other device is signed in.')).toBeVisible();
  await laptop.goto('/#/pages/mine/mine');
  await expect(laptop).toHaveURL(/#\/pages\/login\/login/);
  await shot(laptop, 'security-03-laptop-signed-out');

  // The phone sets an anti-phishing phrase; a wrong one is refused at the field first.
  await phone.goto('/#/pages/mine/security/anti-phishing');
  await expect(phone.getByTestId('phrase-state')).toHaveText('Not set');
  const box = phone.getByPlaceholder('For example: Blue heron 42');
  await box.fill('abc');
  await phone.getByRole('button', { name: 'Set phrase' }).click();
  await expect(phone.getByText('The anti-phishing phrase must be 4 to 32 letters, digits or spaces')).toBeVisible();
  await box.fill('Blue heron 42');
  await phone.waitForTimeout(1600);
  await phone.getByRole('button', { name: 'Set phrase' }).click();
  await expect(phone.getByText('Phrase saved')).toBeVisible();
  await expect(phone.getByTestId('phrase-state')).toHaveText('B•••••••••••2');
  await shot(phone, 'security-04-phrase');

  // A sign-in from an iPhone is new: its mail carries the phrase and a link that ends that session.
  const before = newDeviceMails(customer.email).length;
  const intruder = await signInFresh(browser, customer.email, { userAgent: IPHONE_UA });
  await expect.poll(() => newDeviceMails(customer.email).length, { timeout: 15_000 }).toBe(before + 1);
  const mail = newDeviceMails(customer.email).at(-1)!;
  expect(mail.split('\n')[0]).toBe('Your anti-phishing phrase: «Blue heron 42»');
  expect(mail).toContain('Device: Safari 17 on iOS');
  const token = /end-session\?token=([A-Za-z0-9_-]{43})/.exec(mail)?.[1];
  expect(token).toBeTruthy();

  // The owner of the mailbox opens the link signed out, in German, and ends that session.
  const mailbox = await browser.newContext(PHONE);
  await mailbox.addInitScript(() => localStorage.setItem('lang', 'de'));
  const link = await mailbox.newPage();
  await link.goto(`/#/pages/login/end-session?token=${token}`);
  await expect(link.getByText('Neue Anmeldung beenden')).toBeVisible();
  await shot(link, 'security-05-link-de');
  await link.getByRole('button', { name: 'Diese Sitzung beenden' }).click();
  await expect(link.getByText('Die Sitzung wurde beendet')).toBeVisible();
  await expect(link.getByText('Waren Sie das nicht, melden Sie sich an und ändern Sie sofort Ihr Passwort.')).toBeVisible();
  await shot(link, 'security-06-link-ended-de');
  await intruder.goto('/#/pages/mine/mine');
  await expect(intruder).toHaveURL(/#\/pages\/login\/login/);
  // the phone stays signed in; the link works once
  await phone.goto('/#/pages/mine/security/devices');
  await expect(rows).toHaveCount(1);
  await link.reload();
  await link.getByRole('button', { name: 'Diese Sitzung beenden' }).click();
  await expect(link.getByText('Die Sitzung konnte nicht beendet werden')).toBeVisible();
  await link.getByRole('button', { name: 'Anmelden' }).click();
  await expect(link).toHaveURL(/#\/pages\/login\/login/);

  // A newly bound payout account shows when it can receive withdrawals, on the account and in the withdraw picker.
  const phoneToken = await phone.evaluate(() => localStorage.getItem('token') ?? '');
  const bound = await post('/api/v1/bankinfo/create', BANK_FORM, phoneToken);
  expect(bound.code).toBe(200);
  await phone.goto('/#/pages/mine/binding');
  const account = phone.locator('.account-row').filter({ hasText: 'Commerzbank •••• 3000' });
  await expect(account.getByText('Usable for withdrawals from')).toBeVisible();
  await shot(phone, 'security-07-account-usable-from');
  await phone.goto('/#/pages/mine/withdrawl');
  await expect(phone.locator('.account-picker').getByText('Usable for withdrawals from')).toBeVisible();
  await shot(phone, 'security-08-withdraw-picker');
  // after the 24 hours (moved into the past in the database) the hint is gone
  agePayoutAccounts(customer.email);
  await phone.reload();
  await expect(phone.locator('.account-picker')).toBeVisible();
  await expect(phone.locator('.account-picker').getByText('Usable for withdrawals from')).toHaveCount(0);
});
