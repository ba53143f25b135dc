import { API, type MerchantOffer, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { config, findFieldError, findToast, money, openApp, signedInPageTest } from '../../test/app';
import { type FakeBody, fakeServer, pageOf } from '../../test/fetch';
import { BANK, WISE } from '../../test/fixtures';

const offer = (over: Partial<MerchantOffer> = {}): MerchantOffer => ({
  id: 5,
  name: 'Euro Desk',
  price: '0.999999',
  currency: 'EUR',
  quantity: '5000.00',
  min: '10.00',
  max: '100.00',
  methods: ['bank'],
  orders_30d: 12,
  completion_rate: 91.7,
  ...over,
});

type Handler = (body: FakeBody) => { code: number; msg?: string; data?: unknown };
function server(offers: MerchantOffer[], overrides: Record<string, Handler> = {}) {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.bankinfoList]: () => ({ code: 200, data: { list: [BANK, WISE] } }),
    [API.sellingMerchant]: () => pageOf(offers),
    ...overrides,
  });
}

/** Opens the hall's "Sell to merchants" tab and the sheet of its first offer. */
async function openSheet() {
  openApp(ROUTES.hall);
  fireEvent.click(await screen.findByText('Sell to merchants'));
  fireEvent.click(await screen.findByRole('button', { name: 'Go sell' }));
  return within((await screen.findByText('Sell USDT to Euro Desk')).closest('.sell-sheet') as HTMLElement);
}

const press = (sheet: ReturnType<typeof within>, name: string) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(sheet.getByRole('button', { name }));
};

beforeAll(() => import('./hall-page'));

signedInPageTest();

