import { API, type InterestOrder, type InterestProduct, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { config, inGerman, money, openApp, signedInPageTest } from '../../test/app';
import { type FakeBody, fakeServer, pageOf } from '../../test/fetch';

const product = (over: Partial<InterestProduct> = {}): InterestProduct => ({
  id: 7,
  name: 'Weekly saver',
  rate: '1.2345',
  days: 7,
  min: '10.00',
  max: '100.00',
  remaining: '500.00',
  ...over,
});

const order = (over: Partial<InterestOrder> = {}): InterestOrder => ({
  id: 41,
  lixibao_id: 7,
  name: 'Weekly saver',
  amount: '50.00',
  rate: '1.2345',
  days: 7,
  interest: '4.32075',
  status: 'active',
  created_at: '2026-01-01T00:00:00.000Z',
  expires_at: new Date(Date.now() + 2 * 86_400_000 + 3 * 3_600_000 + 90_000).toISOString(),
  settled_at: null,
  ...over,
});

type Handler = (body: FakeBody) => { code: number; msg?: string; data?: unknown };
function server(overrides: Record<string, Handler> = {}) {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.lixibaoList]: () => pageOf([product()], 1, 1, 10),
    [API.lixibaoListOrder]: () => pageOf([]),
    ...overrides,
  });
}

const card = async () => within(await screen.findByRole('article', { name: 'Weekly saver' }));
const press = (scope: ReturnType<typeof within>, name: string) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(scope.getByRole('button', { name }));
};
const dateOf = (ms: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));

beforeAll(() => import('./wallet-page'));

signedInPageTest();

