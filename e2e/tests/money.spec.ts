import { type Browser, expect, type Page, test } from '@playwright/test';
import { agePayoutAccounts, ownerInConsole, PNG, shot, signUpByApi } from './support';

const PASSWORD = 'Money-e2e-1';

/** A customer signed up through the API and signed in on a phone screen. */
async function customer(browser: Browser): Promise<{ page: Page; email: string }> {
  const { email } = await signUpByApi('money', PASSWORD);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/#/pages/login/login');
  await page.getByPlaceholder('Enter your email').fill(email);
  await page.getByPlaceholder('Enter your password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('.adm-tab-bar')).toBeVisible();
  return { page, email };
}

const balanceOnMy = (page: Page) => page.locator('.summary-card').first();

test('recharge approved in the console reaches the balance live; a rejected withdrawal is restored, a second one is paid', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page: user, email } = await customer(browser);
  const admin = await ownerInConsole(browser);

  // Recharge 200 USDT with a screenshot.
  await user.goto('/#/pages/mine/rechange');
  await user.getByText('TRC20', { exact: true }).click();
  await expect(user.getByText('TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBeVisible();
  await user.getByPlaceholder('Up to 2 decimals').fill('200');
  await user.locator('input[type="file"]').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
  await expect(user.locator('.adm-image-uploader img, .proof-preview img').first()).toBeVisible();
  // the preview shows at once; the upload is done when its "uploading" mask is gone (a send before is refused)
  await expect(user.locator('.adm-image-uploader-cell-mask')).toHaveCount(0);
  await shot(user, 'money-01-recharge');
  await user.getByRole('button', { name: 'Submit' }).click();
  await expect(user.getByText('Submit success')).toBeVisible();

  // The customer watches My; the operator approves; the balance changes without a reload.
  await user.goto('/#/pages/mine/mine');
  await expect(balanceOnMy(user)).toContainText('0.00');
  await admin.getByRole('menuitem', { name: 'Recharges' }).click();
  // this customer's row: walks running beside this one queue recharges and withdrawals of their own
  const ownRow = () => admin.locator('.ant-table-row', { hasText: email }).first();
  await ownRow().getByRole('button', { name: 'Review' }).click();
  await expect(admin.locator('.ant-drawer img')).toBeVisible();
  await shot(admin, 'money-02-console-recharge');
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText(/Recharge #\d+ approved/)).toBeVisible();
  await expect(balanceOnMy(user)).toContainText('200.00');
  await shot(user, 'money-03-balance-live');

  // Bind a bank account: a bad IBAN first, then a good one.
  await user.goto('/#/pages/mine/binding');
  const fill = async (placeholder: string, value: string) => user.getByPlaceholder(placeholder, { exact: true }).fill(value);
  await fill('Full name', 'Erika Mustermann');
  await fill('Name', 'Erika');
  await fill('Surname', 'Mustermann');
  await fill('E.g. +49 151 23456789', '+49 151 23456789');
  await fill('Email', 'erika@example.com');
  await fill('Area', 'Mitte');
  await fill('Country', 'Germany');
  await fill('e.g. DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 01');
  await fill('Bank name', 'Commerzbank');
  await fill('8 or 11 characters, e.g. COBADEFFXXX', 'COBADEFFXXX');
  await fill('Address', 'Unter den Linden 1');
  await fill('City', 'Berlin');
  await fill('State or region', 'Berlin');
  await user.getByRole('button', { name: 'Bind account' }).click();
  await expect(user.getByText('IBAN format error')).toBeVisible();
  await fill('e.g. DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00');
  await user.waitForTimeout(1600);
  await user.getByRole('button', { name: 'Bind account' }).click();
  await expect(user.getByText('Account bound')).toBeVisible();
  await expect(user.getByText('Commerzbank •••• 3000')).toBeVisible();
  // a new account receives payouts 24 hours after binding, and says so; the server runs on the real clock, so the walk
  // moves that time into the past in the database
  await expect(user.getByText('Usable for withdrawals from')).toBeVisible();
  agePayoutAccounts(email);
  // the app still holds the account as it was bound (not usable yet, so not offered): it reads it again on a reload
  await user.reload();

  // Withdraw 50; the operator rejects it; the balance is restored and the records show the failure.
  const withdraw = async (amount: string) => {
    await user.goto('/#/pages/mine/withdrawl');
    await user.getByPlaceholder('Up to 2 decimals').fill(amount);
    await user.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(user.getByText('a withdrawal cannot be cancelled', { exact: false })).toBeVisible();
    await user.locator('.adm-dialog').getByRole('button', { name: 'Withdraw' }).click();
    await expect(user.getByText('Submit success')).toBeVisible();
  };
  await withdraw('50');
  await user.goto('/#/pages/mine/mine');
  await expect(balanceOnMy(user)).toContainText('150.00');

  await admin.getByRole('menuitem', { name: 'Withdrawals' }).click();
  await ownRow().getByRole('button', { name: 'Review' }).click();
  // payout details are masked until the operator reveals them (an audited step)
  await expect(admin.getByText('•••• 3000').first()).toBeVisible();
  await expect(admin.getByText('DE89 3704 0044 0532 0130 00')).toHaveCount(0);
  await shot(admin, 'safety-18-payout-masked');
  await admin.getByRole('button', { name: 'Reveal full details' }).click();
  await expect(admin.getByText('DE89 3704 0044 0532 0130 00')).toBeVisible();
  await shot(admin, 'safety-18-payout-revealed');
  await admin.getByRole('button', { name: 'Reject' }).click();
  await admin.getByLabel('Reason').fill('The account holder does not match');
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(balanceOnMy(user)).toContainText('200.00');
  await user.goto('/#/pages/mine/records');
  await expect(user.getByText('Withdrawal failure')).toBeVisible();
  await expect(user.getByText('The account holder does not match')).toBeVisible();
  await shot(user, 'money-04-records-failure');

  // A second withdrawal is paid out with a reference.
  await withdraw('80');
  await admin.getByRole('button', { name: 'Refresh' }).click();
  await ownRow().getByRole('button', { name: 'Review' }).click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByLabel('Payout reference').fill('SEPA-E2E-0001');
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await user.goto('/#/pages/mine/records');
  await expect(user.getByText('Withdrawal success')).toBeVisible();
  await user.goto('/#/pages/mine/asset-log');
  await expect(user.getByText('PAID')).toBeVisible();
  await shot(user, 'money-05-asset-log');
  await user.goto('/#/pages/mine/mine');
  await expect(balanceOnMy(user)).toContainText('120.00');
});
