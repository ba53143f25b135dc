import { API, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { config, findFieldError, findToast, inGerman, money, openApp, signedInPageTest, user } from '../../test/app';
import { type FakeBody, fakeServer, pageOf } from '../../test/fetch';
import { BANK, payoutAccount, WISE } from '../../test/fixtures';

type Handler = (body: FakeBody) => { code: number; msg?: string; data?: unknown };
function server(overrides: Record<string, Handler> = {}) {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.bankinfoList]: () => ({ code: 200, data: { list: [BANK, WISE] } }),
    [API.withdrawList]: () => pageOf([]),
    ...overrides,
  });
}

const amountInput = () => screen.getByPlaceholderText('Up to 2 decimals') as HTMLInputElement;
const press = (name: string) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  // The page's button, not the dialog's of the same name.
  fireEvent.click(within(document.querySelector('.app-page') as HTMLElement).getByRole('button', { name }));
};

beforeAll(() => Promise.all([import('./withdraw-page'), import('./card-withdrawal-page')]));

signedInPageTest();

describe('withdraw', () => {
  it('asks for confirmation, sends bk_id, amount and a request_id, and shows the server refusal', async () => {
    const calls = server({
      [API.withdrawCreate]: () => ({ code: 1400, msg: 'Your available balance is not enough' }),
    });
    openApp(ROUTES.withdraw);
    expect(await screen.findByText('Commerzbank ••3000')).toBeTruthy();
    expect(await screen.findByText('Min 20.00 · Max 10,000.00 USDT')).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '50' } });

    press('Withdraw');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Withdraw 50\.00 USDT to Commerzbank ••3000\?/)).toBeTruthy();
    expect(calls.paths()).not.toContain(API.withdrawCreate);
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw' }));

    expect(await screen.findByText('Your available balance is not enough')).toBeTruthy();
    const body = calls.bodies(API.withdrawCreate)[0];
    expect(body?.get('bk_id')).toBe('3');
    expect(body?.get('amount')).toBe('50.00');
    expect(body?.get('request_id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows an account in its first 24 hours disabled with the time it becomes usable, and picks a usable one', async () => {
    const usableAt = new Date(Date.now() + 5 * 3_600_000).toISOString();
    const fresh = { ...payoutAccount(5, 'bank', 'Sparkasse ••4000'), usable_at: usableAt };
    const calls = server({
      [API.bankinfoList]: () => ({ code: 200, data: { list: [fresh, BANK, WISE] } }),
      [API.withdrawCreate]: () => ({ code: 200, data: { id: 9, status: 'auditing' } }),
    });
    openApp(ROUTES.withdraw);
    const waiting = (await screen.findByText('Sparkasse ••4000')).closest('.adm-selector-item') as HTMLElement;
    expect(waiting.classList).toContain('adm-selector-item-disabled');
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(usableAt));
    expect(within(waiting).getByText(/Usable for withdrawals from/).textContent).toContain(time);
    const usable = screen.getByText('Commerzbank ••3000').closest('.adm-selector-item') as HTMLElement;
    expect(usable.classList).toContain('adm-selector-item-active');

    // tapping the waiting account does not pick it
    fireEvent.click(waiting);
    expect(waiting.classList).not.toContain('adm-selector-item-active');
    fireEvent.change(amountInput(), { target: { value: '30' } });
    press('Withdraw');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Submit success')).toBeTruthy();
    expect(calls.bodies(API.withdrawCreate)[0]?.get('bk_id')).toBe('3');
  });

  it('cannot be sent while the only account of the method is in its first 24 hours', async () => {
    const fresh = { ...BANK, usable_at: new Date(Date.now() + 3_600_000).toISOString() };
    const calls = server({ [API.bankinfoList]: () => ({ code: 200, data: { list: [fresh] } }) });
    openApp(ROUTES.withdraw);
    const waiting = (await screen.findByText('Commerzbank ••3000')).closest('.adm-selector-item') as HTMLElement;
    expect(waiting.classList).toContain('adm-selector-item-disabled');
    const submit = within(document.querySelector('.app-page') as HTMLElement).getByRole('button', { name: 'Withdraw' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(calls.paths()).not.toContain(API.withdrawCreate);
  });

  it('sends nothing when the user cancels, and refreshes the balance after a withdrawal', async () => {
    const calls = server({ [API.withdrawCreate]: () => ({ code: 200, data: { id: 9, status: 'auditing' } }) });
    openApp(ROUTES.withdraw);
    await screen.findByText('Commerzbank ••3000');
    fireEvent.change(amountInput(), { target: { value: '25.5' } });

    press('Withdraw');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.paths()).not.toContain(API.withdrawCreate);

    const moneyCalls = calls.paths().filter((p) => p === API.getMoneyInfo).length;
    press('Withdraw');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Submit success')).toBeTruthy();
    await waitFor(() => expect(calls.paths().filter((p) => p === API.getMoneyInfo).length).toBeGreaterThan(moneyCalls));
    expect(amountInput().value).toBe('');
  });

  it('checks the amount against the available balance before asking; "All" fills the whole balance', async () => {
    const calls = server();
    openApp(ROUTES.withdraw);
    await screen.findByText('Commerzbank ••3000');
    await screen.findByText('120.50');

    fireEvent.change(amountInput(), { target: { value: '120.51' } });
    expect(await findFieldError('Your available balance is not enough')).toBeTruthy();
    press('Withdraw');
    expect(await findToast('Your available balance is not enough')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amountInput().value).toBe('120.50');
    expect(calls.paths()).not.toContain(API.withdrawCreate);
  });

  it('says under the amount what is wrong with it as it is typed, before anything is sent', async () => {
    const calls = server();
    openApp(ROUTES.withdraw);
    await screen.findByText('Commerzbank ••3000');
    await screen.findByText('120.50');
    const amountField = () => amountInput().closest('.field') as HTMLElement;
    const message = () => within(amountField()).queryByRole('alert')?.textContent ?? null;
    const typeAmount = async (value: string, expected: string | null) => {
      fireEvent.change(amountInput(), { target: { value } });
      await waitFor(() => expect(message()).toBe(expected));
    };

    await typeAmount('abc', 'Enter an amount greater than 0 with at most 2 decimals');
    await typeAmount('12.', null);
    await typeAmount('12.345', 'Enter an amount greater than 0 with at most 2 decimals');
    await typeAmount('12.3', 'The amount must be at least 20.00 USDT');
    await typeAmount('120.51', 'Your available balance is not enough');
    await typeAmount('50', null);
    expect(amountField().classList.contains('field-invalid')).toBe(false);
    await typeAmount('', null);
    expect(calls.paths()).not.toContain(API.withdrawCreate);
  });

  it('offers the Wise account when the user picks Wise', async () => {
    server();
    openApp(ROUTES.withdraw);
    await screen.findByText('Commerzbank ••3000');
    fireEvent.click(screen.getByText('Wise', { selector: '.adm-selector-item' }));
    expect(await screen.findByText('ann@wise.example')).toBeTruthy();
    expect(screen.queryByText('Commerzbank ••3000')).toBeNull();
  });

  it('preselects Wise for one visit when opened as Wise withdrawal', async () => {
    server();
    openApp(`${ROUTES.withdraw}?method=wise`);
    expect(await screen.findByText('ann@wise.example')).toBeTruthy();
    expect(location.href).not.toContain('method=wise');
  });

  it('bank card withdrawal without a bound bank account leads to the binding page', async () => {
    server({ [API.bankinfoList]: () => ({ code: 200, data: { list: [WISE] } }) });
    openApp(ROUTES.cardWithdrawal);
    expect(await screen.findByText('No payout account of this kind is bound yet')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Up to 2 decimals')).toBeNull();
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Bind an account' })));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.binding}`));
  });
});

