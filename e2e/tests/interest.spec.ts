import path from 'node:path';
import Database from '@c2c/sqlite';
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { type OperatorAnswer, operatorApi, ownerInConsole, PNG, shot, signedInPhone, signUpByApi } from './support';

const PASSWORD = 'Interest-e2e-1';

test('a customer subscribes in the interest wallet; at expiry the job pays principal + interest back', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await ownerInConsole(browser);
  const call = await operatorApi(admin);

  // The owner adds a product in the console: 0.5 % a day for 7 days, 10 to 500 USDT, 1000 USDT quota.
  const name = `E2E Saver ${Date.now() % 100_000}`;
  await admin.getByRole('menuitem', { name: 'Interest products' }).click();
  await admin.getByRole('button', { name: 'Add product' }).click();
  const modal = admin.getByRole('dialog');
  await modal.getByLabel('Product name').fill(name);
  await modal.getByLabel('Daily rate (%)').fill('0.5');
  await modal.getByLabel('Days').fill('7');
  await modal.getByLabel('Minimum per order (USDT)').fill('10');
  await modal.getByLabel('Maximum per order (USDT)').fill('500');
  await modal.getByLabel('Total quota (USDT)').fill('1000');
  await modal.getByRole('button', { name: 'Add product' }).click();
  const row = admin.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('0.50 %');
  await expect(row).toContainText('Active');
  await shot(admin, 'interest-01-console-product');

  // A customer with 200 USDT: a recharge the owner approves (operator API), signed in on a phone screen.
  const { token, user } = await signUpByApi('saver', PASSWORD);
  const customerCall = async (p: string, body: Record<string, string> | FormData): Promise<OperatorAnswer> => {
    const form = body instanceof FormData ? body : new URLSearchParams({ lang: 'en', ...body });
    const answer = (await (
      await fetch(`${BASE_URL}${p}`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } })
    ).json()) as OperatorAnswer;
    if (answer.code !== 200) throw new Error(`${p}: ${answer.msg}`);
    return answer;
  };
  const addresses = (await call('address/list', { page: 1, page_size: 100 })).data.list as {
    id: number;
    type: string;
    active: boolean;
  }[];
  const trc20 = addresses.find((a) => a.type === 'TRC20');
  if (!trc20?.active) {
    const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    const made = trc20
      ? await call('address/update', { id: trc20.id, address, active: true })
      : await call('address/create', { type: 'TRC20', address });
    expect(made.code).toBe(200);
  }
  const file = new FormData();
  file.append('lang', 'en');
  file.append('file', new Blob([PNG], { type: 'image/png' }), 'transfer.png');
  const stored = await customerCall('/api/v1/attach/upload', file);
  const recharge = await customerCall('/api/v1/recharge/create', {
    type: 'TRC20',
    amount: '200',
    image: String(stored.data.url),
  });
  expect((await call('recharge/approve', { id: recharge.data.id })).code).toBe(200);

  const page = await signedInPhone(browser, { token, user });
  await page.goto('/#/pages/mine/wallet');

  // The product with its rate, days, limits and quota left; typing an amount previews the payback.
  const product = page.getByRole('article', { name });
  await expect(product).toContainText('0.50 % a day');
  await expect(product).toContainText('7 days');
  await expect(product).toContainText('10.00 – 500.00 USDT');
  await expect(product).toContainText('1,000.00 USDT');
  await expect(page.getByText('Available: 200.00 USDT')).toBeVisible();
  await product.getByPlaceholder('Amount in USDT, up to 2 decimals').fill('5');
  // said under the amount as it is typed, and again when sent anyway
  await expect(product.locator('.field-error')).toHaveText('The amount must be at least 10.00 USDT');
  await product.getByRole('button', { name: 'Subscribe' }).click();
  const toast = page.locator('.adm-toast-main').getByText('The amount must be at least 10.00 USDT');
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden();
  await product.getByPlaceholder('Amount in USDT, up to 2 decimals').fill('100');
  await expect(product.locator('.field-error')).toHaveCount(0);
  // 100 x 0.5 % x 7 = 3.50
  await expect(product.locator('.wallet-preview')).toContainText('Pays back 103.50 USDT (3.50 interest)');
  await shot(page, 'interest-02-preview');
  await page.waitForTimeout(1600);
  await product.getByRole('button', { name: 'Subscribe' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`Lock 100.00 USDT in "${name}" for 7 days at 0.50 % a day? You get 103.50 USDT`);
  await shot(page, 'interest-03-confirm');
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribed', { exact: true })).toBeVisible();
  await expect(page.locator('.summary-value')).toHaveText(/^100\.00/);
  await expect(product).toContainText('900.00 USDT');

  await page.getByRole('tab', { name: 'My orders' }).click();
  const order = page.locator('.wallet-order').first();
  await expect(order).toContainText('Active');
  await expect(order).toContainText('Will pay 3.50 USDT');
  await expect(order).toContainText('Ends in 6 d 23 h');
  await shot(page, 'interest-04-order-active');

  // The 7 days pass: the expiry is moved into the past in the server's database (the e2e server runs on the real
  // clock); the server's job runner settles the order within its one-minute round, and the live event shows it.
  const orders = (await customerCall('/api/v1/lixibao/list-order', { page: '1', page_size: '10' })).data.list as { id: number }[];
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'c2c.sqlite'), { timeout: 10_000 });
  db.prepare('UPDATE interest_orders SET expires_at = ? WHERE id = ?').run(
    new Date(Date.now() - 1000).toISOString(),
    orders[0]!.id,
  );
  db.close();

  await expect(order).toContainText('Settled', { timeout: 120_000 });
  await expect(order).toContainText('Paid 3.50 USDT');
  await expect(page.locator('.summary-value')).toHaveText(/^0\.00/);
  await shot(page, 'interest-05-order-settled');
  const money = (await customerCall('/api/v1/userinfo/get-money-info', {})).data;
  expect(money).toMatchObject({ balance: '203.50', interest: '0.00', total: '203.50' });

  // The asset log shows the payout and the subscription.
  await page.goto('/#/pages/mine/asset-log');
  await expect(page.getByText('Interest wallet payout').first()).toBeVisible();
  await expect(page.getByText('Interest wallet subscription').first()).toBeVisible();
  await expect(page.locator('.amount-positive').filter({ hasText: '103.50' }).first()).toContainText('+');
  await expect(page.locator('.amount-negative').filter({ hasText: '100.00' }).first()).toBeVisible();
  await shot(page, 'interest-06-asset-log');
});
