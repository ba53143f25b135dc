import { expect, test } from '@playwright/test';
import { ownerInConsole, shot } from './support';

test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });

test('the console opens on the dashboard: liabilities, queues linking to their pages, 30-day charts; VIP levels on Settings', async ({
  browser,
}) => {
  const page = await ownerInConsole(browser);
  // the landing page is the dashboard
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(page.getByText('Customer liabilities (from the ledger)')).toBeVisible();
  await expect(page.getByText('Owed to customers (total)')).toBeVisible();
  for (const key of ['recharge', 'withdraw', 'saleu', 'dispute']) await expect(page.getByTestId(`queue-${key}`)).toBeVisible();
  // the charts (recharts, loaded with this page only) draw 30 days
  await expect(page.locator('.recharts-surface').first()).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangles').first()).toBeAttached();
  await shot(page, 'console-dashboard');

  // a queue card leads to its page
  await page.getByTestId('queue-withdraw').click();
  await expect(page).toHaveURL(/#\/withdrawals$/);

  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByText('VIP levels', { exact: true })).toBeVisible();
  await expect(page.getByText('VIP 3', { exact: true })).toBeVisible();
  await page.getByText('VIP levels', { exact: true }).scrollIntoViewIfNeeded();
  await shot(page, 'console-vip-levels');

  // the owner raises VIP 3's daily withdrawal limit; it reads back as stored
  const limits = page.getByLabel('daily withdrawal limit (USDT)');
  await limits.nth(3).fill('600000');
  await page.getByRole('button', { name: 'Save VIP levels' }).click();
  await expect(page.getByText('VIP levels saved')).toBeVisible();
  await expect(limits.nth(3)).toHaveValue('600000.00');
  await page.reload();
  await expect(page.getByLabel('daily withdrawal limit (USDT)').nth(3)).toHaveValue('600000.00');
});
