import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { ARTIFACTS, GERMAN_BANK_FIELDS, shot, signUpByApi } from './support';

const PASSWORD = 'Payout-e2e-1';
const BINDING_KEYS = [
  'noBound',
  'submit',
  'success',
  'edit',
  'editing',
  'saveChanges',
  'updated',
  'remove',
  'removeTitle',
  'removed',
] as const;
type Texts = { binding: Record<(typeof BINDING_KEYS)[number], string>; common: { cancel: string } };
const locale = (file: string) =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/locales', file), 'utf8'));
/** The app's texts of one language: the first pages' file and the other pages' (the binding page is one of those). */
const texts = (lang: string): Texts => ({ ...locale(`${lang}.json`), ...locale(`pages/${lang}.json`) });

/** A customer signed up through the mail outbox, opened on a phone screen in `lang`, already signed in. */
async function customer(browser: Browser, lang: string): Promise<Page> {
  const reg = { data: await signUpByApi(`payouts.${lang.toLowerCase()}`, PASSWORD, lang) };
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await context.addInitScript(
    ({ token, user, lang }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('userInfo', JSON.stringify(user));
      localStorage.setItem('lang', lang);
    },
    { token: reg.data.token, user: reg.data.user, lang },
  );
  return context.newPage();
}

/** What the phone screen shows right now (not the whole page): a refused field must have been scrolled to. */
async function screen(page: Page, name: string) {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
}

// a German mobile number cut short, which the form marks
const BANK = { ...GERMAN_BANK_FIELDS, phone: '+49 151' };

for (const lang of ['de', 'ja', 'zh-Hant']) {
  test(`binds with a German phone number, edits and removes a payout account (${lang})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const t = texts(lang);
    const page = await customer(browser, lang);
    const form = page.getByRole('tabpanel').locator('.form-card').first();
    const input = (field: string) => form.locator(`[data-field="${field}"] input`);
    const press = async (name: string) => {
      // the submit button ignores a second press within 1.5 s
      await page.waitForTimeout(1600);
      await page.locator('.app-page').getByRole('button', { name, exact: true }).click();
    };

    await page.goto('/#/pages/mine/binding');
    await expect(page.getByText(t.binding.noBound)).toBeVisible();
    await shot(page, `payouts-${lang}-1-empty`);

    // A German mobile number that is too short: the phone row is marked, scrolled to and focused; nothing is sent.
    for (const [field, value] of Object.entries(BANK)) await input(field).fill(value);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await press(t.binding.submit);
    const phoneRow = form.locator('[data-field="phone"]');
    await expect(phoneRow).toHaveClass(/field-invalid/);
    await expect(phoneRow.locator('.field-error')).toHaveText(/\S/);
    await expect(input('phone')).toBeInViewport();
    await expect(input('phone')).toBeFocused();
    await screen(page, `payouts-${lang}-2-field-error`);

    // The whole number, typed with spaces: bound and stored in E.164.
    await input('phone').fill('+49 151 23456789');
    await expect(phoneRow).not.toHaveClass(/field-invalid/);
    await press(t.binding.submit);
    await expect(page.getByText(t.binding.success)).toBeVisible();
    const row = page.locator('.account-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Commerzbank •••• 3000')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `payouts-${lang}-3-bound`);

    // Edit: the form opens prefilled with the stored details.
    await row.getByRole('button', { name: t.binding.edit }).click();
    await expect(page.getByText(t.binding.editing.replace('{{account}}', 'Commerzbank •••• 3000'))).toBeVisible();
    await expect(input('phone')).toHaveValue('+4915123456789');
    await expect(input('iban')).toHaveValue('DE89370400440532013000');
    await input('bank_name').fill('Deutsche Bank');
    await input('city').fill('Hamburg');
    await page.locator('.editing-head').scrollIntoViewIfNeeded();
    await screen(page, `payouts-${lang}-4-editing`);
    await press(t.binding.saveChanges);
    await expect(page.getByText(t.binding.updated)).toBeVisible();
    await expect(row.getByText('Deutsche Bank •••• 3000')).toBeVisible();
    await expect(page.getByText('Commerzbank •••• 3000')).toHaveCount(0);

    // Remove: asked first; cancelling keeps it, confirming removes it.
    await row.getByRole('button', { name: t.binding.remove }).click();
    const dialog = page.locator('.adm-dialog');
    await expect(dialog.getByText(t.binding.removeTitle)).toBeVisible();
    await screen(page, `payouts-${lang}-5-remove-confirm`);
    await dialog.getByRole('button', { name: t.common.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(1);
    await page.waitForTimeout(1600);
    await row.getByRole('button', { name: t.binding.remove }).click();
    await dialog.getByRole('button', { name: t.binding.remove }).click();
    await expect(page.getByText(t.binding.removed)).toBeVisible();
    await expect(page.getByText(t.binding.noBound)).toBeVisible();
    await page.context().close();
  });
}
