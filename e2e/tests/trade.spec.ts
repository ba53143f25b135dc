import path from 'node:path';
import Database from '@c2c/sqlite';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { BANK_FORM, operatorApi, ownerInConsole, PNG, shot, signedInPhone, signUpByApi } from './support';

const PASSWORD = 'Trade-e2e-1';

type Answer = { code: number; msg: string; data: Record<string, unknown> };

/** A customer's API call (the set-up the screens are not about: funding, binding an account). */
function customerApi(token: string) {
  return async (path: string, body: Record<string, string> | FormData): Promise<Answer> => {
    const form = body instanceof FormData ? body : new URLSearchParams({ lang: 'en', ...body });
    const answer = (await (
      await fetch(`${BASE_URL}${path}`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } })
    ).json()) as Answer;
    if (answer.code !== 200) throw new Error(`${path}: ${answer.msg}`);
    return answer;
  };
}

/** A customer signed up through the API and signed in on a phone screen, in `lang`. */
async function customer(browser: Browser, tag: string, lang = 'en') {
  const { email, token, user } = await signUpByApi(tag, PASSWORD, lang);
  const page = await signedInPhone(browser, { token, user }, lang);
  await page.goto('/#/');
  await expect(page.locator('.adm-tab-bar')).toBeVisible();
  return { email, token, page, api: customerApi(token) };
}

/**
 * A TRC20 receiving address for recharges: the demo one may be gone (safety.spec removes the demo data), so the owner
 * signed in to the console adds one through the operator API when none is active.
 */
async function receivingAddress(admin: Page) {
  const call = await operatorApi(admin);
  const address = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
  const trc20 = (
    (await call('address/list', { page: 1, page_size: 100 })).data.list as { id: number; type: string; active: boolean }[]
  ).find((a) => a.type === 'TRC20');
  if (trc20?.active) return;
  const made = trc20
    ? await call('address/update', { id: trc20.id, address, active: true })
    : await call('address/create', { type: 'TRC20', address });
  if (made.code !== 200) throw new Error(`address/create: ${made.msg}`);
}

/** A seller with `amount` USDT (a recharge the owner approves in the console) and a bank account to be paid to. */
async function fundedSeller(browser: Browser, admin: Page, amount: string, lang = 'en') {
  await receivingAddress(admin);
  const seller = await customer(browser, 'seller', lang);
  const file = new FormData();
  file.append('lang', 'en');
  file.append('file', new Blob([PNG], { type: 'image/png' }), 'transfer.png');
  const stored = await seller.api('/api/v1/attach/upload', file);
  await seller.api('/api/v1/recharge/create', { type: 'TRC20', amount, image: String(stored.data.url) });
  await admin.getByRole('menuitem', { name: 'Recharges' }).click();
  const row = admin.getByRole('row').filter({ hasText: seller.email });
  await row.getByRole('button', { name: 'Review' }).click();
  await admin.getByRole('button', { name: 'Approve' }).click();
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(admin.getByText('approved', { exact: false }).first()).toBeVisible();
  await seller.api('/api/v1/bankinfo/create', BANK_FORM);
  return seller;
}

/** The seller posts a listing through the form page (English texts). */
async function postListing(page: Page, { number, price, min, max }: { number: string; price: string; min: string; max: string }) {
  await page.goto('/#/pages/dating/listing');
  await page.getByPlaceholder('How much USDT to sell').fill(number);
  await page.getByPlaceholder('Price per USDT').fill(price);
  await page.getByPlaceholder('Smallest amount one buyer may take').fill(min);
  await page.getByPlaceholder('Largest amount one buyer may take').fill(max);
  await page.getByRole('button', { name: 'Post a listing' }).click();
  await expect(page.getByRole('dialog')).toContainText(`${number}.00 USDT`);
  await page.getByRole('dialog').getByRole('button', { name: 'Post' }).click();
  await expect(page.getByText('Listing posted')).toBeVisible();
}

/**
 * The buyer buys `amount` from the listing showing `limits` in the Hall and lands on the trade page (sellers' e-mails
 * are masked alike, and another walk's listing may be newer).
 */
async function buy(page: Page, limits: string, amount: string) {
  await page.goto('/#/pages/dating/dating');
  const row = page.locator('.listing-row').filter({ hasText: limits }).first();
  await row.getByRole('button', { name: 'Buy' }).click();
  await page.getByPlaceholder('How much USDT to buy').fill(amount);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByText('Awaiting payment').first()).toBeVisible();
}

