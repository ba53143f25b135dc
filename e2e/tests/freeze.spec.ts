import { expect, test } from '@playwright/test';
import { OWNER } from '../playwright.config';
import { ownerInConsole, shot, signUpByApi } from './support';

const PASSWORD = 'Freeze-pass1';

test('an operator freezes a customer in the console: the open app signs out at once and cannot sign in again', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { email } = await signUpByApi('frozen', PASSWORD);

  // The customer has the app open, signed in, on Home.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const app = await phone.newPage();
  await app.goto('/#/pages/login/login');
  await app.getByPlaceholder('Enter your email').fill(email);
  await app.getByPlaceholder('Enter your password').fill(PASSWORD);
  await app.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(app.locator('.adm-tab-bar')).toBeVisible();
  await expect(app).not.toHaveURL(/login/);
  await shot(app, 'freeze-01-app-signed-in');

  // The owner finds them in the console's Users page and freezes them with a reason.
  const admin = await ownerInConsole(browser);
  await admin.getByRole('menuitem', { name: 'Users' }).click();
  await admin.getByLabel('Search customers').fill(email);
  await admin.getByLabel('Search customers').press('Enter');
  const row = admin.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Active');
  await shot(admin, 'freeze-02-console-users');
  await row.click();
  await expect(admin.locator('.ant-drawer-title')).toHaveText(`Customer ${email}`);
  await admin.getByRole('button', { name: 'Freeze' }).click();
  await expect(admin.locator('.ant-modal-title')).toHaveText(`Freeze ${email}?`);
  await admin.getByLabel('Reason (kept in the audit log)').fill('Chargeback reported by the bank');
  await shot(admin, 'freeze-03-console-freeze-confirm');
  await admin.locator('.ant-modal').getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText(`${email} is frozen`)).toBeVisible();
  await expect(admin.locator('.ant-drawer').getByText('Reason: Chargeback reported by the bank', { exact: false })).toBeVisible();
  await shot(admin, 'freeze-04-console-frozen');

  // The open app lands on the sign-in page by itself (live socket told -1), no reload.
  await expect(app).toHaveURL(/#\/pages\/login\/login/, { timeout: 5_000 });
  await shot(app, 'freeze-05-app-signed-out');

  // Signing in again is refused with the localized message.
  await app.getByPlaceholder('Enter your email').fill(email);
  await app.getByPlaceholder('Enter your password').fill(PASSWORD);
  await app.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(app.getByText('This account is frozen, please contact customer service')).toBeVisible();
  await expect(app).toHaveURL(/#\/pages\/login\/login/);
  await shot(app, 'freeze-06-app-sign-in-refused');

  // The console shows the customer frozen in the list and the freeze in the audit log.
  await admin.keyboard.press('Escape');
  await expect(admin.getByRole('row').filter({ hasText: email })).toContainText('Frozen');
  await admin.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'user.freeze' }).first()).toBeVisible();
  await phone.close();
});

