import { expect, test } from '@playwright/test';
import { OWNER } from '../playwright.config';
import { ownerTotp, shot } from './support';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

test('an operator signs in with TOTP and finds their own sign-in in the audit log', async ({ page }) => {
  await page.goto('/admin/');
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Password').fill(OWNER.password);
  await page.getByLabel('Authenticator code').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong email, password or authenticator code')).toBeVisible();

  await page.getByLabel('Authenticator code').fill(ownerTotp());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('menuitem', { name: 'Audit log' }).click();

  const row = page.getByRole('row').filter({ hasText: 'auth.login' }).first();
  await expect(row).toContainText(OWNER.email);
  await page.getByRole('button', { name: 'Verify chain' }).click();
  await expect(page.getByText(/Chain intact: \d+ entries checked/)).toBeVisible();
  await shot(page, 'console-audit-log');
});