test('two customers trade with chat to release; a dispute is decided by refund in the console', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await ownerInConsole(browser);
  const seller = await fundedSeller(browser, admin, '300');
  const buyer = await customer(browser, 'buyer');

  // The seller posts 200 USDT at 0.95 EUR: the Hall's summary shows them on order.
  await postListing(seller.page, { number: '200', price: '0.95', min: '10', max: '150' });
  await seller.page.goto('/#/pages/dating/dating');
  await expect(seller.page.locator('.summary-card')).toContainText('300.00');
  await expect(seller.page.locator('.summary-card')).toContainText('200.00');
  await seller.page.getByText('Selling orders').click();
  await expect(seller.page.getByText('Open', { exact: true }).first()).toBeVisible();
  await shot(seller.page, 'trade-01-selling-orders');

  // The buyer buys 100: the sheet shows the exact fiat amount.
  await buyer.page.goto('/#/pages/dating/dating');
  // this listing by its limits (10–150): another walk's listing may be newer, and sellers' e-mails are masked alike
  const row = buyer.page.locator('.listing-row').filter({ hasText: '–150.00' }).first();
  await row.getByRole('button', { name: 'Buy' }).click();
  await buyer.page.getByPlaceholder('How much USDT to buy').fill('100');
  await expect(buyer.page.getByTestId('fiat-amount')).toHaveText('95.00 EUR');
  await shot(buyer.page, 'trade-02-buy-sheet');
  await buyer.page.getByRole('button', { name: 'Buy now' }).click();
  await buyer.page.getByRole('dialog').getByRole('button', { name: 'Place order' }).click();
  await expect(buyer.page.getByText('Awaiting payment').first()).toBeVisible();
  await expect(buyer.page.getByText('DE89370400440532013000')).toBeVisible();
  await expect(buyer.page.getByRole('timer')).toContainText(/Pay within 1[45]:\d\d/);
  await shot(buyer.page, 'trade-03-awaiting-payment');

  // Chat both ways, live.
  await buyer.page.getByPlaceholder('Write a message').fill('Paying now');
  await buyer.page.getByRole('button', { name: 'Send', exact: true }).click();
  await seller.page.goto('/#/pages/orders/orders');
  await expect(seller.page.locator('.adm-tab-bar .adm-badge')).toBeVisible();
  await seller.page.locator('.trade-item').first().click();
  await expect(seller.page.getByText('Paying now')).toBeVisible();
  await seller.page.getByPlaceholder('Write a message').fill('Thanks, waiting');
  await seller.page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(buyer.page.getByText('Thanks, waiting')).toBeVisible();

  // The buyer says paid (with a proof), the seller releases after the strong confirmation.
  await buyer.page.locator('input[type="file"]').first().setInputFiles({ name: 'paid.png', mimeType: 'image/png', buffer: PNG });
  await expect(buyer.page.locator('.adm-image-uploader img').first()).toBeVisible();
  // the preview shows at once; the upload is done when its "uploading" mask is gone (a send before is refused)
  await expect(buyer.page.locator('.adm-image-uploader-cell-mask')).toHaveCount(0);
  await buyer.page.getByRole('button', { name: 'I have paid' }).click();
  await buyer.page.getByRole('dialog').getByRole('button', { name: 'I have paid' }).click();
  await expect(buyer.page.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(seller.page.getByRole('button', { name: 'Release USDT' })).toBeVisible();
  await shot(seller.page, 'trade-04-paid-seller');
  await seller.page.getByRole('button', { name: 'Release USDT' }).click();
  await expect(seller.page.getByRole('dialog')).toContainText('Only release after 95.00 EUR is in your account.');
  await seller.page.getByRole('dialog').getByRole('button', { name: 'The money arrived, release' }).click();
  await expect(seller.page.getByText('Completed').first()).toBeVisible();
  await expect(buyer.page.getByText('Completed').first()).toBeVisible();
  await shot(buyer.page, 'trade-05-completed');

  // Balances in the app: the buyer has 100, the seller 100 available and 100 still listed.
  await buyer.page.goto('/#/pages/dating/dating');
  await expect(buyer.page.locator('.summary-card')).toContainText('100.00');
  await seller.page.goto('/#/pages/dating/dating');
  await expect(seller.page.locator('.summary-card')).toContainText('200.00');

  // A second trade is disputed by the buyer and refunded by the owner (100 are left: the limits say so).
  await buy(buyer.page, '10.00–100.00', '40');
  await buyer.page.getByRole('button', { name: 'I have paid' }).click();
  await buyer.page.getByRole('dialog').getByRole('button', { name: 'I have paid' }).click();
  await expect(buyer.page.getByRole('button', { name: 'Appeal' })).toBeVisible();
  await buyer.page.getByRole('button', { name: 'Appeal' }).click();
  await buyer.page.getByPlaceholder('What went wrong?').fill('The seller does not answer');
  await buyer.page.locator('.sheet').getByRole('button', { name: 'Appeal' }).click();
  await expect(buyer.page.getByText('Disputed').first()).toBeVisible();

  await admin.getByRole('menuitem', { name: 'Disputes' }).click();
  const dispute = admin.getByRole('row').filter({ hasText: buyer.email });
  await dispute.getByRole('button', { name: 'Decide' }).click();
  await expect(admin.getByText('The seller does not answer')).toBeVisible();
  await admin.getByPlaceholder('Write to both sides').fill('Please send your bank statement');
  await admin.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(buyer.page.getByText('Please send your bank statement')).toBeVisible();
  await shot(admin, 'trade-06-console-dispute');
  await admin.getByRole('button', { name: 'Refund to seller' }).click();
  await admin.getByLabel('Note to both sides').fill('No payment reached the seller');
  await admin.getByRole('button', { name: 'Confirm' }).click();
  await expect(buyer.page.getByText('Cancelled').first()).toBeVisible();
  await expect(buyer.page.getByText('No payment reached the seller')).toBeVisible();
  await shot(buyer.page, 'trade-07-refunded');

  // Balances in the app after the refund: the 40 went back to the seller's available (300 - 200 listed + 40), the
  // listing keeps its untraded 60 on order, the total is unchanged; the buyer still has the 100 bought.
  await seller.page.goto('/#/pages/dating/dating');
  await expect(seller.page.locator('.summary-card')).toContainText('200.00');
  await expect(seller.page.locator('.summary-card')).toContainText('140.00');
  await expect(seller.page.locator('.summary-card')).toContainText('60.00');
  await buyer.page.goto('/#/pages/dating/dating');
  await expect(buyer.page.locator('.summary-card')).toContainText('100.00');
});

