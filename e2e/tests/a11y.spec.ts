import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { NAV } from '../../apps/admin/src/app/nav';
import { PUBLIC_ROUTES, ROUTES } from '../../packages/shared/src/routes';
import { BASE_URL } from '../playwright.config';
import { agePayoutAccounts, BANK_FORM, operatorApi, ownerInConsole, PNG, signUpByApi } from './support';

const PASSWORD = 'A11y-e2e-pass1';
/** WCAG 2.2 AA: the rules of every level and version up to it. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/**
 * And what a screen reader user finds a page by, which axe files under best practice or experimental: one main
 * heading, one top-level main, landmarks told apart, a control's name that contains what it shows.
 */
const ALSO = [
  'page-has-heading-one',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-unique',
  'label-content-name-mismatch',
];

type Answer = { code: number; msg: string; data: Record<string, unknown> };

function customerApi(token: string) {
  return async (p: string, body: Record<string, string> | FormData): Promise<Answer> => {
    const form = body instanceof FormData ? body : new URLSearchParams({ lang: 'en', ...body });
    const answer = (await (
      await fetch(`${BASE_URL}${p}`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } })
    ).json()) as Answer;
    if (answer.code !== 200) throw new Error(`${p}: ${answer.msg}`);
    return answer;
  };
}

/**
 * Everything the pages show with real data, through the APIs: a seller with a bound bank account, an open listing, a
 * withdrawal and a recharge waiting for review; a buyer with a running trade whose chat has both sides' messages, and
 * a second trade in dispute.
 */
async function market(admin: Page) {
  const operator = await operatorApi(admin);
  const seller = await signUpByApi('a11y.seller', PASSWORD);
  const buyer = await signUpByApi('a11y.buyer', PASSWORD);
  const sellerApi = customerApi(seller.token);
  const buyerApi = customerApi(buyer.token);
  const funded = await operator('user/adjust', { id: seller.user.id, amount: '500', reason: 'e2e accessibility walk' });
  if (funded.code !== 200) throw new Error(`user/adjust: ${funded.msg}`);
  const account = await sellerApi('/api/v1/bankinfo/create', BANK_FORM);
  agePayoutAccounts(seller.email);
  const bk_id = String(account.data.id);
  // limits no other walk uses: walks running beside this one find their own listing in the Hall by its limits
  const listing = await sellerApi('/api/v1/selling/create', {
    number: '200',
    price: '0.97',
    currency: 'EUR',
    min: '12',
    max: '90',
    bk_id,
  });
  await sellerApi('/api/v1/withdraw/create', { bk_id, amount: '20' });
  const file = new FormData();
  file.append('lang', 'en');
  file.append('file', new Blob([PNG], { type: 'image/png' }), 'transfer.png');
  const stored = await sellerApi('/api/v1/attach/upload', file);
  const addresses = (await operator('address/list', { page: 1, page_size: 100 })).data.list as {
    type: string;
    active: boolean;
  }[];
  const network = addresses.find((a) => a.active)?.type;
  if (!network) throw new Error('no active receiving address');
  await sellerApi('/api/v1/recharge/create', { type: network, amount: '50', image: String(stored.data.url) });

  const trade = await buyerApi('/api/v1/trade/create', { selling_id: String(listing.data.id), number: '20' });
  const tradeId = String(trade.data.id);
  await buyerApi('/api/v1/trade/message-send', { id: tradeId, text: 'Paying now' });
  await sellerApi('/api/v1/trade/message-send', { id: tradeId, text: 'Thanks, waiting' });
  const disputed = String(
    (await buyerApi('/api/v1/trade/create', { selling_id: String(listing.data.id), number: '15' })).data.id,
  );
  await buyerApi('/api/v1/trade/paid', { id: disputed });
  await buyerApi('/api/v1/trade/appeal', { id: disputed, reason: 'The seller does not answer' });
  return { seller, buyer, tradeId };
}

