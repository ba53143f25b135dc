import { API, type PayoutAccount, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import de from '../../locales/de.json';
import { openApp, signIn, user } from '../../test/app';
import { fakeServer } from '../../test/fetch';

const BOUND: PayoutAccount = {
  id: 3,
  type: 'bank',
  full_name: 'Anna Lehmann',
  name: 'Anna',
  surname: 'Lehmann',
  phone: '+4915123456789',
  email: 'anna@example.de',
  area: 'Mitte',
  country: 'Deutschland',
  iban: 'DE89370400440532013000',
  bank_name: 'Commerzbank',
  swift: 'COBADEFFXXX',
  address: 'Unter den Linden 1',
  city: 'Berlin',
  state: 'Berlin',
  label: 'Commerzbank ••3000',
  created_at: '2025-01-01T00:00:00.000Z',
  usable_at: '2025-01-02T00:00:00.000Z',
};

const input = (placeholder: string) => screen.getByPlaceholderText(placeholder) as HTMLInputElement;
const fill = (placeholder: string, value: string) => fireEvent.change(input(placeholder), { target: { value } });
const page = () => within(document.querySelector('.app-page') as HTMLElement);
const press = (name: string) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(page().getByRole('button', { name }));
};
/** The form row of a field, found the way the page scrolls to it. */
const row = (field: string) => document.querySelector(`.form-card [data-field="${field}"]`) as HTMLElement;

function fillBankForm(phone: string) {
  fill('Vollständiger Name', 'Anna Lehmann');
  fill('Vorname', 'Anna');
  fill('Nachname', 'Lehmann');
  fill('z. B. +49 151 23456789', phone);
  fill('E-Mail', 'anna@example.de');
  fill('Gebiet', 'Mitte');
  fill('Land', 'Deutschland');
  fill('z. B. DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00');
  fill('Name der Bank', 'Commerzbank');
  fill('8 oder 11 Zeichen, z. B. COBADEFFXXX', 'cobadeffxxx');
  fill('Adresse', 'Unter den Linden 1');
  fill('Stadt', 'Berlin');
  fill('Bundesland oder Region', 'Berlin');
}

const scrolled = vi.fn();
beforeAll(async () => {
  await import('./binding-page');
  i18n.addResourceBundle('de', 'translation', de);
  // jsdom lays nothing out; the page asks to scroll a refused field into view
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled(this.getAttribute('data-field'));
  };
});

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  scrolled.mockClear();
  signIn();
  localStorage.setItem('lang', 'de');
  await i18n.changeLanguage('de');
});

afterEach(async () => {
  Dialog.clear();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
  await i18n.changeLanguage('en');
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Toast.clear();
});