test('the trade screens in German', async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await ownerInConsole(browser);
  const seller = await fundedSeller(browser, admin, '100');
  await seller.api('/api/v1/selling/create', {
    number: '50',
    price: '0.95',
    currency: 'EUR',
    min: '10',
    max: '50',
    bk_id: String(((await seller.api('/api/v1/bankinfo/list', {})).data.list as { id: number }[])[0]?.id),
    window_minutes: '30',
  });
  const buyer = await customer(browser, 'kaeufer', 'de');
  await buyer.page.goto('/#/pages/dating/dating');
  await expect(buyer.page.getByText('Kaufen').first()).toBeVisible();
  await shot(buyer.page, 'trade-de-01-hall');
  await buyer.page.locator('.listing-row').filter({ hasText: '–50,00' }).first().getByRole('button', { name: 'Kaufen' }).click();
  await buyer.page.getByPlaceholder('Wie viel USDT kaufen').fill('20');
  await expect(buyer.page.getByTestId('fiat-amount')).toHaveText('19,00 EUR');
  await shot(buyer.page, 'trade-de-02-buy-sheet');
  await buyer.page.getByRole('button', { name: 'Jetzt kaufen' }).click();
  await buyer.page.getByRole('dialog').getByRole('button', { name: 'Bestellen' }).click();
  await expect(buyer.page.getByText('Wartet auf Zahlung').first()).toBeVisible();
  await expect(buyer.page.getByRole('timer')).toContainText('Zahlen innerhalb von');
  await shot(buyer.page, 'trade-de-03-trade');
});

test('a trade not paid within its window expires by itself, and the quantity goes back to the listing', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await ownerInConsole(browser);
  const seller = await fundedSeller(browser, admin, '100');
  const accounts = (await seller.api('/api/v1/bankinfo/list', {})).data as unknown as { list: { id: number }[] };
  const created = await seller.api('/api/v1/selling/create', {
    number: '60',
    price: '0.9',
    currency: 'EUR',
    min: '10',
    max: '60',
    bk_id: String(accounts.list[0]!.id),
  });
  const buyer = await customer(browser, 'late');
  const trade = await buyer.api('/api/v1/trade/create', { selling_id: String(created.data.id), number: '25' });
  await buyer.page.goto(`/#/pages/orders/trade?id=${trade.data.id}`);
  await expect(buyer.page.getByText('Awaiting payment').first()).toBeVisible();
  // the seller's Hall: 60 on order (25 of them in the trade), 40 available
  await seller.page.goto('/#/pages/dating/dating');
  await expect(seller.page.locator('.summary-card')).toContainText('60.00');
  await expect(seller.page.locator('.summary-card')).toContainText('40.00');

  // The 15 minutes pass: the deadline is moved into the past in the server's database (the e2e server runs on the
  // real clock); the server's job runner, not a visit, must expire the trade, within its one-minute round.
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'c2c.sqlite'), { timeout: 10_000 });
  db.prepare('UPDATE trades SET pay_deadline = ? WHERE id = ?').run(new Date(Date.now() - 1000).toISOString(), trade.data.id);
  db.close();

  await expect(buyer.page.getByText('Expired').first()).toBeVisible({ timeout: 90_000 });
  await expect(buyer.page.getByRole('button', { name: 'I have paid' })).toHaveCount(0);
  // the seller's account is no longer offered to pay to
  await expect(buyer.page.getByText('This trade has ended.', { exact: false })).toBeVisible();
  await expect(buyer.page.getByText('DE89370400440532013000')).toHaveCount(0);
  await shot(buyer.page, 'trade-08-expired');
  // the whole 60 is open to buyers again, and nobody's money moved
  const open = (await buyer.api('/api/v1/selling/order', { page: '1', page_size: '100' })).data as unknown as {
    list: { id: number; remaining: string }[];
  };
  expect(open.list.find((l) => l.id === created.data.id)?.remaining).toBe('60.00');
  const money = (await buyer.api('/api/v1/userinfo/get-money-info', {})).data;
  expect(money.total).toBe('0.00');
  await seller.page.reload();
  await expect(seller.page.locator('.summary-card')).toContainText('100.00');
});
