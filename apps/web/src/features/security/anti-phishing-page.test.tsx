import { API, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openApp, signedInPageTest, user } from '../../test/app';
import { fakeServer } from '../../test/fetch';

beforeAll(() => import('./anti-phishing-page'));
signedInPageTest();

const page = () => within(document.querySelector('.app-page') as HTMLElement);
const press = (name: string) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(page().getByRole('button', { name }));
};
const type = (value: string) =>
  fireEvent.change(screen.getByPlaceholderText('For example: Blue heron 42'), { target: { value } });
const row = () => document.querySelector('[data-field="phrase"]') as HTMLElement;

describe('anti-phishing phrase form', { timeout: 15_000 }, () => {
  it('refuses a bad phrase at the field before sending, then sets a good one, trimmed', async () => {
    let hint: string | null = null;
    const server = fakeServer({
      [API.getInfo]: () => ({ code: 200, data: { ...user, anti_phishing_hint: hint } }),
      [API.securityAntiPhishing]: () => {
        hint = 'B•••••••••••2';
        return { code: 200, data: {} };
      },
    });
    openApp(ROUTES.securityAntiPhishing);
    expect(await screen.findByTestId('phrase-state')).toHaveProperty('textContent', 'Not set');

    press('Set phrase');
    expect(await within(row()).findByText('Please enter a phrase')).toBeTruthy();
    type('abc');
    press('Set phrase');
    expect(await within(row()).findByText('The anti-phishing phrase must be 4 to 32 letters, digits or spaces')).toBeTruthy();
    type('no <tags> please');
    press('Set phrase');
    await waitFor(() => expect(row().classList).toContain('field-invalid'));
    expect(server.paths()).not.toContain(API.securityAntiPhishing);

    type('  Blue   heron 42 ');
    press('Set phrase');
    expect(await screen.findByText('Phrase saved')).toBeTruthy();
    expect(server.bodies(API.securityAntiPhishing)[0]?.get('phrase')).toBe('Blue heron 42');
    await waitFor(() => expect(screen.getByTestId('phrase-state').textContent).toBe('B•••••••••••2'));
    expect(page().getByRole('button', { name: 'Change phrase' })).toBeTruthy();
  });

  it('removes the phrase only after a confirmation', async () => {
    let hint: string | null = 'B•••••••••••2';
    const server = fakeServer({
      [API.getInfo]: () => ({ code: 200, data: { ...user, anti_phishing_hint: hint } }),
      [API.securityAntiPhishing]: () => {
        hint = null;
        return { code: 200, data: {} };
      },
    });
    openApp(ROUTES.securityAntiPhishing);
    await waitFor(() => expect(screen.getByTestId('phrase-state').textContent).toBe('B•••••••••••2'));
    press('Remove phrase');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Remove the phrase? Our mails will no longer show it.')).toBeTruthy();
    vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
    fireEvent.click(dialog.getByRole('button', { name: 'Remove phrase' }));
    expect(await screen.findByText('Phrase removed')).toBeTruthy();
    expect(server.bodies(API.securityAntiPhishing)[0]?.get('phrase')).toBe('');
    await waitFor(() => expect(screen.getByTestId('phrase-state').textContent).toBe('Not set'));
  });
});