describe('withdraw with two-factor on', () => {
  it('asks for the code, sends it as totp, and shows a refused one', async () => {
    let answer: { code: number; msg?: string; data?: unknown } = {
      code: 1501,
      msg: 'The authenticator or recovery code is wrong or was already used',
    };
    const calls = server({
      [API.getInfo]: () => ({ code: 200, data: { ...user, totp_enabled: true } }),
      [API.withdrawCreate]: () => answer,
    });
    openApp(ROUTES.withdraw);
    await screen.findByText('Commerzbank ••3000');
    const code = await screen.findByPlaceholderText('6-digit code or recovery code');
    fireEvent.change(amountInput(), { target: { value: '30' } });

    press('Withdraw');
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app, or a recovery code')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(code, { target: { value: '111111' } });
    press('Withdraw');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(answer.msg as string)).toBeTruthy();

    answer = { code: 200, data: { id: 9, status: 'auditing' } };
    fireEvent.change(code, { target: { value: '222222' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    press('Withdraw');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Submit success')).toBeTruthy();
    expect(calls.bodies(API.withdrawCreate).map((b) => b.get('totp'))).toEqual(['111111', '222222']);
    await waitFor(() => expect((code as HTMLInputElement).value).toBe(''));
  }, 15_000);

  it('shows no code field and sends no totp while two-factor is off', async () => {
    const calls = server({
      [API.getInfo]: () => ({ code: 200, data: user }),
      [API.withdrawCreate]: () => ({ code: 200, data: { id: 9, status: 'auditing' } }),
    });
    openApp(ROUTES.withdraw);
    await screen.findByText('Commerzbank ••3000');
    fireEvent.change(amountInput(), { target: { value: '30' } });
    press('Withdraw');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Submit success')).toBeTruthy();
    expect(screen.queryByPlaceholderText('6-digit code or recovery code')).toBeNull();
    expect(calls.bodies(API.withdrawCreate)[0]?.has('totp')).toBe(false);
  }, 15_000);
});

describe('withdraw in German', () => {
  inGerman();

  const germanAmount = () => screen.getByPlaceholderText('z. B. 12,50 – höchstens 2 Nachkommastellen') as HTMLInputElement;

  it('takes the amount as German writes it and sends the wire decimal; refuses a point it cannot read', async () => {
    const calls = server({ [API.withdrawCreate]: () => ({ code: 200, data: { id: 9, status: 'auditing' } }) });
    openApp(ROUTES.withdraw);
    await screen.findByText('Commerzbank ••3000');

    // "50.50" is no German number: refused, never read as 50.50 or 5050
    fireEvent.change(germanAmount(), { target: { value: '50.50' } });
    const unreadable = 'Bitte einen Betrag größer als 0 mit höchstens 2 Nachkommastellen eingeben';
    expect(await findFieldError(unreadable)).toBeTruthy();
    press('Auszahlen');
    expect(await findToast(unreadable)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(germanAmount(), { target: { value: '1.050,50' } });
    expect(await findFieldError('Ihr verfügbares Guthaben reicht nicht aus')).toBeTruthy();
    press('Auszahlen');
    expect(await findToast('Ihr verfügbares Guthaben reicht nicht aus')).toBeTruthy();

    fireEvent.change(germanAmount(), { target: { value: '50,5' } });
    press('Auszahlen');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/50,50 USDT auf Commerzbank ••3000 auszahlen\?/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Auszahlen' }));
    expect(await screen.findByText('Erfolgreich übermittelt')).toBeTruthy();
    expect(calls.bodies(API.withdrawCreate)[0]?.get('amount')).toBe('50.50');
  });

  it('fills "All" the German way, which reads back as the whole balance', async () => {
    const calls = server({ [API.withdrawCreate]: () => ({ code: 200, data: { id: 9, status: 'auditing' } }) });
    openApp(ROUTES.withdraw);
    await screen.findByText('Commerzbank ••3000');
    await screen.findByText('120,50');
    fireEvent.click(screen.getByRole('button', { name: 'Alles' }));
    expect(germanAmount().value).toBe('120,50');
    press('Auszahlen');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Auszahlen' }));
    await waitFor(() => expect(calls.bodies(API.withdrawCreate)[0]?.get('amount')).toBe('120.50'));
  });
});

describe('withdrawal pause after a password change', () => {
  it('says up front until when withdrawals are paused, in the user locale, and keeps the button off until then', async () => {
    // the pause ends by the wall clock: a faked Date that advances in 20 ms steps falls behind it on a busy machine
    vi.useRealTimers();
    const unlock = new Date(Date.now() + 4_000);
    const calls = server({
      [API.getInfo]: () => ({ code: 200, data: { ...user, withdraw_unlock_at: unlock.toISOString() } }),
      [API.withdrawCreate]: () => ({ code: 200, data: { id: 9, status: 'auditing' } }),
    });
    openApp(ROUTES.cardWithdrawal);
    await screen.findByText('Commerzbank ••3000');
    const when = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(unlock);
    expect(
      await screen.findByText(
        `Withdrawals are paused for 24 hours after a password change or after two-factor authentication is turned off. You can withdraw again from ${when}.`,
      ),
    ).toBeTruthy();
    const button = () => within(document.querySelector('.app-page') as HTMLElement).getByRole('button', { name: 'Withdraw' });
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(amountInput(), { target: { value: '50' } });
    fireEvent.click(button());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.paths()).not.toContain(API.withdrawCreate);

    // the pause ends on the page by itself
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false), { timeout: 8000 });
    expect(screen.queryByText(/Withdrawals are paused/)).toBeNull();
  }, 20_000);
});
