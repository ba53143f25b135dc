import { API, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import de from '../../locales/de.json';
import { openApp, signIn } from '../../test/app';
import { fakeServer } from '../../test/fetch';

const BOUND = {
  id: 3,
  type: 'bank',
  full_name: 'Anna Lehmann',
  label: 'Commerzbank ••3000',
  created_at: '2025-01-01T00:00:00.000Z',
};

const fill = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const bind = () => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(screen.getByRole('button', { name: 'Konto verknüpfen' }));
};

beforeAll(async () => {
  await import('./binding-page');
  i18n.addResourceBundle('de', 'translation', de);
});

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  signIn();
  localStorage.setItem('lang', 'de');
  await i18n.changeLanguage('de');
});

afterEach(async () => {
  await i18n.changeLanguage('en');
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Toast.clear();
});

describe('account binding (German)', () => {
  it('refuses a wrong IBAN in German before sending, then binds the corrected account', async () => {
    let bound: unknown[] = [];
    const calls = fakeServer({
      [API.bankinfoList]: () => ({ code: 200, data: { list: bound } }),
      [API.bankinfoCreate]: () => {
        bound = [BOUND];
        return { code: 200, data: { id: 3 } };
      },
    });
    openApp(ROUTES.binding);
    expect(await screen.findByText('Noch kein Konto verknüpft')).toBeTruthy();

    fill('Vollständiger Name', 'Anna Lehmann');
    fill('Vorname', 'Anna');
    fill('Nachname', 'Lehmann');
    fill('11-stellige Mobilnummer', '13800138000');
    fill('E-Mail', 'anna@example.de');
    fill('Gebiet', 'Mitte');
    fill('Land', 'Deutschland');
    fill('z. B. DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 01');
    fill('Name der Bank', 'Commerzbank');
    fill('8 oder 11 Zeichen, z. B. COBADEFFXXX', 'cobadeffxxx');
    fill('Adresse', 'Unter den Linden 1');
    fill('Stadt', 'Berlin');
    fill('Bundesland oder Region', 'Berlin');

    bind();
    expect(await screen.findByText('Ungültige IBAN')).toBeTruthy();
    expect(calls.paths()).not.toContain(API.bankinfoCreate);

    fill('z. B. DE89 3704 0044 0532 0130 00', 'de89 3704 0044 0532 0130 00');
    bind();
    expect(await screen.findByText('Konto verknüpft')).toBeTruthy();
    const body = calls.bodies(API.bankinfoCreate)[0];
    expect(body?.get('type')).toBe('bank');
    expect(body?.get('iban')).toBe('DE89370400440532013000');
    expect(body?.get('swift')).toBe('COBADEFFXXX');
    expect(body?.get('lang')).toBe('de');
    expect(await screen.findByText('Commerzbank ••3000')).toBeTruthy();
    await waitFor(() => expect((screen.getByPlaceholderText('Vollständiger Name') as HTMLInputElement).value).toBe(''));
  });
});