// the first submit loads the form schemas and the error texts, which takes a while on a busy machine
describe('account binding (German)', { timeout: 15_000 }, () => {
  it('marks every wrong field at once before sending, scrolls to the first, then binds with an international phone number', async () => {
    let bound: PayoutAccount[] = [];
    const calls = fakeServer({
      [API.bankinfoList]: () => ({ code: 200, data: { list: bound } }),
      [API.bankinfoCreate]: () => {
        bound = [BOUND];
        return { code: 200, data: { id: 3 } };
      },
    });
    openApp(ROUTES.binding);
    expect(await screen.findByText('Noch kein Konto verknüpft')).toBeTruthy();
    // why a new account cannot be paid out to at once is said before it is bound
    expect(
      screen.getByText(
        'Ein neues Konto oder eines, dessen Empfängerdaten Sie ändern, erhält Auszahlungen und Verkäufe erst 24 Stunden nach dem Speichern.',
      ),
    ).toBeTruthy();
    // a German mobile number is longer than the 11 characters a mainland number has
    expect(input('z. B. +49 151 23456789').maxLength).toBeGreaterThanOrEqual(20);

    fillBankForm('+49 151');
    fill('z. B. DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 01');
    press('Konto verknüpfen');
    // both wrong fields are marked with their messages in one go; the first in form order is scrolled to and focused
    await waitFor(() => expect(row('phone').classList).toContain('field-invalid'));
    expect(within(row('phone')).getByText('Ungültiges Telefonnummernformat')).toBeTruthy();
    expect(row('iban').classList).toContain('field-invalid');
    expect(within(row('iban')).getByText('Ungültige IBAN')).toBeTruthy();
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('phone'));
    expect(scrolled).not.toHaveBeenCalledWith('iban');
    expect(document.activeElement).toBe(input('z. B. +49 151 23456789'));
    expect(calls.paths()).not.toContain(API.bankinfoCreate);

    // typing in a refused field clears its mark only
    fill('z. B. +49 151 23456789', '+49 151 2345-6789');
    expect(row('phone').classList).not.toContain('field-invalid');
    expect(row('iban').classList).toContain('field-invalid');

    fill('z. B. DE89 3704 0044 0532 0130 00', 'de89 3704 0044 0532 0130 00');
    press('Konto verknüpfen');
    expect(await screen.findByText('Konto verknüpft')).toBeTruthy();
    const body = calls.bodies(API.bankinfoCreate)[0];
    expect(body?.get('phone')).toBe('+4915123456789');
    expect(body?.get('iban')).toBe('DE89370400440532013000');
    expect(body?.get('swift')).toBe('COBADEFFXXX');
    expect(body?.get('lang')).toBe('de');
    expect(await screen.findByText('Commerzbank ••3000')).toBeTruthy();
    await waitFor(() => expect(input('Vollständiger Name').value).toBe(''));
    expect(document.querySelector('.field-invalid')).toBeNull();
  });

  it("shows the server's refusal at the field it names, not as a toast", async () => {
    const calls = fakeServer({
      [API.bankinfoList]: () => ({ code: 200, data: { list: [] } }),
      [API.bankinfoCreate]: () => ({ code: 1411, msg: 'Ungültiger SWIFT/BIC-Code', data: { field: 'swift' } }),
    });
    openApp(ROUTES.binding);
    await screen.findByText('Noch kein Konto verknüpft');
    fillBankForm('+49 151 23456789');
    press('Konto verknüpfen');
    await waitFor(() => expect(row('swift').classList).toContain('field-invalid'));
    expect(within(row('swift')).getByText('Ungültiger SWIFT/BIC-Code')).toBeTruthy();
    await waitFor(() => expect(scrolled).toHaveBeenCalledWith('swift'));
    // shown once, at the field: no toast repeats it
    expect(screen.getAllByText('Ungültiger SWIFT/BIC-Code')).toHaveLength(1);
    expect(calls.bodies(API.bankinfoCreate)).toHaveLength(1);
    // what the user typed stays for them to correct
    expect(input('Name der Bank').value).toBe('Commerzbank');
  });

  it('edits an account in the prefilled form', async () => {
    let list = [BOUND];
    const calls = fakeServer({
      [API.bankinfoList]: () => ({ code: 200, data: { list } }),
      [API.bankinfoUpdate]: () => {
        list = [{ ...BOUND, id: 7, city: 'Hamburg' }];
        return { code: 200, data: { id: 7 } };
      },
    });
    openApp(ROUTES.binding);
    await screen.findByText('Commerzbank ••3000');
    press('Bearbeiten');
    expect(await screen.findByText('Commerzbank ••3000 bearbeiten')).toBeTruthy();
    expect(input('Vollständiger Name').value).toBe('Anna Lehmann');
    expect(input('z. B. +49 151 23456789').value).toBe('+4915123456789');
    expect(input('z. B. DE89 3704 0044 0532 0130 00').value).toBe('DE89370400440532013000');

    fill('Stadt', 'Hamburg');
    press('Änderungen speichern');
    expect(await screen.findByText('Konto geändert')).toBeTruthy();
    const body = calls.bodies(API.bankinfoUpdate)[0];
    expect(body?.get('bk_id')).toBe('3');
    expect(body?.get('city')).toBe('Hamburg');
    expect(body?.get('phone')).toBe('+4915123456789');
    expect(calls.paths()).not.toContain(API.bankinfoCreate);
    // back to binding a new account
    await waitFor(() => expect(screen.queryByText('Commerzbank ••3000 bearbeiten')).toBeNull());
    expect(input('Vollständiger Name').value).toBe('');
    expect(page().getByRole('button', { name: 'Konto verknüpfen' })).toBeTruthy();
  });

  it('removes an account only after confirmation, and shows why it cannot while a withdrawal is pending', async () => {
    let answer = {
      code: 1431,
      msg: 'Eine Auszahlung auf dieses Konto wird gerade geprüft; Sie können das Konto ändern oder entfernen, sobald sie abgeschlossen oder abgelehnt ist',
    };
    let list = [BOUND];
    const calls = fakeServer({
      [API.bankinfoList]: () => ({ code: 200, data: { list } }),
      [API.bankinfoDelete]: () => answer,
    });
    openApp(ROUTES.binding);
    await screen.findByText('Commerzbank ••3000');

    press('Entfernen');
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Commerzbank ••3000 entfernen\?/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.paths()).not.toContain(API.bankinfoDelete);

    press('Entfernen');
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText(answer.msg)).toBeTruthy();
    expect(screen.getByText('Commerzbank ••3000')).toBeTruthy();

    answer = { code: 200, msg: '' };
    list = [];
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    press('Entfernen');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText('Konto entfernt')).toBeTruthy();
    expect(await screen.findByText('Noch kein Konto verknüpft')).toBeTruthy();
    expect(calls.bodies(API.bankinfoDelete).map((b) => b.get('bk_id'))).toEqual(['3', '3']);
  });

  it('with two-factor on, asks for a fresh code to bind and to remove, and sends it as totp', async () => {
    let list: PayoutAccount[] = [];
    const calls = fakeServer({
      [API.getInfo]: () => ({ code: 200, data: { ...user, totp_enabled: true } }),
      [API.bankinfoList]: () => ({ code: 200, data: { list } }),
      [API.bankinfoCreate]: () => {
        list = [BOUND];
        return { code: 200, data: { id: 3 } };
      },
      [API.bankinfoDelete]: () => {
        list = [];
        return { code: 200, data: {} };
      },
    });
    openApp(ROUTES.binding);
    await screen.findByText('Noch kein Konto verknüpft');
    fillBankForm('+49 151 23456789');
    press('Konto verknüpfen');
    await waitFor(() => expect(row('totp').classList).toContain('field-invalid'));
    expect(within(row('totp')).getByText(/Geben Sie den 6-stelligen Code/)).toBeTruthy();
    expect(calls.paths()).not.toContain(API.bankinfoCreate);

    fill('6-stelliger Code oder Wiederherstellungscode', '123456');
    press('Konto verknüpfen');
    expect(await screen.findByText('Konto verknüpft')).toBeTruthy();
    expect(calls.bodies(API.bankinfoCreate)[0]?.get('totp')).toBe('123456');

    await screen.findByText('Commerzbank ••3000');
    press('Entfernen');
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.change(dialog.getByPlaceholderText('6-stelliger Code oder Wiederherstellungscode'), {
      target: { value: 'abcde-fghjk' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText('Konto entfernt')).toBeTruthy();
    expect(calls.bodies(API.bankinfoDelete)[0]?.get('totp')).toBe('abcde-fghjk');
  });
});
