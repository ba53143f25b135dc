import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sendableAmount } from '../../lib/amount-check';
import type { Listing } from '../../lib/trade';
import { config, findFieldError, findToast, inGerman, money, openApp, signedInPageTest } from '../../test/app';
import { type FakeBody, fakeServer, pageOf } from '../../test/fetch';
import { BANK } from '../../test/fixtures';
import { fiatOf } from './fiat';

/** What the buy sheet shows to pay for a typed amount (no listing limits): null while it is not an amount. */
const fiatFor = (typed: string, listing: Pick<Listing, 'price' | 'currency'>, locale: string) => {
  const wire = sendableAmount(typed, locale, {});
  return wire === null ? null : fiatOf(wire, listing.price, listing.currency);
};

const listing = (over: Partial<Listing> = {}): Listing => ({
  id: 11,
  seller: 'bo***@example.com',
  seller_trades_30d: 12,
  seller_completion_rate: 92,
  mine: false,
  price: '0.923457',
  currency: 'EUR',
  quantity: '500.00',
  remaining: '333.333333',
  in_trades: '0.00',
  uncompleted: '333.333333',
  min: '10.00',
  max: '400.00',
  method: 'bank',
  window_minutes: 15,
  status: 'open',
  created_at: '2025-03-01T10:00:00.000Z',
  ...over,
});

type Handler = (body: FakeBody) => { code: number; msg?: string; data?: unknown };
function server(overrides: Record<string, Handler> = {}) {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.sellingTongji]: () => ({
      code: 200,
      data: { available: '120.50', escrow: '30.00', frozen: '5.00', total: '155.50', on_order: '35.00' },
    }),
    [API.sellingHistory]: () => ({
      code: 200,
      data: {
        list: [
          {
            kind: 'trade',
            seller: 'cy***@example.com',
            quantity: '42.00',
            price: '0.93',
            currency: 'EUR',
            completed_at: '2025-03-01T09:00:00.000Z',
          },
        ],
      },
    }),
    [API.sellingOrder]: (body) =>
      body.get('mine') === '1'
        ? pageOf([listing({ id: 21, mine: true, in_trades: '20.00', uncompleted: '120.00', remaining: '100.00' })])
        : pageOf([listing()]),
    [API.bankinfoList]: () => ({ code: 200, data: { list: [BANK] } }),
    [API.tradeUnread]: () => ({ code: 200, data: { messages: 0, actions: 0 } }),
    ...overrides,
  });
}

const click = (el: HTMLElement) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(el);
};
const sheet = () => within(document.querySelector('.buy-sheet') as HTMLElement);
const page = () => within(document.querySelector('.app-page') as HTMLElement);

beforeAll(() => Promise.all([import('./hall-page'), import('./listing-form-page')]));

signedInPageTest();

describe('fiat amount', () => {
  it('is quantity × price rounded down to the cent, in integers like the server', () => {
    // 333.33 × 0.923457 = 307.81592... -> 307.81
    expect(fiatFor('333.33', { price: '0.923457', currency: 'EUR' }, 'en')).toBe('307.81');
    // typed amounts have at most 2 decimals, like the server's
    expect(fiatFor('333.333333', { price: '0.923457', currency: 'EUR' }, 'en')).toBeNull();
    expect(fiatFor('100', { price: '0.999999', currency: 'EUR' }, 'en')).toBe('99.99');
    expect(fiatFor('1.234,50', { price: '2', currency: 'EUR' }, 'de')).toBe('2469.00');
    expect(fiatFor('12.345', { price: '1', currency: 'EUR' }, 'en')).toBeNull();
    expect(fiatFor('abc', { price: '1', currency: 'EUR' }, 'en')).toBeNull();
    // a currency without cents pays in whole units, as the server computes it
    expect(fiatFor('10', { price: '151.37', currency: 'JPY' }, 'en')).toBe('1513.00');
  });
});

