import { type Browser, expect, type Page, test } from '@playwright/test';
import { codeFromOutbox, ownerInConsole, shot, signedInPhone, signUpByApi } from './support';

const PASSWORD = 'Team-e2e-pass1';
/** Submit buttons ignore a second click within 1500 ms (spec §9). */
const pastRepeatGuard = (page: Page) => page.waitForTimeout(1600);
const tabBar = (page: Page) => page.locator('.adm-tab-bar');

/** A customer signed up through the API and signed in on a phone screen. */
async function customer(browser: Browser, tag: string) {
  const { email, token, user } = await signUpByApi(tag, PASSWORD);
  const page = await signedInPhone(browser, { token, user });
  await page.goto('/#/');
  await expect(tabBar(page)).toBeVisible();
  return { email, page };
}

test('a friend signs up through the invitation link and joins the team', async ({ browser }) => {
  const inviter = await customer(browser, 'inviter');
  const { page } = inviter;

  // The team starts empty.
  await page.goto('/#/pages/mine/team');
  await expect(page.getByText('No team members yet')).toBeVisible();
  await expect(page.locator('.summary-value')).toHaveText('0');

  // The promotion page shows the code, the link and its QR code; the link is read off the page.
  await page.getByRole('button', { name: 'Invite friends' }).click();
  await expect(page).toHaveURL(/#\/pages\/mine\/promotion$/);
  const code = (await page.getByTestId('invite-code').textContent())!.trim();
  const link = (await page.getByTestId('invite-link').textContent())!.trim();
  expect(link).toContain(`#/pages/login/register?code=${code}`);
  await expect(page.getByAltText('QR code of your invitation link')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Save QR code' }).click();
  expect((await download).suggestedFilename()).toBe(`invite-${code}.png`);
  await shot(page, 'team-01-promotion');

  // The friend opens the link in a fresh browser: the sign-up page has the code filled in.
  const friendContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByPlaceholder('Enter the invitation code')).toHaveValue(code);
  const email = `friend.${Date.now()}@example.com`;
  await friend.getByPlaceholder('Enter your email').fill(email);
  await friend.getByRole('button', { name: 'Get code' }).click();
  await expect(friend.getByText('Send success')).toBeVisible();
  await friend.getByPlaceholder('6-digit code').fill(await codeFromOutbox(email));
  await friend.getByPlaceholder('8 to 64 characters, letters and digits').fill(PASSWORD);
  await friend.getByPlaceholder('Enter the password again').fill(PASSWORD);
  await shot(friend, 'team-02-friend-register');
  await pastRepeatGuard(friend);
  await friend.getByRole('button', { name: 'Register' }).click();
  await expect(friend.getByText('Register success')).toBeVisible();
  await expect(tabBar(friend)).toBeVisible();
  await friendContext.close();

  // The inviter's team now counts the friend, and lists them masked, without the domain.
  await page.goto('/#/pages/mine/team');
  await expect(page.locator('.summary-value')).toHaveText('1');
  await expect(page.locator('.summary-row')).toContainText('Level 11');
  const row = page.locator('.team-member');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('fr***');
  await expect(row).not.toContainText('@');
  await expect(row).toContainText('Level 1');
  await expect(page.locator('.team-members')).not.toContainText(email);
  await shot(page, 'team-03-team');
  await page.context().close();
});

test('every Home menu entry opens its page', async ({ browser }) => {
  const { page } = await customer(browser, 'menu');
  const entries: [string, RegExp, string][] = [
    ['Fund log', /#\/pages\/mine\/asset-log$/, 'Fund log'],
    ['Beginner tutorial', /#\/pages\/index\/beginner$/, 'Beginner tutorial'],
    ['Inviting registration', /#\/pages\/mine\/promotion$/, 'Invite friends'],
    ['Customer service', /#\/pages\/index\/service$/, 'Customer service'],
    ['My assets', /#\/pages\/mine\/property$/, 'My assets'],
    ['Team list', /#\/pages\/mine\/team$/, 'My team'],
    ['Account binding', /#\/pages\/mine\/binding$/, 'Account binding'],
    ['Account details', /#\/pages\/mine\/records$/, 'Withdrawal records'],
  ];
  await expect(page.locator('.menu-grid .menu-item')).toHaveCount(entries.length);
  await shot(page, 'team-04-home');
  for (const [label, url, title] of entries) {
    await page.goto('/#/');
    await page.locator('.menu-grid').getByText(label, { exact: true }).click();
    await expect(page, label).toHaveURL(url);
    await expect(page.locator('.app-nav-bar'), label).toHaveText(title);
  }
  await page.context().close();
});

test('the tutorial reads in Japanese and the service page lists the contacts the owner manages', async ({ browser }) => {
  // The owner adds a contact in the console.
  const admin = await ownerInConsole(browser);
  await admin.getByRole('menuitem', { name: 'Customer service' }).click();
  await admin.getByRole('button', { name: 'Add contact' }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Telegram help desk');
  await dialog.getByLabel('Link').fill('javascript:alert(1)');
  await dialog.getByRole('button', { name: 'Add contact' }).click();
  await expect(dialog.getByText('The link must start with https://, http://, mailto: or tg://')).toBeVisible();
  await dialog.getByLabel('Link').fill('https://t.me/c2c_help');
  await dialog.getByLabel('Working hours').fill('09:00–21:00 UTC');
  await dialog.getByRole('button', { name: 'Add contact' }).click();
  await expect(admin.getByText('Contact Telegram help desk added')).toBeVisible();
  await expect(admin.locator('.ant-table')).toContainText('https://t.me/c2c_help');
  await shot(admin, 'team-05-console-kefu');
  await admin.context().close();

  const { page } = await customer(browser, 'reader');
  await page.goto('/#/pages/index/service');
  const contact = page.locator('.kefu-contact').filter({ hasText: 'Telegram help desk' });
  await expect(contact).toContainText('09:00–21:00 UTC');
  await expect(contact.getByRole('link', { name: 'Contact' })).toHaveAttribute('href', 'https://t.me/c2c_help');
  await shot(page, 'team-06-service');

  // Japanese, switched on the My page like a customer does it.
  await page.goto('/#/pages/mine/mine');
  await page.getByText(/^Language$/).click();
  await page.locator('.adm-popup').getByText('日本語', { exact: true }).click();
  await page.locator('.adm-dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.waitForLoadState('load');
  await expect(tabBar(page)).toHaveText(/ホーム.*ホール.*注文.*マイ/);
  await page.goto('/#/pages/index/beginner');
  await expect(page.getByRole('heading', { name: '1. 入金' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '5. 利息ウォレット' })).toBeVisible();
  await expect(page.getByText('買い手が支払い済みにしたら')).toBeVisible();
  await expect(page.getByRole('link', { name: '取引ホールを開く' }).first()).toBeVisible();
  await shot(page, 'team-07-tutorial-ja');
  await page.getByRole('link', { name: '利息ウォレットを開く' }).click();
  await expect(page).toHaveURL(/#\/pages\/mine\/wallet$/);
  await page.context().close();
});