/** Waits until the page's data has arrived: no request in flight, no spinner, no skeleton. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.page-loading, .adm-skeleton, .ant-spin-spinning, .ant-skeleton')).toHaveCount(0);
}

/**
 * Checks the page as it is with axe-core; each finding is one line (rule, element, what is wrong), and a page's findings
 * fail the walk softly, so one run lists every page's.
 */
async function audit(page: Page, where: string) {
  await settled(page);
  // legacy mode runs axe in the page itself: neither app has frames, and the default opens a blank page per check
  const { violations } = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(ALSO.map((rule) => [rule, { enabled: true }])) })
    .withTags(TAGS)
    .setLegacyMode()
    .analyze();
  const found = violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} at ${n.target.join(' > ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`),
  );
  expect.soft(found, `${where}:\n${found.join('\n')}`).toEqual([]);
}

/** A phone screen in `lang` and colour scheme `theme`, signed in with `session` when given. */
async function phone(browser: Browser, lang: string, theme: string, session?: { token: string; user: unknown }) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    (s: { lang: string; theme: string; token: string; user: string }) => {
      localStorage.setItem('lang', s.lang);
      localStorage.setItem('theme', s.theme);
      if (s.token) {
        localStorage.setItem('token', s.token);
        localStorage.setItem('userInfo', s.user);
      }
    },
    { lang, theme, token: session?.token ?? '', user: JSON.stringify(session?.user ?? null) },
  );
  return context.newPage();
}

/** Opens a hash route: the first by loading the app, the next ones as the app's own links do. */
async function open(page: Page, route: string) {
  if (page.url().startsWith(BASE_URL)) await page.evaluate((r) => (location.hash = r), route);
  else await page.goto(`/#${route}`);
}

// English in the first colour scheme, German in the second: every route in both languages and both schemes.
for (const { lang, theme } of [
  { lang: 'en', theme: 'subject1' },
  { lang: 'de', theme: 'subject2' },
]) {
  test(`every route of the customer app passes axe-core (WCAG 2.2 AA) in ${lang}, colour scheme ${theme}`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const admin = await ownerInConsole(browser);
    const { seller, tradeId } = await market(admin);
    await admin.context().close();

    const visitor = await phone(browser, lang, theme);
    for (const route of PUBLIC_ROUTES) {
      await open(visitor, route);
      await audit(visitor, route);
    }
    await visitor.context().close();

    const page = await phone(browser, lang, theme, seller);
    for (const route of Object.values(ROUTES).filter((r) => !PUBLIC_ROUTES.includes(r))) {
      await open(page, route === ROUTES.trade ? `${route}?id=${tradeId}` : route);
      // the trade's chat, with both sides' messages
      if (route === ROUTES.trade) await expect(page.locator('.chat-mine')).toBeVisible();
      await audit(page, route);
    }
    await page.context().close();
  });
}

test('every page of the console passes axe-core (WCAG 2.2 AA), with a review drawer and a dispute open', async ({ browser }) => {
  test.setTimeout(240_000);
  const admin = await ownerInConsole(browser);
  const { seller } = await market(admin);
  // the pages' data as it is now, with the queues this walk filled (not what the console read before)
  await admin.reload();

  for (const { path } of NAV) {
    await admin.goto(`/admin/#${path}`);
    await audit(admin, path);
  }
  await admin.goto('/admin/#/users');
  await admin.locator('.ant-table-row', { hasText: seller.email }).first().click();
  await expect(admin.locator('.ant-drawer')).toBeVisible();
  await audit(admin, '/users customer drawer');
  await admin.goto('/admin/#/recharges');
  await admin.locator('.ant-table-row', { hasText: seller.email }).first().getByRole('button', { name: 'Review' }).click();
  await expect(admin.locator('.ant-drawer img')).toBeVisible();
  await audit(admin, '/recharges review drawer');
  await admin.goto('/admin/#/disputes');
  await admin.getByRole('button', { name: 'Decide' }).first().click();
  await expect(admin.locator('.ant-drawer')).toBeVisible();
  await audit(admin, '/disputes trade drawer');
  await admin.context().close();

  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await visitor.goto('/admin/');
  await expect(visitor.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await audit(visitor, 'sign-in');
  await visitor.context().close();
});