test('the owner corrects a balance (a deduction past zero is refused), unfreezes a customer and manages operators in the console', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { email } = await signUpByApi('adjusted', PASSWORD);
  const admin = await ownerInConsole(browser);
  await admin.getByRole('menuitem', { name: 'Users' }).click();
  await admin.getByLabel('Search customers').fill(email);
  await admin.getByLabel('Search customers').press('Enter');
  await admin.getByRole('row').filter({ hasText: email }).click();
  const drawer = admin.locator('.ant-drawer');

  const correct = async (amount: string, reason: string) => {
    await drawer.getByRole('button', { name: 'Adjust balance' }).click();
    const form = admin.locator('.ant-modal').filter({ hasText: 'Adjust the balance of' });
    await form.getByLabel('Amount (USDT)').fill(amount);
    await form.getByLabel('Reason').fill(reason);
    await form.getByRole('button', { name: 'Continue' }).click();
  };
  // a blank reason and a third decimal are refused in the form
  await correct('1.234', '');
  await expect(admin.getByText('Enter a non-zero amount with at most 2 decimals; a minus sign deducts')).toBeVisible();
  await admin.locator('.ant-modal').getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.locator('.ant-modal').filter({ hasText: 'Adjust the balance of' })).toHaveCount(0);

  await correct('-5', 'Test deduction');
  await expect(admin.locator('.ant-modal-confirm-title')).toHaveText(`Deduct 5.00 USDT from ${email}?`);
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Deduct' }).click();
  await expect(
    admin.getByText("This correction would take the customer's available balance below zero (available: 0.00 USDT)"),
  ).toBeVisible();
  // the confirmation closes, the form stays open for another amount
  await expect(admin.locator('.ant-modal-confirm')).toHaveCount(0);
  await admin.locator('.ant-modal').filter({ hasText: 'Adjust the balance of' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.locator('.ant-modal').filter({ hasText: 'Adjust the balance of' })).toHaveCount(0);

  await correct('12.34', 'Missed campaign bonus');
  await expect(admin.locator('.ant-modal-confirm-title')).toHaveText(`Credit 12.34 USDT to ${email}?`);
  await expect(admin.locator('.ant-modal-confirm')).toContainText('Reason: “Missed campaign bonus”');
  await shot(admin, 'freeze-07-console-adjust-confirm');
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Credit' }).click();
  await expect(admin.getByText('Corrected; available is now 12.34 USDT')).toBeVisible();
  await expect(drawer.getByRole('row').filter({ hasText: 'Missed campaign bonus' })).toContainText('12.34');
  await drawer.getByRole('tab', { name: 'Ledger' }).click();
  await expect(drawer.getByRole('row').filter({ hasText: 'adjust' }).first()).toContainText('Missed campaign bonus');
  await shot(admin, 'freeze-08-console-adjusted-ledger');

  // freeze, then unfreeze: the customer signs in again and sees the correction in the asset log
  await drawer.getByRole('button', { name: 'Freeze' }).click();
  await admin.getByLabel('Reason (kept in the audit log)').fill('Checking the bonus');
  await admin.locator('.ant-modal').getByRole('button', { name: 'Confirm' }).click();
  await expect(drawer.getByText('Reason: Checking the bonus', { exact: false })).toBeVisible();
  await drawer.getByRole('button', { name: 'Unfreeze' }).click();
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Unfreeze' }).click();
  await expect(admin.getByText(`${email} is active again`)).toBeVisible();

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const app = await phone.newPage();
  await app.goto('/#/pages/login/login');
  await app.getByPlaceholder('Enter your email').fill(email);
  await app.getByPlaceholder('Enter your password').fill(PASSWORD);
  await app.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(app.locator('.adm-tab-bar')).toBeVisible();
  await expect(app.locator('.banner-balance')).toContainText('12.34');
  await shot(app, 'freeze-09-app-after-unfreeze');
  await phone.close();

  // operators: disable, enable, reset the authenticator; the owner's own password through the account menu
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await admin.getByRole('menuitem', { name: 'Operators' }).click();
  const opEmail = `support.${Date.now()}@e2e.local`;
  await admin.getByLabel('Email').fill(opEmail);
  await admin.getByLabel('Name').fill('Support E2E');
  await admin.getByLabel('Initial password').fill('Support-pass1');
  await admin.getByRole('button', { name: 'Create operator' }).click();
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Create operator' }).click();
  await admin.getByRole('button', { name: 'I have saved it, close' }).click();

  const row = admin.getByRole('row').filter({ hasText: opEmail });
  await row.getByRole('button', { name: 'Disable' }).click();
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');
  await row.getByRole('button', { name: 'Enable' }).click();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: 'Reset TOTP' }).click();
  await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Reset authenticator' }).click();
  await expect(admin.getByText('This secret will not be shown again')).toBeVisible();
  await shot(admin, 'freeze-10-console-operator-reset-totp');
  await admin.getByRole('button', { name: 'I have saved it, close' }).click();
  // the owner's own row offers nothing to click
  await expect(admin.getByRole('row').filter({ hasText: OWNER.email })).toContainText('You');

  // change the own password through the account menu, then back (the other walks sign in with it)
  const change = async (from: string, to: string) => {
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Change password' }).click();
    const dialog = admin.locator('.ant-modal').filter({ hasText: 'Current password' });
    await dialog.getByLabel('Current password').fill(from);
    await dialog.getByLabel('New password', { exact: true }).fill(to);
    await dialog.getByLabel('Repeat the new password').fill(to);
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(admin.getByText('Password changed; your other sessions are signed out').last()).toBeVisible();
  };
  await change(OWNER.password, 'Changed-pass1');
  await change('Changed-pass1', OWNER.password);
  await admin.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'auth.change_password' }).first()).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'operator.reset_totp' }).first()).toBeVisible();
});
