import { expect, type Page, test } from '@playwright/test';
import { HOUSE_CODE } from '../playwright.config';
import { codeFromOutbox, shot } from './support';

// The other walks run as someone who asked for reduced motion (playwright.config.ts); this one keeps the apps'
// animations, so its sheets and dialogs open and close as most people see them.
test.use({ reducedMotion: 'no-preference' });

const PASSWORD = 'E2e-passw0rd';
const tabBar = (page: Page) => page.locator('.adm-tab-bar');
/** Submit buttons ignore a second click within 1500 ms (spec §9); a person clicking again waits that long. */
const pastRepeatGuard = (page: Page) => page.waitForTimeout(1600);

async function openMine(page: Page) {
  await tabBar(page)
    .getByText(/^(My|Ich|マイ)$/)
    .click();
  await expect(page).toHaveURL(/#\/pages\/mine\/mine$/);
}

async function chooseLanguage(page: Page, entry: RegExp, language: string, confirm: string) {
  await openMine(page);
  await page.getByText(entry).click();
  await page.locator('.adm-popup').getByText(language, { exact: true }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: confirm }).click();
  await page.waitForLoadState('load');
}

test('a new customer signs up through the mail outbox, signs in, changes language and theme, and logs out', async ({ page }) => {
  const email = `e2e.${Date.now()}@example.com`;

  // Without a session, any route lands on the sign-in page.
  await page.goto('/#/pages/mine/mine');
  await expect(page).toHaveURL(/#\/pages\/login\/login/);

  // Sign up from an invitation link: the code is pre-filled.
  await page.goto(`/#/pages/login/register?code=${HOUSE_CODE}`);
  await expect(page.getByPlaceholder('Enter the invitation code')).toHaveValue(HOUSE_CODE);
  await page.getByPlaceholder('Enter your email').fill('not-an-email');
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Email format error')).toBeVisible();
  await page.getByPlaceholder('Enter your email').fill(email);
  await pastRepeatGuard(page);
  await page.getByRole('button', { name: 'Get code' }).click();
  await expect(page.getByText('Send success')).toBeVisible();
  await expect(page.getByRole('button', { name: /\d+ s/ })).toBeDisabled();
  await page.getByPlaceholder('6-digit code').fill(await codeFromOutbox(email));
  await page.getByPlaceholder('8 to 64 characters, letters and digits').fill(PASSWORD);
  await page.getByPlaceholder('Enter the password again').fill(`${PASSWORD}x`);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('The two passwords differ')).toBeVisible();
  await page.getByPlaceholder('Enter the password again').fill(PASSWORD);
  await shot(page, 'customer-01-register');
  await pastRepeatGuard(page);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Register success')).toBeVisible();
  await expect(tabBar(page)).toBeVisible();

  // Log out with the confirmation, then sign in again (a wrong password first).
  await openMine(page);
  await expect(page.getByText('VIP 0')).toBeVisible();
  await expect(page.locator('.summary-card').first()).toContainText('0.00');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByText('Are you sure you want to log out?')).toBeVisible();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);

  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill('Wrong-passw0rd');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Wrong email or password')).toBeVisible();
  await page.getByPlaceholder('Enter your password').fill(PASSWORD);
  await pastRepeatGuard(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Login success')).toBeVisible();
  await expect(tabBar(page)).toContainText('Home');
  await shot(page, 'customer-02-home');

  // German, then Japanese: the app restarts and the tab bar speaks the language.
  await chooseLanguage(page, /^Language$/, 'Deutsch', 'Confirm');
  await expect(tabBar(page)).toHaveText(/Start.*Halle.*Aufträge.*Ich/);
  await shot(page, 'customer-03-german');
  await chooseLanguage(page, /^Sprache$/, '日本語', 'Bestätigen');
  await expect(tabBar(page)).toHaveText(/ホーム.*ホール.*注文.*マイ/);
  await shot(page, 'customer-04-japanese');

  // Theme switch with its toast; the choice changes the page's colours.
  await openMine(page);
  const before = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-primary'));
  await page.getByRole('switch').click();
  await expect(page.getByText('テーマを切り替えました')).toBeVisible();
  const after = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--c-primary'));
  expect(after).not.toBe(before);
  await shot(page, 'customer-05-theme');

  // Log out (in Japanese) and land on the sign-in page; a protected route after reload stays there.
  await page.locator('.logout-button').click();
  await page.locator('.adm-dialog').getByRole('button', { name: '確認' }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  await page.goto('/#/pages/mine/personal-info');
  await page.reload();
  await expect(page).toHaveURL(/#\/pages\/login\/login/);
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userInfo')])).toEqual([null, null]);
  await shot(page, 'customer-06-logged-out');
});
