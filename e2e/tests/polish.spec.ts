import { type Browser, expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { BANK_FORM, PNG, shot, signUpByApi } from './support';

const PASSWORD = 'Polish-e2e-1';
const LANGS = ['de', 'ja', 'zh-Hant'] as const;
type Lang = (typeof LANGS)[number];

const post = <T = Record<string, unknown>>(path: string, body: Record<string, string>, token?: string) =>
  fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: token ? { 'x-access-token': token } : {},
    body: new URLSearchParams(body),
  }).then((r) => r.json() as Promise<{ code: number; msg: string; data: T }>);

/** A customer who signed up in `lang` through the API; answers their address and session token. */
const signUp = (lang: string) => signUpByApi(`polish.${lang.toLowerCase()}`, PASSWORD, lang);

/** A phone screen (390×844) whose app starts in `lang`, signed in with `token` when given. */
async function phone(browser: Browser, lang: string, token?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/#/pages/login/login');
  await page.evaluate(
    async ([l, t]) => {
      localStorage.setItem('lang', l as string);
      if (!t) return;
      localStorage.setItem('token', t);
      const answer = await fetch('/api/v1/userinfo/get-info', {
        method: 'POST',
        headers: { 'X-Access-Token': t },
        body: new URLSearchParams({ lang: l as string }),
      }).then((r) => r.json());
      localStorage.setItem('userInfo', JSON.stringify(answer.data));
    },
    [lang, token ?? ''],
  );
  // the language and the session apply from the app's next start (Home: a signed-in user has no business on sign-in)
  await page.goto(token ? '/#/' : '/#/pages/login/login');
  await page.reload();
  await expect(page.locator(token ? '.menu-grid' : '.auth-page')).toBeVisible();
  return page;
}

/** Nothing on the page is wider than the phone, and no text in `selector` is cut off inside its box. */
/** A screenshot once passing toasts are gone, so they hide nothing. */
async function still(page: Page, name: string) {
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
  await shot(page, name);
}

async function fits(page: Page, selector: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const clipped = await page
    .locator(selector)
    .evaluateAll((els) =>
      els
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .map((el) => el.textContent),
    );
  expect(clipped, selector).toEqual([]);
}

test('amounts are typed as the language writes them (German), and the wire gets the decimal', async ({ browser }) => {
  const { token } = await signUp('de');
  const page = await phone(browser, 'de', token);
  await page.goto('/#/pages/mine/rechange');
  await page.getByText('TRC20', { exact: true }).click();
  const amount = page.getByPlaceholder('z. B. 12,50 – höchstens 2 Nachkommastellen');
  await page.locator('input[type="file"]').setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.locator('.adm-image-uploader-cell img')).toBeVisible();

  // a point is no German decimal mark: refused, never read as 12.50 or 1250
  await amount.fill('12.50');
  await page.getByRole('button', { name: 'Absenden' }).click();
  await expect(page.getByText('Bitte einen Betrag größer als 0 mit höchstens 2 Nachkommastellen eingeben').first()).toBeVisible();

  await amount.fill('1.234,50');
  await page.waitForTimeout(1600);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/recharge/create'));
  await page.getByRole('button', { name: 'Absenden' }).click();
  expect(new URLSearchParams((await sent).postData() ?? '').get('amount')).toBe('1234.50');
  await expect(page.getByText('Erfolgreich übermittelt')).toBeVisible();
  await expect(page.getByText('1.234,50').first()).toBeVisible();
  await shot(page, 'defects-amount-de');
});