describe('sell to merchants', () => {
  it('lists the offer with price, quantity, limits, kinds and its 30-day numbers', async () => {
    server([offer()]);
    openApp(ROUTES.hall);
    fireEvent.click(await screen.findByText('Sell to merchants'));
    expect(await screen.findByText('Euro Desk')).toBeTruthy();
    expect(screen.getByText('0.999999 EUR/USDT')).toBeTruthy();
    expect(screen.getByText('Quantity 5,000.00 USDT')).toBeTruthy();
    expect(screen.getByText('Limits 10.00 – 100.00 USDT')).toBeTruthy();
    expect(screen.getByText('30-day orders: 12')).toBeTruthy();
    expect(screen.getByText('Completion rate 91.7%')).toBeTruthy();
    expect(screen.getByText('Bank card')).toBeTruthy();
  });

  it('shows what the quantity pays, rounded down to the cent as the server does', async () => {
    server([offer()]);
    const sheet = await openSheet();
    const input = await sheet.findByPlaceholderText('Up to 2 decimals');
    const receive = () => sheet.getByLabelText('You receive').textContent;
    expect(receive()).toBe('--');
    // 33.33 × 0.999999 = 33.32996667 EUR: 33.32, never 33.33
    fireEvent.change(input, { target: { value: '33.33' } });
    expect(receive()).toBe('33.32 EUR');
    fireEvent.change(input, { target: { value: '100' } });
    expect(receive()).toBe('99.99 EUR');
    // past the per-order maximum (and the balance): refused under the field, nothing to receive
    fireEvent.change(input, { target: { value: '1,000' } });
    expect(receive()).toBe('--');
    fireEvent.change(input, { target: { value: '12.345' } });
    expect(receive()).toBe('--');
    // and says why under the field, before anything is sent
    expect(await findFieldError('Enter an amount greater than 0 with at most 2 decimals')).toBeTruthy();
  });

  it('says under the quantity what the merchant still buys when more is typed', async () => {
    const calls = server([offer({ quantity: '60.00' })]);
    const sheet = await openSheet();
    const input = await sheet.findByPlaceholderText('Up to 2 decimals');
    fireEvent.change(input, { target: { value: '60.01' } });
    expect(await findFieldError('The merchant buys only 60.00 USDT more')).toBeTruthy();
    // nothing to receive for a quantity that cannot be sold
    expect(sheet.getByLabelText('You receive').textContent).toBe('--');
    // and when sent anyway: refused before the confirmation
    await sheet.findByText('Commerzbank ••3000');
    press(sheet, 'Sell');
    expect(await findToast('The merchant buys only 60.00 USDT more')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(input, { target: { value: '60' } });
    await waitFor(() => expect(sheet.queryByRole('alert')).toBeNull());
    expect(calls.paths()).not.toContain(API.saleuCreateOrder);
  });

  it.each([
    // balance 120.50, quantity left, per-order maximum -> what "All" fills in
    { quantity: '5000.00', max: '100.00', all: '100.00', receive: '99.99 EUR' },
    { quantity: '80.00', max: '1000.00', all: '80.00', receive: '79.99 EUR' },
    { quantity: '5000.00', max: '1000.00', all: '120.50', receive: '120.49 EUR' },
  ])('"All" fills the smallest of balance, quantity $quantity and maximum $max', async ({ quantity, max, all, receive }) => {
    server([offer({ quantity, max })]);
    const sheet = await openSheet();
    const input = (await sheet.findByPlaceholderText('Up to 2 decimals')) as HTMLInputElement;
    await sheet.findByText('120.50');
    fireEvent.click(sheet.getByRole('button', { name: 'All' }));
    expect(input.value).toBe(all);
    expect(sheet.getByLabelText('You receive').textContent).toBe(receive);
  });

  it('offers only accounts of the kinds the merchant pays to', async () => {
    server([offer({ methods: ['wise'] })]);
    const sheet = await openSheet();
    expect(await sheet.findByText('ann@wise.example')).toBeTruthy();
    expect(sheet.queryByText('Commerzbank ••3000')).toBeNull();
  });

  it('shows an account in its first 24 hours disabled with the time it becomes usable, and sells to none until one is', async () => {
    const usableAt = new Date(Date.now() + 3_600_000).toISOString();
    const calls = server([offer({ methods: ['bank'] })], {
      [API.bankinfoList]: () => ({ code: 200, data: { list: [{ ...BANK, usable_at: usableAt }] } }),
    });
    const sheet = await openSheet();
    const waiting = (await sheet.findByText('Commerzbank ••3000')).closest('.adm-selector-item') as HTMLElement;
    expect(waiting.classList).toContain('adm-selector-item-disabled');
    expect(waiting.classList).not.toContain('adm-selector-item-active');
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(usableAt));
    expect(within(waiting).getByText(/Usable for withdrawals from/).textContent).toContain(time);
    expect(sheet.getByRole('button', { name: 'Sell' }).hasAttribute('disabled')).toBe(true);
    expect(calls.paths()).not.toContain(API.saleuCreateOrder);
  });

  it('says so and links to account binding when the user has no account of those kinds', async () => {
    server([offer({ methods: ['bank'] })], { [API.bankinfoList]: () => ({ code: 200, data: { list: [WISE] } }) });
    const sheet = await openSheet();
    expect(await sheet.findByText('This merchant pays only to: Bank card. You have no such account bound yet.')).toBeTruthy();
    expect(sheet.queryByRole('button', { name: 'Sell' })).toBeNull();
    act(() => fireEvent.click(sheet.getByRole('button', { name: 'Bind an account' })));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.binding}`));
  });

  it('confirms quantity, price, amount and account before it sends, with a request_id', async () => {
    const calls = server([offer()], {
      [API.saleuCreateOrder]: () => ({ code: 200, data: { id: 1, order_no: 'S20250101000001', status: 'auditing' } }),
    });
    const sheet = await openSheet();
    await sheet.findByText('Commerzbank ••3000');
    fireEvent.change(sheet.getByPlaceholderText('Up to 2 decimals'), { target: { value: '50' } });

    press(sheet, 'Sell');
    let dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('50.00 USDT')).toBeTruthy();
    expect(dialog.getByText('0.999999 EUR')).toBeTruthy();
    expect(dialog.getByText('49.99 EUR')).toBeTruthy();
    expect(dialog.getByText('Commerzbank ••3000')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.paths()).not.toContain(API.saleuCreateOrder);

    press(sheet, 'Sell');
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Sell' }));
    expect(await screen.findByText("Sale submitted: waiting for the merchant's payment")).toBeTruthy();
    const body = calls.bodies(API.saleuCreateOrder)[0];
    expect(body?.get('saleu_id')).toBe('5');
    expect(body?.get('number')).toBe('50.00');
    expect(body?.get('bk_id')).toBe('3');
    expect(body?.get('request_id')).toMatch(/^[0-9a-f]{32}$/);
    expect(calls.bodies(API.saleuCreateOrder)).toHaveLength(1);
  });

  it('reads the offers again after a refusal that says the offer changed, and lists it as it is now', async () => {
    let price = '0.999999';
    const calls = server([], {
      // the hall's other lists, read again with the offers: answered, so that no other message covers the refusal's
      [API.sellingTongji]: () => ({
        code: 200,
        data: { available: '120.50', escrow: '0.00', frozen: '0.00', total: '120.50', on_order: '0.00' },
      }),
      [API.sellingHistory]: () => ({ code: 200, data: { list: [] } }),
      [API.sellingOrder]: () => pageOf([]),
      [API.sellingMerchant]: () => pageOf([offer({ price })]),
      [API.saleuCreateOrder]: () => {
        price = '0.950000';
        return { code: 1443, msg: 'This offer has changed in the meantime; please check it and try again', data: {} };
      },
    });
    const sheet = await openSheet();
    await sheet.findByText('Commerzbank ••3000');
    fireEvent.change(sheet.getByPlaceholderText('Up to 2 decimals'), { target: { value: '50' } });
    press(sheet, 'Sell');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sell' }));
    expect(await findToast('This offer has changed in the meantime; please check it and try again')).toBeTruthy();
    await waitFor(() => expect(calls.paths().filter((p) => p === API.sellingMerchant).length).toBeGreaterThan(1));
    expect(await screen.findByText('0.950000 EUR/USDT')).toBeTruthy();
  });

  it('refuses below the minimum and above the balance before asking', async () => {
    const calls = server([offer({ max: '1000.00' })]);
    const sheet = await openSheet();
    await sheet.findByText('Commerzbank ••3000');
    const input = sheet.getByPlaceholderText('Up to 2 decimals');
    fireEvent.change(input, { target: { value: '5' } });
    press(sheet, 'Sell');
    expect(await screen.findByText(/10\.00/, { selector: '.adm-toast-main *' })).toBeTruthy();
    fireEvent.change(input, { target: { value: '200' } });
    expect(await findFieldError('Your available balance is not enough')).toBeTruthy();
    press(sheet, 'Sell');
    expect(await findToast('Your available balance is not enough')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.paths()).not.toContain(API.saleuCreateOrder);
  });
});
