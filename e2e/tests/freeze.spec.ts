import { expect, test } from '@playwright/test';
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
