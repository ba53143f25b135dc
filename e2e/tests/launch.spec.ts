import { expect, test } from '@playwright/test';
import { shot } from './support';

/**
 * The first paint needs neither a script nor a stylesheet: index.html draws a launch screen (the page colour and the
 * brand mark, no words in any language) with its own inline styles, and the app replaces it once its code and
 * stylesheet have arrived.
 */
test.use({ locale: 'de-DE' });

test('the launch screen shows before any script runs, in no language; the app then replaces it with its styles applied', async ({
  page,
}) => {
  // no script at all: what a phone shows while the app's code is still on its way
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/#/pages/login/login');
  await expect(page.locator('.launch-mark')).toHaveText('C2C');
  expect((await page.locator('body').innerText()).trim()).toBe('C2C');
  // the app's stylesheet is only fetched, not applied: it does not hold the first paint
  await expect(page.locator('link[data-app-styles]')).toHaveAttribute('rel', 'preload');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(15, 18, 32)');
  await shot(page, 'launch-screen');

  await page.unroute('**/assets/*.js');
  await page.reload();
  await expect(page.locator('input[type="password"]')).toBeVisible();
  await expect(page.locator('.launch')).toHaveCount(0);
  await expect(page.locator('link[data-app-styles]')).toHaveAttribute('rel', 'stylesheet');
  // the sign-in page in the browser's language, styled by the app's stylesheet
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('.auth-page')).toHaveCSS('display', 'flex');
  await shot(page, 'launch-then-sign-in');
});
