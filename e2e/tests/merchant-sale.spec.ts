import { type Browser, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { agePayoutAccounts, BANK_FORM, ownerInConsole, PNG, shot, signUpByApi } from './support';

const PASSWORD = 'Merchant-e2e-1';

const post = <T = Record<string, unknown>>(path: string, body: Record<string, string>, token: string) =>
  fetch(`${BASE_URL}${path}`, { method: 'POST', headers: { 'x-access-token': token }, body: new URLSearchParams(body) }).then(
    (r) => r.json() as Promise<{ code: number; msg: string; data: T }>,
  );

/** The customer on a phone screen (390×844), signed in with `token`, the app in English. */
async function phone(browser: Browser, token: string, user: Record<string, unknown>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    ({ token, user }) => {
      if (sessionStorage.getItem('e2e-started')) return;
      sessionStorage.setItem('e2e-started', '1');
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('lang', 'en');
    },
    { token, user },
  );
  const page = await context.newPage();
  await page.goto('/#/');
  await expect(page.locator('.adm-tab-bar')).toBeVisible();
  return page;
}

/** A screenshot once passing toasts are gone, so they hide nothing. */
async function still(page: Page, name: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0, { timeout: 15_000 });
  await shot(page, name);
}

test('a customer sells to a merchant offer made in the console: paid with a reference, then one rejected', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const customer = await signUpByApi('merchant-sale', PASSWORD);
  expect((await post('/api/v1/bankinfo/create', BANK_FORM, customer.token)).code).toBe(200);
  // sales pay out to the account, which takes payouts 24 hours after binding: the walk ages it in the database
  agePayoutAccounts(customer.email);
  const admin = await ownerInConsole(browser);
  const user = await phone(browser, customer.token, customer.user);
  const merchant = `E2E Euro Desk ${Date.now() % 1_000_000}`;

  // The operator adds an offer: 0.93 EUR per USDT, 1,000 USDT, 10 to 500 per order, paid to bank accounts.
  await admin.getByRole('menuitem', { name: 'Merchants', exact: true }).click();
  await admin.getByRole('button', { name: 'Add offer' }).click();
  const modal = admin.locator('.ant-modal');
  await modal.getByLabel('Merchant name').fill(merchant);
  await modal.getByLabel('Unit price (fiat per USDT)').fill('0.93');
  await modal.getByLabel('Currency').fill('eur');
  await modal.getByLabel('Quantity (USDT still bought)').fill('1000');
  await modal.getByLabel('Minimum per order (USDT)').fill('10');
  await modal.getByLabel('Maximum per order (USDT)').fill('500');
  await shot(admin, 'merchant-sale-01-console-offer-form');
  await modal.getByRole('button', { name: 'Add offer' }).click();
  await expect(admin.getByText(`Offer of ${merchant} added`)).toBeVisible();
  const offerRow = admin.locator('.ant-table-row', { hasText: merchant });
  await expect(offerRow).toContainText('0.93 EUR');
  await expect(offerRow).toContainText('1,000.00');
  await expect(offerRow).toContainText('Active');
  await shot(admin, 'merchant-sale-02-console-merchants');

  // The customer recharges 200 USDT; the operator approves it.
  await user.goto('/#/pages/mine/rechange');
  await user.getByText('TRC20', { exact: true }).click();
  await user.getByPlaceholder('Up to 2 decimals').fill('200');
  await user.locator('input[type="file"]').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
  await expect(user.locator('.adm-image-uploader img, .proof-preview img').first()).toBeVisible();
  // the preview shows at once; the upload is done when its "uploading" mask is gone (a send before is refused)
  await expect(user.locator('.adm-image-uploader-cell-mask')).toHaveCount(0);
  await user.getByRole('button', { name: 'Submit' }).click();
  await expect(user.getByText('Submit success')).toBeVisible();
  await admin.getByRole('menuitem', { name: 'Recharges' }).click();
  await admin.locator('.ant-table-row', { hasText: customer.email }).getByRole('button', { name: 'Review' }).click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText(/Recharge #\d+ approved/)).toBeVisible();

  // Hall -> Sell to merchants: the offer, and the sheet.
  await user.goto('/#/pages/dating/dating');
  const summary = user.locator('.summary-card').first();
  await expect(summary).toContainText('200.00');
  await user.getByText('Sell to merchants', { exact: true }).click();
  const offer = user.locator('.merchant-offer', { hasText: merchant });
  await expect(offer).toContainText('0.93 EUR/USDT');
  await expect(offer).toContainText('Quantity 1,000.00 USDT');
  await expect(offer).toContainText('Limits 10.00 – 500.00 USDT');
  await offer.getByRole('button', { name: 'Go sell' }).click();
  const sheet = user.locator('.sell-sheet');
  await expect(sheet.getByText(`Sell USDT to ${merchant}`)).toBeVisible();
  await expect(sheet.getByText('Commerzbank •••• 3000')).toBeVisible();
  const quantity = sheet.getByPlaceholder('Up to 2 decimals');
  const receive = sheet.locator('.sell-receive');
  // "All": the whole balance (200), below the offer's quantity (1,000) and maximum (500)
  await sheet.getByRole('button', { name: 'All' }).click();
  await expect(quantity).toHaveValue('200.00');
  await expect(receive).toHaveText('186.00 EUR');
  // 33.33 × 0.93 = 30.9969 EUR, paid as 30.99
  await quantity.fill('33.33');
  await expect(receive).toHaveText('30.99 EUR');
  await still(user, 'merchant-sale-en-1-sheet');

  await sheet.getByRole('button', { name: 'Sell', exact: true }).click();
  const dialog = user.locator('.adm-dialog');
  await expect(dialog.getByText('Confirm sale')).toBeVisible();
  await expect(dialog.getByText('33.33 USDT')).toBeVisible();
  await expect(dialog.getByText('0.93 EUR', { exact: true })).toBeVisible();
  await expect(dialog.getByText('30.99 EUR')).toBeVisible();
  await expect(dialog.getByText('Commerzbank •••• 3000')).toBeVisible();
  await shot(user, 'merchant-sale-en-2-confirm');
  await dialog.getByRole('button', { name: 'Sell' }).click();
  await expect(user.getByText("Sale submitted: waiting for the merchant's payment")).toBeVisible();
  await expect(sheet).toBeHidden();

  // The balance shows the 33.33 frozen, on order.
  await expect(summary).toContainText('200.00');
  await expect(summary.locator('.stat').first()).toContainText('33.33');
  await expect(summary.locator('.stat').nth(1)).toContainText('166.67');

  // Orders -> Merchant sales: Auditing.
  await user.goto('/#/pages/orders/orders');
  await user.getByText('Merchant sales', { exact: true }).click();
  const sale = user.locator('.sale-row').first();
  await expect(sale.locator('.status-tag')).toHaveText('Auditing');
  await expect(sale).toContainText('33.33');
  await expect(sale).toContainText('0.93 EUR/USDT');
  await expect(sale).toContainText('30.99 EUR');
  await still(user, 'merchant-sale-en-3-orders-auditing');

  // The operator records the merchant's payment; the customer's list turns Completed by itself.
  await admin.getByRole('menuitem', { name: 'Sales to merchants' }).click();
  const queued = admin.locator('.ant-table-row', { hasText: customer.email });
  await expect(queued).toContainText('30.99 EUR');
  await expect(queued).toContainText(merchant);
  await queued.getByRole('button', { name: 'Review' }).click();
  const drawer = admin.locator('.ant-drawer');
  await expect(drawer.getByText('•••• 3000').first()).toBeVisible();
  await expect(drawer.getByText('DE89 3704 0044 0532 0130 00')).toHaveCount(0);
  await shot(admin, 'merchant-sale-03-console-review');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  await admin.getByLabel('Payment reference').fill('SEPA-M-0001');
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('marked as paid')).toBeVisible();
  await expect(sale.locator('.status-tag')).toHaveText('Completed');
  await expect(sale).toContainText('Payment reference: SEPA-M-0001');

  // What the app shows is what the ledger holds: 166.67 available, nothing on order.
  const moneyInfo = await post<{ balance: string; frozen: string; total: string }>(
    '/api/v1/userinfo/get-money-info',
    {},
    customer.token,
  );
  expect(moneyInfo.data).toMatchObject({ balance: '166.67', frozen: '0.00', total: '166.67' });
  await user.goto('/#/pages/dating/dating');
  await expect(summary).toContainText('166.67');
  await expect(summary.locator('.stat').first()).toContainText('0.00');
  await expect(summary.locator('.stat').nth(1)).toContainText('166.67');

  // A second sale of 50 is rejected with a reason: Rejected, the reason shown, the balance back.
  await user.getByText('Sell to merchants', { exact: true }).click();
  await offer.getByRole('button', { name: 'Go sell' }).click();
  await quantity.fill('50');
  await expect(receive).toHaveText('46.50 EUR');
  await user.waitForTimeout(1600);
  await sheet.getByRole('button', { name: 'Sell', exact: true }).click();
  await dialog.getByRole('button', { name: 'Sell' }).click();
  await expect(user.getByText("Sale submitted: waiting for the merchant's payment")).toBeVisible();
  await expect(summary.locator('.stat').nth(1)).toContainText('116.67');

  await admin.getByRole('button', { name: 'Refresh' }).click();
  await admin
    .locator('.ant-table-row', { hasText: customer.email })
    .filter({ hasText: '46.50 EUR' })
    .getByRole('button', { name: 'Review' })
    .click();
  await drawer.getByRole('button', { name: 'Reject' }).click();
  await admin.getByLabel('Reason').fill('The merchant could not pay to this account');
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('rejected:')).toBeVisible();
  await expect(summary.locator('.stat').nth(1)).toContainText('166.67');

  await user.goto('/#/pages/orders/orders');
  await user.getByText('Merchant sales', { exact: true }).click();
  await expect(sale.locator('.status-tag')).toHaveText('Rejected');
  await expect(sale).toContainText('Reason: The merchant could not pay to this account');
  await expect(user.locator('.sale-row')).toHaveCount(2);
  await user.getByRole('tab', { name: 'Completed', exact: true }).click();
  await expect(user.locator('.sale-row')).toHaveCount(1);
  await expect(user.locator('.sale-row').first()).toContainText('SEPA-M-0001');
  await user.getByRole('tab', { name: 'All', exact: true }).click();
  await still(user, 'merchant-sale-en-4-orders');

  // In German: the sheet, the confirmation and the orders list.
  await user.goto('/#/pages/mine/mine');
  await user.getByText('Language', { exact: true }).click();
  await user.getByText('Deutsch', { exact: true }).click();
  await user.getByRole('button', { name: 'Confirm' }).click();
  await expect(user.getByText('Sprache', { exact: true })).toBeVisible();
  await user.goto('/#/pages/dating/dating');
  await user.getByText('An Händler verkaufen', { exact: true }).click();
  await expect(offer).toContainText('0,93 EUR/USDT');
  await offer.getByRole('button', { name: 'Verkaufen' }).click();
  await expect(sheet.getByText(`USDT an ${merchant} verkaufen`)).toBeVisible();
  const quantityDe = sheet.getByPlaceholder('z. B. 12,50 – höchstens 2 Nachkommastellen');
  // 10,5 × 0,93 = 9,765 EUR, paid as 9,76
  await quantityDe.fill('10,5');
  await expect(receive).toHaveText('9,76 EUR');
  await still(user, 'merchant-sale-de-1-sheet');
  await sheet.getByRole('button', { name: 'Verkaufen', exact: true }).click();
  await expect(dialog.getByText('Verkauf bestätigen')).toBeVisible();
  await expect(dialog.getByText('10,50 USDT')).toBeVisible();
  await expect(dialog.getByText('9,76 EUR')).toBeVisible();
  await shot(user, 'merchant-sale-de-2-confirm');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toHaveCount(0);
  await user.goto('/#/pages/orders/orders');
  await user.getByText('Händlerverkäufe', { exact: true }).click();
  await expect(sale.locator('.status-tag')).toHaveText('Abgelehnt');
  await expect(user.locator('.sale-row').nth(1).locator('.status-tag')).toHaveText('Abgeschlossen');
  await still(user, 'merchant-sale-de-3-orders');

  // The console counts the two sales of the last 30 days, one of two decided completed; an edit and switching it off.
  await admin.getByRole('menuitem', { name: 'Merchants', exact: true }).click();
  await expect(offerRow).toContainText('50%');
  await expect(offerRow.locator('td').nth(5)).toHaveText('2');
  await expect(offerRow).toContainText('966.67');
  await offerRow.getByRole('button', { name: 'Edit' }).click();
  await modal.getByLabel('Maximum per order (USDT)').fill('5');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('The maximum must not be below the minimum')).toBeVisible();
  await modal.getByLabel('Maximum per order (USDT)').fill('400');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText(`Offer of ${merchant} saved`)).toBeVisible();
  await expect(offerRow).toContainText('10.00 – 400.00');
  // the form has closed (its closing hands the focus back to the row's Edit button)
  await expect(modal).toBeHidden();
  await offerRow.getByRole('button', { name: 'Deactivate' }).click();
  await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click();
  await expect(offerRow).toContainText('Inactive');
  await shot(admin, 'merchant-sale-04-console-merchants-after');
  await user.goto('/#/pages/dating/dating');
  await user.getByText('An Händler verkaufen', { exact: true }).click();
  await expect(user.locator('.merchant-offer, .empty-state').filter({ visible: true }).first()).toBeVisible();
  await expect(offer).toHaveCount(0);
});