describe('hall', () => {
  it('shows the summary from selling/tongji, the listings and the latest deals', async () => {
    server();
    openApp(ROUTES.hall);
    expect(await screen.findByText('155.50')).toBeTruthy();
    expect(screen.getByText('35.00')).toBeTruthy();
    expect(await screen.findByText('bo***@example.com')).toBeTruthy();
    expect(screen.getByText('Trades in 30 days: 12 · 92% completed')).toBeTruthy();
    expect(screen.getByText('0.923457')).toBeTruthy();
    // what one trade may buy now: from the minimum to what is left (333.33), not to the listing's 400.00
    expect(document.querySelector('.listing-row')?.textContent).toContain('Limits 10.00–333.33 USDT');
    expect(await screen.findByText(/cy\*\*\*@example\.com/)).toBeTruthy();
    // a deal's time is written as every other time in the app
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2025-03-01T09:00:00.000Z'),
    );
    expect(screen.getByText(time)).toBeTruthy();
  });

  it('says honestly what a seller has done in 30 days, never "-- completed", and keeps a long name on one line', async () => {
    const long = 'A seller whose chosen nickname is far longer than a phone row';
    server({
      [API.sellingOrder]: () =>
        pageOf([
          listing({ id: 1, seller: long, seller_trades_30d: 0, seller_completion_rate: null }),
          listing({ id: 2, seller: 'cy***@example.com', seller_trades_30d: 3, seller_completion_rate: null }),
        ]),
    });
    openApp(ROUTES.hall);
    const name = await screen.findByText(long);
    expect(screen.getByText('No trades in 30 days')).toBeTruthy();
    expect(screen.getByText('Trades in 30 days: 3')).toBeTruthy();
    for (const row of document.querySelectorAll('.listing-row')) expect(row.textContent).not.toContain('--');
    // the name is cut with an ellipsis by its rule in trade.css (jsdom lays nothing out: the rule is read)
    expect(name.className).toBe('listing-seller');
    const css = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../../components/trade.css'), 'utf8');
    const rule = css.slice(css.indexOf('.listing-seller {'), css.indexOf('}', css.indexOf('.listing-seller {')));
    for (const decl of ['min-width: 0;', 'overflow: hidden;', 'text-overflow: ellipsis;', 'white-space: nowrap;'])
      expect(rule).toContain(decl);
  });

  it('buys through the sheet: "All" is min(remaining, max) in whole cents, the fiat follows, a confirmation, then the trade page', async () => {
    const calls = server({ [API.tradeCreate]: () => ({ code: 200, data: { id: 77 } }) });
    openApp(ROUTES.hall);
    click(await page().findByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(document.querySelector('.buy-sheet')).toBeTruthy());
    const amount = sheet().getByPlaceholderText('How much USDT to buy') as HTMLInputElement;

    fireEvent.change(amount, { target: { value: '100' } });
    expect(sheet().getByTestId('fiat-amount').textContent).toBe('92.34 EUR');

    click(sheet().getByRole('button', { name: 'All' }));
    // remaining 333.333333 < max 400: whole cents of the remainder
    expect(amount.value).toBe('333.33');
    expect(sheet().getByTestId('fiat-amount').textContent).toBe('307.81 EUR');

    fireEvent.change(amount, { target: { value: '5' } });
    // an amount that cannot be bought has no price
    expect(await findFieldError('The amount must be at least 10.00 USDT')).toBeTruthy();
    expect(sheet().getByTestId('fiat-amount').textContent).toBe('--');
    click(sheet().getByRole('button', { name: 'Buy now' }));
    expect(await findToast('The amount must be at least 10.00 USDT')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.change(amount, { target: { value: '50' } });
    click(sheet().getByRole('button', { name: 'Buy now' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Buy 50\.00 USDT from bo\*\*\*@example\.com for 46\.17 EUR/)).toBeTruthy();
    expect(calls.paths()).not.toContain(API.tradeCreate);
    fireEvent.click(dialog.getByRole('button', { name: 'Place order' }));

    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.trade}`));
    expect(new URLSearchParams(location.search).get('id')).toBe('77');
    const body = calls.bodies(API.tradeCreate)[0];
    expect(body?.get('selling_id')).toBe('11');
    expect(body?.get('number')).toBe('50.00');
    expect(body?.get('request_id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it("offers the last of a listing, less than its minimum, whole: the sheet's limits and check say so", async () => {
    const calls = server({
      [API.sellingOrder]: () => pageOf([listing({ remaining: '5.00', uncompleted: '5.00' })]),
      [API.tradeCreate]: () => ({ code: 200, data: { id: 78 } }),
    });
    openApp(ROUTES.hall);
    click(await page().findByRole('button', { name: 'Buy' }));
    // the row and the sheet say what one trade may buy now: all 5.00, not the listing's 10.00 to 400.00
    expect(document.querySelector('.listing-row')?.textContent).toContain('Sold whole 5.00 USDT');
    expect(document.querySelector('.listing-row')?.textContent).not.toContain('Limits');
    await waitFor(() => expect(document.querySelector('.buy-sheet')).toBeTruthy());
    expect(sheet().getByText('All that is left, 5.00 USDT, is sold whole')).toBeTruthy();
    const amount = sheet().getByPlaceholderText('How much USDT to buy') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '4' } });
    expect(await findFieldError('The amount must be at least 5.00 USDT')).toBeTruthy();
    click(sheet().getByRole('button', { name: 'All' }));
    expect(amount.value).toBe('5.00');
    await waitFor(() => expect(sheet().queryByRole('alert')).toBeNull());
    click(sheet().getByRole('button', { name: 'Buy now' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(calls.bodies(API.tradeCreate)[0]?.get('number')).toBe('5.00'));
  });

  it('"All" stops at the per-trade maximum when more is left', async () => {
    server({ [API.sellingOrder]: () => pageOf([listing({ remaining: '900.00', max: '400.005' })]) });
    openApp(ROUTES.hall);
    click(await page().findByRole('button', { name: 'Buy' }));
    await waitFor(() => expect(document.querySelector('.buy-sheet')).toBeTruthy());
    click(sheet().getByRole('button', { name: 'All' }));
    expect((sheet().getByPlaceholderText('How much USDT to buy') as HTMLInputElement).value).toBe('400.00');
  });

  it('lists my selling orders and cancels one after confirmation, showing a refusal in the user language', async () => {
    const calls = server({
      [API.sellingCancel]: () => ({ code: 1601, msg: 'This listing still has a trade in progress' }),
    });
    openApp(ROUTES.hall);
    fireEvent.click(await screen.findByText('Selling orders'));
    expect(await screen.findByText('Uncompleted 120.00')).toBeTruthy();
    expect(screen.getByText('In trades 20.00')).toBeTruthy();
    click(await screen.findByRole('button', { name: 'Cancel listing' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/The 100\.00 USDT not yet sold/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel listing' }));
    expect(await screen.findByText('This listing still has a trade in progress')).toBeTruthy();
    expect(calls.bodies(API.sellingCancel)[0]?.get('id')).toBe('21');
  });
});

describe('listing form', () => {
  const field = (name: string) => document.querySelector(`[data-field="${name}"]`) as HTMLElement;
  const type = (placeholder: string, value: string) =>
    fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
  const post = () => click(page().getByRole('button', { name: 'Post a listing' }));

  it('shows a bad field at the field in the user language, and posts after a confirmation repeating everything', async () => {
    const calls = server({ [API.sellingCreate]: () => ({ code: 200, data: { id: 5 } }) });
    openApp(ROUTES.listingCreate);
    expect(await screen.findByText('Commerzbank ••3000')).toBeTruthy();

    post();
    expect(await within(field('number')).findByRole('alert')).toBeTruthy();
    expect(within(field('number')).getByRole('alert').textContent).toBe('Please enter amount');

    type('How much USDT to sell', '100');
    type('Price per USDT', '0.92');
    type('Smallest amount one buyer may take', '50');
    type('Largest amount one buyer may take', '20');
    post();
    expect(await within(field('min')).findByRole('alert')).toBeTruthy();
    expect(calls.paths()).not.toContain(API.sellingCreate);

    type('Smallest amount one buyer may take', '10');
    type('Largest amount one buyer may take', '50');
    type('How much USDT to sell', '500');
    post();
    expect(await findToast('Your available balance is not enough')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    type('How much USDT to sell', '100');
    fireEvent.click(screen.getByText('30 min'));
    post();
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('100.00 USDT')).toBeTruthy();
    expect(dialog.getByText('0.92 EUR')).toBeTruthy();
    expect(dialog.getByText('10.00 – 50.00 USDT')).toBeTruthy();
    expect(dialog.getByText('Bank card · Commerzbank ••3000')).toBeTruthy();
    expect(dialog.getByText('30 min')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Post' }));
    expect(await screen.findByText('Listing posted')).toBeTruthy();
    const body = calls.bodies(API.sellingCreate)[0];
    expect(Object.fromEntries(body as URLSearchParams)).toMatchObject({
      number: '100.00',
      price: '0.92',
      currency: 'EUR',
      min: '10.00',
      max: '50.00',
      bk_id: '3',
      window_minutes: '30',
    });
    expect(body?.get('request_id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('shows every wrong field at once, says what is wrong with a price and names the maximum a minimum passes', async () => {
    const calls = server();
    openApp(ROUTES.listingCreate);
    await screen.findByText('Commerzbank ••3000');
    type('Price per USDT', '0');
    post();
    expect(await within(field('number')).findByRole('alert')).toBeTruthy();
    expect(within(field('number')).getByRole('alert').textContent).toBe('Please enter amount');
    expect(within(field('price')).getByRole('alert').textContent).toBe('The price must be greater than 0');

    type('How much USDT to sell', '100');
    type('Price per USDT', '0.9234567');
    type('Smallest amount one buyer may take', '50');
    type('Largest amount one buyer may take', '20');
    post();
    await waitFor(() =>
      expect(within(field('price')).getByRole('alert').textContent).toBe('A price may have at most 6 decimals'),
    );
    type('Price per USDT', '0.92');
    post();
    await waitFor(() => expect(within(field('min')).getByRole('alert').textContent).toBe('The amount may be at most 20.00 USDT'));
    expect(document.body.textContent).not.toMatch(/\{\{?\w+\}\}?/);
    expect(calls.paths()).not.toContain(API.sellingCreate);
  });

  describe('in German', () => {
    inGerman();
    it('says a price is written with a decimal comma, and reads one', async () => {
      const calls = server({ [API.sellingCreate]: () => ({ code: 200, data: { id: 5 } }) });
      openApp(ROUTES.listingCreate);
      await screen.findByText('Commerzbank ••3000');
      type('Wie viel USDT verkaufen', '100');
      type('Preis pro USDT', '0.92');
      type('Kleinste Menge für einen Käufer', '10');
      type('Größte Menge für einen Käufer', '50');
      click(page().getByRole('button', { name: 'Angebot einstellen' }));
      expect(await within(field('price')).findByRole('alert')).toBeTruthy();
      expect(within(field('price')).getByRole('alert').textContent).toBe(
        'Geben Sie den Preis in Ziffern mit einem Komma vor den Nachkommastellen ein, z. B. 7,25',
      );
      type('Preis pro USDT', '0,92');
      click(page().getByRole('button', { name: 'Angebot einstellen' }));
      expect(await screen.findByRole('dialog')).toBeTruthy();
      expect(calls.paths()).not.toContain(API.sellingCreate);
    });
  });
});