test('the account language follows the popup, and mails use it', async ({ browser }) => {
  const { email, token } = await signUp('en');
  const page = await phone(browser, 'en', token);
  await page.goto('/#/pages/mine/mine');
  await page.getByText('Language', { exact: true }).click();
  await page.getByText('Deutsch', { exact: true }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Sprache', { exact: true })).toBeVisible();
  const info = await post<{ lang: string }>('/api/v1/userinfo/get-info', { lang: 'en' }, token);
  expect(info.data.lang).toBe('de');
  // a mail the account gets from now on is German, whatever language the request that causes it carries
  await post(
    '/api/v1/user/change-password',
    { old_password: PASSWORD, password: 'Changed-e2e-2', confirm_password: 'Changed-e2e-2', lang: 'en' },
    token,
  );
  await expect.poll(() => mailTo(email)).toMatch(/Ihr.Passwort.wurde.ge/);
});

async function mailTo(email: string): Promise<string> {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const mails = fs
    .readdirSync(outbox)
    .sort()
    .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`));
  return (
    mails
      .at(-1)
      ?.split('\n')
      .find((l) => l.startsWith('Subject:')) ?? ''
  );
}

const EXPIRED: Record<Lang, string> = {
  de: 'Ihre Sitzung ist abgelaufen, bitte melden Sie sich erneut an.',
  ja: 'セッションの有効期限が切れました。もう一度ログインしてください。',
  'zh-Hant': '登入已逾時，請重新登入。',
};
const PAUSED: Record<Lang, RegExp> = {
  de: /Nach einer Passwortänderung oder dem Ausschalten der Zwei-Faktor-Authentifizierung sind Auszahlungen 24 Stunden gesperrt\. Ab .+ können Sie wieder auszahlen\./,
  ja: /パスワード変更後または二段階認証の無効化後24時間は出金できません。.+から再び出金できます。/,
  'zh-Hant': /變更密碼或關閉雙重驗證後 24 小時內無法提領，.+ 起即可再次提領。/,
};

for (const lang of LANGS) {
  test(`${lang}: an expired session is explained and returns to its page; a new password pauses withdrawals up front`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const { email, token } = await signUp(lang);
    expect((await post('/api/v1/bankinfo/create', { ...BANK_FORM, lang }, token)).code).toBe(200);
    const page = await phone(browser, lang, token);

    // Point 5: the session ends elsewhere; the next call lands on sign-in with the reason, once.
    await page.goto('/#/pages/mine/withdrawl');
    await expect(page.locator('.account-picker')).toBeVisible();
    // the server no longer knows the stored session (expired while the phone was away)
    await page.evaluate(() => localStorage.setItem('token', 'f'.repeat(64)));
    await page.reload();
    await expect(page.getByText(EXPIRED[lang])).toBeVisible();
    await shot(page, `defects-session-${lang}`);
    await page.locator('input[type="email"]').fill(email);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('.auth-page .adm-button').click();
    await expect(page).toHaveURL(/#\/pages\/mine\/withdrawl$/);
    await expect(page.locator('.account-picker')).toBeVisible();
    // signed in, the sign-in page leads Home
    await page.goto('/#/pages/login/login');
    await expect(page).toHaveURL(/#\/$/);
    await expect(page.locator('.menu-grid')).toBeVisible();

    // Point 6: after a password change both withdrawal pages say until when, and the button stays off.
    const session = await page.evaluate(() => localStorage.getItem('token'));
    const changed = await post(
      '/api/v1/user/change-password',
      { old_password: PASSWORD, password: 'Changed-e2e-2', confirm_password: 'Changed-e2e-2', lang },
      session ?? '',
    );
    expect(changed.code).toBe(200);
    for (const route of ['/#/pages/mine/withdrawl', '/#/pages/mine/cardWithdrawal']) {
      await page.goto(route);
      await expect(page.locator('.pause-notice')).toHaveText(PAUSED[lang]);
      await expect(page.locator('.form-card .adm-button-large')).toBeDisabled();
    }
    await still(page, `defects-withdraw-paused-${lang}`);

    // Point 8: the tab pages fit a 390 px phone, controls use the app font, read-only values look like text.
    await page.goto('/#/');
    await expect(page.locator('.menu-grid')).toBeVisible();
    await fits(page, '.menu-grid .menu-item span:last-child');
    await still(page, `defects-home-${lang}`);
    await page.goto('/#/pages/dating/dating');
    await expect(page.getByRole('tab').first()).toBeVisible();
    await fits(page, '.tabs-list .tab, .tabs-list');
    await still(page, `defects-hall-${lang}`);
    await page.goto('/#/pages/orders/orders');
    await expect(page.locator('.capsule-tabs .tab').first()).toBeVisible();
    // seven trade states: the filter row scrolls sideways by design, each filter's label must still fit
    await fits(page, '.tabs-list .tab, .capsule-tabs .tab');
    await still(page, `defects-orders-${lang}`);
    await page.goto('/#/pages/mine/mine');
    await expect(page.locator('.logout-button')).toBeVisible();
    const fonts = await page.evaluate(() => ({
      body: getComputedStyle(document.body).fontFamily,
      button: getComputedStyle(document.querySelector('.logout-button') as Element).fontFamily,
    }));
    expect(fonts.button).toBe(fonts.body);
    expect(fonts.button).not.toMatch(/^Arial/);
    await still(page, `defects-mine-${lang}`);
    await page.goto('/#/pages/mine/personal-info');
    await expect(page.locator('.field-readonly').first()).toBeVisible();
    const readOnly = await page
      .locator('.field-readonly .field-control')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(readOnly).toBe('rgba(0, 0, 0, 0)');
    await still(page, `defects-profile-${lang}`);
  });
}

test('a refused upload leaves no tile and says why; the page may be zoomed', async ({ browser }) => {
  const { token } = await signUp('ja');
  const page = await phone(browser, 'ja', token);
  const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
  expect(viewport).not.toMatch(/maximum-scale|user-scalable/);
  await page.goto('/#/pages/mine/rechange');
  await page.getByText('TRC20', { exact: true }).click();
  // a PNG name and type over bytes that are no image: the server checks the bytes and refuses
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(page.locator('.proof-upload .field-error')).toHaveText('JPEG、PNG、WebP 形式の画像をアップロードしてください');
  await expect(page.locator('.adm-image-uploader-cell')).toHaveCount(0);
  await shot(page, 'defects-upload-refused-ja');
});
