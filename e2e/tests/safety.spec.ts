import { expect, test } from '@playwright/test';
import { OWNER } from '../playwright.config';
import { ownerInConsole, shot } from './support';

// Runs after the other walks (they use the demo receiving address; its own project in playwright.config): this one
// removes the demo data.

test('demo data is marked for customers and operators, and the owner removes it from the banner', async ({ browser }) => {
  test.setTimeout(180_000);

  // The demo customer's recharge page warns, in its language, before anyone sends to the demo address.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const user = await phone.newPage();
  await user.goto('/#/pages/login/login');
  await user.getByPlaceholder('Enter your email').fill('demo@c2c.local');
  await user.getByPlaceholder('Enter your password').fill('Demo12345');
  await user.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(user.locator('.adm-tab-bar')).toBeVisible();
  await user.goto('/#/pages/mine/rechange');
  await user.getByText('ERC20', { exact: true }).click();
  await expect(user.getByRole('alert')).toContainText('Demo address — do not send funds');
  await expect(user.getByText('0x000000000000000000000000000000000000dEaD')).toBeVisible();
  await shot(user, 'safety-09-recharge-demo-address');

  // The console: a banner on every page, a Demo tag on the addresses; the owner removes it after confirming.
  const admin = await ownerInConsole(browser);
  await admin.getByRole('menuitem', { name: 'Receiving addresses' }).click();
  await expect(admin.getByText('This install still holds demo data')).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'ERC20' })).toContainText('Demo');
  await shot(admin, 'safety-09-console-demo-banner');
  await admin.getByRole('button', { name: 'Remove demo data' }).click();
  await expect(admin.locator('.ant-modal-confirm-title')).toHaveText('Remove the demo data?');
  await shot(admin, 'safety-09-console-demo-confirm');
  await admin.locator('.ant-modal').getByRole('button', { name: 'Remove demo data' }).click();
  await expect(admin.getByText(/Demo data removed — addresses removed: ERC20, TRC20; the demo customer/)).toBeVisible();
  await expect(admin.getByText('This install still holds demo data')).toHaveCount(0);
  await expect(admin.getByRole('row').filter({ hasText: 'ERC20' })).toHaveCount(0);
  await admin.getByRole('menuitem', { name: 'Audit log' }).click();
  await expect(admin.getByRole('row').filter({ hasText: 'demo.remove' }).first()).toContainText(OWNER.email);
  await shot(admin, 'safety-09-console-demo-removed');

  // The demo customer's session is over.
  await user.goto('/#/pages/mine/mine');
  await expect(user).toHaveURL(/#\/pages\/login\/login/);
});