describe('the interest wallet', () => {
  it('lists the products with rate, days, limits and quota left, and previews the payback with the shared formula', async () => {
    server();
    openApp(ROUTES.wallet);
    const c = await card();
    expect(c.getByText('1.2345 % a day')).toBeTruthy();
    expect(c.getByText('7 days')).toBeTruthy();
    expect(c.getByText(/10\.00 – 100\.00 USDT/)).toBeTruthy();
    expect(c.getByText(/500\.00 USDT/)).toBeTruthy();
    const preview = () => document.querySelector('.wallet-preview')?.textContent;
    expect(preview()).toBe('--');
    // 33.33 x 1.2345 % x 7 = 2.88021195 -> 2.880211, rounded down to the micro-unit
    fireEvent.change(c.getByPlaceholderText('Amount in USDT, up to 2 decimals'), { target: { value: '33.33' } });
    expect(preview()).toBe(`Pays back 36.210211 USDT (2.880211 interest) on ${dateOf(Date.now() + 7 * 86_400_000)}`);
    fireEvent.change(c.getByPlaceholderText('Amount in USDT, up to 2 decimals'), { target: { value: '1.234' } });
    expect(preview()).toBe('--');
    // a well-formed amount below the product's minimum pays nothing back either: it cannot be subscribed
    fireEvent.change(c.getByPlaceholderText('Amount in USDT, up to 2 decimals'), { target: { value: '5' } });
    expect(preview()).toBe('--');
  });

  it('confirms amount, product, payback and date before it subscribes, with a request_id', async () => {
    const calls = server({
      [API.lixibaoCreateOrder]: () => ({ code: 200, data: order() }),
    });
    openApp(ROUTES.wallet);
    const c = await card();
    await screen.findByText('Available: 120.50 USDT');
    fireEvent.change(c.getByPlaceholderText('Amount in USDT, up to 2 decimals'), { target: { value: '50' } });

    const before = Date.now();
    press(c, 'Subscribe');
    let dialog = within(await screen.findByRole('dialog'));
    const after = Date.now();
    // the payback date is to the minute: the dialog may have been made in the minute before this check's
    const confirm = (at: number) =>
      `Lock 50.00 USDT in "Weekly saver" for 7 days at 1.2345 % a day? You get 54.32075 USDT (4.32075 interest) back on ${dateOf(at + 7 * 86_400_000)}.`;
    expect(dialog.queryByText(confirm(before)) ?? dialog.queryByText(confirm(after))).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.paths()).not.toContain(API.lixibaoCreateOrder);

    press(c, 'Subscribe');
    dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed')).toBeTruthy();
    const bodies = calls.bodies(API.lixibaoCreateOrder);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.get('lixibao_id')).toBe('7');
    expect(bodies[0]?.get('number')).toBe('50.00');
    expect(bodies[0]?.get('request_id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says "1 day", not "1 days", for a one-day product, on its card and in the confirmation', async () => {
    server({ [API.lixibaoList]: () => pageOf([product({ days: 1 })], 1, 1, 10) });
    openApp(ROUTES.wallet);
    const c = await card();
    expect(c.getByText('1 day')).toBeTruthy();
    await screen.findByText('Available: 120.50 USDT');
    fireEvent.change(c.getByPlaceholderText('Amount in USDT, up to 2 decimals'), { target: { value: '50' } });
    press(c, 'Subscribe');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/^Lock 50\.00 USDT in "Weekly saver" for 1 day at 1\.2345 % a day\? /)).toBeTruthy();
  });

  it('refuses an empty amount or one below the minimum before asking, and shows the server refusal', async () => {
    const calls = server({
      [API.lixibaoCreateOrder]: () => ({ code: 1473, msg: 'This interest product has only 20.00 USDT of quota left', data: {} }),
    });
    openApp(ROUTES.wallet);
    const c = await card();
    await screen.findByText('Available: 120.50 USDT');
    press(c, 'Subscribe');
    expect(await screen.findByText('Please enter the interest amount')).toBeTruthy();
    const input = c.getByPlaceholderText('Amount in USDT, up to 2 decimals');
    fireEvent.change(input, { target: { value: '5' } });
    press(c, 'Subscribe');
    expect(await screen.findByText(/10\.00/, { selector: '.adm-toast-main *' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.paths()).not.toContain(API.lixibaoCreateOrder);

    fireEvent.change(input, { target: { value: '30' } });
    press(c, 'Subscribe');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('This interest product has only 20.00 USDT of quota left')).toBeTruthy();
  });

  it('reads the products again after a refusal that says the product changed, and shows it as it is now', async () => {
    let rate = '1.2345';
    server({
      [API.lixibaoList]: () => pageOf([product({ rate })], 1, 1, 10),
      [API.lixibaoCreateOrder]: () => {
        rate = '0.9000';
        return { code: 1477, msg: 'This interest product has changed in the meantime; please check it and try again', data: {} };
      },
    });
    openApp(ROUTES.wallet);
    const c = await card();
    await screen.findByText('Available: 120.50 USDT');
    expect(c.getByText('1.2345 % a day')).toBeTruthy();
    fireEvent.change(c.getByPlaceholderText('Amount in USDT, up to 2 decimals'), { target: { value: '30' } });
    press(c, 'Subscribe');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('This interest product has changed in the meantime; please check it and try again'),
    ).toBeTruthy();
    expect(await (await card()).findByText('0.9000 % a day')).toBeTruthy();
  });

  it('shows the orders with a countdown to expiry, and settled ones with the interest paid', async () => {
    server({
      [API.lixibaoListOrder]: () =>
        pageOf([order(), order({ id: 40, status: 'settled', interest: '1.50', settled_at: '2026-01-08T00:00:00.000Z' })]),
    });
    openApp(ROUTES.wallet);
    fireEvent.click(await screen.findByText('My orders'));
    expect(await screen.findByText('Ends in 2 d 3 h 1 min')).toBeTruthy();
    expect(screen.getByText('Will pay 4.32075 USDT')).toBeTruthy();
    expect(screen.getByText('Paid 1.50 USDT')).toBeTruthy();
    expect(screen.getByText('Settled', { selector: '.wallet-status' })).toBeTruthy();
    expect(screen.getByText('Interest ID: 41')).toBeTruthy();
  });
});

describe('the interest wallet in German', () => {
  inGerman();

  it('writes the rate with the German decimal comma, its digits as they come, on the card, in the confirmation and on an order', async () => {
    server({ [API.lixibaoListOrder]: () => pageOf([order()]) });
    openApp(ROUTES.wallet);
    const c = await card();
    expect(c.getByText('1,2345 % pro Tag')).toBeTruthy();
    fireEvent.change(c.getByPlaceholderText(/Nachkommastellen/), { target: { value: '50' } });
    press(c, 'Anlegen');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/50,00 USDT für 7 Tage zu 1,2345 % pro Tag in „Weekly saver“ anlegen\?/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Abbrechen' }));
    fireEvent.click(await screen.findByText('Meine Anlagen'));
    expect(await screen.findByText(/Tageszins: 1,2345 %/)).toBeTruthy();
  });
});
