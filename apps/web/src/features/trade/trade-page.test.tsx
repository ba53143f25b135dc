import { API, errorCode, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, TradeDetail } from '../../lib/trade';
import { config, money, openApp, signedInPageTest, user } from '../../test/app';
import { FakeWebSocket } from '../../test/fake-websocket';
import { type FakeBody, fakeServer, pageOf } from '../../test/fetch';
import { formatCountdown } from './trade-page';

const NOW = Date.parse('2025-03-01T10:00:00.000Z');

const trade = (over: Partial<TradeDetail> = {}): TradeDetail => ({
  id: 77,
  order_no: 'T202503010001',
  listing_id: 11,
  role: 'buyer',
  counterparty: 'bo***@example.com',
  quantity: '50.00',
  price: '0.923457',
  currency: 'EUR',
  fiat_amount: '46.17',
  status: 'awaiting_payment',
  reference: 'C2C-7F3K',
  window_minutes: 15,
  pay_deadline: new Date(NOW + 14 * 60_000 + 5_000).toISOString(),
  paid_at: null,
  release_deadline: null,
  ended_at: null,
  appeal: null,
  resolution: null,
  unread: 0,
  created_at: new Date(NOW - 55_000).toISOString(),
  payee: {
    type: 'bank',
    full_name: 'Bo Chen',
    bank_name: 'Deutsche Bank',
    iban: 'DE02120300000000202051',
    swift: 'DEUTDEFF',
    email: '',
    country: 'DE',
  },
  proof: null,
  timeline: [{ event: 'created', by: 'buyer', at: new Date(NOW - 55_000).toISOString() }],
  actions: ['paid', 'cancel', 'message'],
  ...over,
});

const message = (id: number, from: ChatMessage['from'], text: string): ChatMessage => ({
  id,
  from,
  text,
  image: null,
  created_at: new Date(NOW - 30_000 + id * 1000).toISOString(),
});

type Handler = (body: FakeBody) => { code: number; msg?: string; data?: unknown };
/** The trade as the server holds it now: a step's handler replaces it, as the real one would. */
let current: TradeDetail;
const step = (next: TradeDetail) => {
  current = next;
  return { code: 200, data: next };
};
function server(detail: TradeDetail, overrides: Record<string, Handler> = {}) {
  current = detail;
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.tradeDetail]: () => ({ code: 200, data: current }),
    [API.tradeMessageList]: () => ({ code: 200, data: { list: [] } }),
    [API.tradeUnread]: () => ({ code: 200, data: { messages: 0, actions: 0 } }),
    [API.tradeList]: () => pageOf([]),
    ...overrides,
  });
}

const open = () => {
  history.replaceState(null, '', `/?id=77#${ROUTES.trade}`);
  return openApp(`${ROUTES.trade}?id=77`);
};
const press = (name: string | RegExp) => {
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(within(document.querySelector('.app-page') as HTMLElement).getByRole('button', { name }));
};
const pageButtons = () =>
  within(document.querySelector('.trade-actions') ?? document.createElement('div'))
    .queryAllByRole('button')
    .map((b) => b.textContent);

beforeAll(() => import('./trade-page'));

signedInPageTest(NOW);

describe("a trade that is not the caller's", () => {
  it('says it was not found instead of offering to load it again', async () => {
    server(trade(), { [API.tradeDetail]: () => ({ code: errorCode('record_not_found'), msg: 'This record does not exist' }) });
    open();
    expect(await screen.findByText('This trade was not found')).toBeTruthy();
    expect(screen.queryByText('This page could not be loaded')).toBeNull();
  });
});

describe('a trade with chat messages', () => {
  it('opens at its top: the chat scrolls its own list to the newest message, never the page', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      server(trade(), {
        [API.tradeMessageList]: () => ({
          code: 200,
          data: { list: [message(1, 'seller', 'Hello, pay to the IBAN please'), message(2, 'buyer', 'On it')] },
        }),
      });
      open();
      expect(await screen.findByText('On it')).toBeTruthy();
      expect(scrolled).not.toHaveBeenCalled();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });
});

describe('countdown', () => {
  it('writes minutes and seconds, and hours past an hour', () => {
    expect(formatCountdown(14 * 60_000 + 5_000)).toBe('14:05');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });
});

describe('trade page', () => {
  it.each(['expired', 'cancelled'] as const)('no longer offers the account to pay to once the trade is %s', async (status) => {
    server(trade({ status, actions: [], ended_at: new Date(NOW - 1000).toISOString() }));
    open();
    expect(await screen.findByText(/This trade has ended\. Do not send any money for it/)).toBeTruthy();
    expect(screen.queryByText('DE02120300000000202051')).toBeNull();
    expect(screen.queryByText('C2C-7F3K')).toBeNull();
    expect(pageButtons()).toEqual([]);
  });

  it("shows the buyer where to pay, a live countdown to pay_deadline, and only the trade's actions", async () => {
    server(trade());
    open();
    expect(await screen.findByText('Awaiting payment')).toBeTruthy();
    expect(screen.getByText('T202503010001')).toBeTruthy();
    expect(screen.getByText('DE02120300000000202051')).toBeTruthy();
    expect(screen.getByText('C2C-7F3K')).toBeTruthy();
    expect(screen.getByText('46.17 EUR')).toBeTruthy();
    const seconds = () => {
      const [, m, s] = /Pay within (\d\d):(\d\d)/.exec(screen.getByRole('timer').textContent ?? '') ?? [];
      return Number(m) * 60 + Number(s);
    };
    const first = seconds();
    // 14:05 left when the page opened (a few seconds of real time pass while it loads)
    expect(first).toBeGreaterThan(13 * 60 + 50);
    expect(first).toBeLessThanOrEqual(14 * 60 + 5);
    vi.setSystemTime(Date.now() + 65_000);
    await waitFor(() => expect(first - seconds()).toBeGreaterThanOrEqual(65), { timeout: 2500 });
    expect(first - seconds()).toBeLessThan(75);

    expect(pageButtons()).toEqual(['I have paid', 'Cancel order']);
    expect(screen.queryByRole('button', { name: 'Release USDT' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Appeal' })).toBeNull();
  });

  it('gives the seller of a paid trade Release and Appeal only, counting down to release_deadline, and asks strongly before releasing', async () => {
    const paid = trade({
      role: 'seller',
      status: 'paid',
      paid_at: new Date(NOW - 60_000).toISOString(),
      release_deadline: new Date(NOW + 2 * 3600_000).toISOString(),
      actions: ['release', 'appeal', 'message'],
    });
    const calls = server(paid, {
      [API.tradeRelease]: () => step({ ...paid, status: 'completed', release_deadline: null, actions: ['message'] }),
    });
    open();
    expect(await screen.findByText('Paid')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/Seller releases within 2:00:00|1:59:5\d/);
    expect(pageButtons()).toEqual(['Release USDT', 'Appeal']);

    press('Release USDT');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Only release after 46.17 EUR is in your account.')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.paths()).not.toContain(API.tradeRelease);

    press('Release USDT');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'The money arrived, release' }));
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(calls.bodies(API.tradeRelease)[0]?.get('id')).toBe('77');
    expect(screen.queryByRole('timer')).toBeNull();
    expect(document.querySelector('.trade-actions')).toBeNull();
  }, 15_000);

  it('asks the seller with two-factor on for a fresh code beside Release and sends it with the release', async () => {
    const paid = trade({
      role: 'seller',
      status: 'paid',
      paid_at: new Date(NOW - 60_000).toISOString(),
      release_deadline: new Date(NOW + 2 * 3600_000).toISOString(),
      actions: ['release', 'appeal', 'message'],
    });
    const calls = server(paid, {
      [API.getInfo]: () => ({ code: 200, data: { ...user, totp_enabled: true } }),
      [API.tradeRelease]: () => step({ ...paid, status: 'completed', release_deadline: null, actions: ['message'] }),
    });
    open();
    const code = await screen.findByPlaceholderText('6-digit code or recovery code');
    press('Release USDT');
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app, or a recovery code')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.paths()).not.toContain(API.tradeRelease);

    fireEvent.change(code, { target: { value: '123456' } });
    press('Release USDT');
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'The money arrived, release' }));
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(calls.bodies(API.tradeRelease)[0]?.get('totp')).toBe('123456');
  }, 15_000);

  it('warns about the cancel limit before cancelling', async () => {
    const calls = server(trade(), {
      [API.tradeCancel]: () => step(trade({ status: 'cancelled', actions: [] })),
    });
    open();
    await screen.findByText('Awaiting payment');
    press('Cancel order');
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/Cancelling 3 orders within 24 hours/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Cancelled')).toBeTruthy();
    expect(calls.paths()).toContain(API.tradeCancel);
  });

  it('asks for a reason before appealing', async () => {
    const paid = trade({
      status: 'paid',
      release_deadline: new Date(NOW + 3600_000).toISOString(),
      actions: ['appeal', 'message'],
    });
    const calls = server(paid, { [API.tradeAppeal]: () => step({ ...paid, status: 'disputed', actions: ['message'] }) });
    open();
    await screen.findByText('Paid');
    press('Appeal');
    const sheet = within(await waitFor(() => document.querySelector('.sheet') as HTMLElement));
    vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
    fireEvent.click(sheet.getByRole('button', { name: 'Appeal' }));
    expect(await sheet.findByRole('alert')).toBeTruthy();
    expect(calls.paths()).not.toContain(API.tradeAppeal);
    fireEvent.change(sheet.getByPlaceholderText('What went wrong?'), { target: { value: 'No money arrived' } });
    vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
    fireEvent.click(sheet.getByRole('button', { name: 'Appeal' }));
    expect(await screen.findByText('Disputed')).toBeTruthy();
    expect(calls.bodies(API.tradeAppeal)[0]?.get('reason')).toBe('No money arrived');
  });

  it('renders the chat (mine right, theirs left, the operator marked), sends text, and asks only for newer ones on a live event', async () => {
    let list = [message(1, 'seller', 'Hello, pay to the IBAN please'), message(2, 'buyer', 'On it')];
    const calls = server(trade(), {
      [API.tradeMessageList]: (body) => {
        const after = Number(body.get('after_id') ?? 0);
        return { code: 200, data: { list: list.filter((m) => m.id > after) } };
      },
      [API.tradeMessageSend]: (body) => {
        const sent = message(3, 'buyer', String(body.get('text')));
        list = [...list, sent];
        return { code: 200, data: sent };
      },
    });
    open();
    const theirs = await screen.findByText('Hello, pay to the IBAN please');
    expect(theirs.closest('.chat-message')?.className).toContain('chat-theirs');
    expect(screen.getByText('On it').closest('.chat-message')?.className).toContain('chat-mine');

    fireEvent.change(screen.getByPlaceholderText('Write a message'), { target: { value: 'Sent just now' } });
    press('Send');
    expect(await screen.findByText('Sent just now')).toBeTruthy();
    expect(calls.bodies(API.tradeMessageSend)[0]?.get('text')).toBe('Sent just now');
    expect(calls.bodies(API.tradeMessageList).at(-1)?.get('after_id')).toBe('2');
    expect((screen.getByPlaceholderText('Write a message') as HTMLInputElement).value).toBe('');

    // the operator writes: the server says so on /ws, the page asks for messages after the last one held
    list = [...list, message(4, 'operator', 'Customer service here')];
    const ws = FakeWebSocket.instances.at(-1);
    act(() => ws?.receive({ type: 'ready' }));
    act(() => ws?.receive({ type: 'event', topic: 'chat', ref: 'trade:77' }));
    const operator = await screen.findByText('Customer service here');
    expect(operator.closest('.chat-message')?.className).toContain('chat-operator');
    expect(calls.bodies(API.tradeMessageList).at(-1)?.get('after_id')).toBe('3');
    expect(screen.getAllByText('Sent just now')).toHaveLength(1);
  });

  it('sends an image: checked, uploaded, then sent as the message image', async () => {
    const STORED = '/uploads/0123456789abcdef0123456789abcdef.png';
    const calls = server(trade(), {
      [API.upload]: () => ({ code: 200, data: { id: 5, url: STORED } }),
      [API.tradeMessageSend]: () => ({ code: 200, data: { ...message(1, 'buyer', ''), image: STORED } }),
    });
    open();
    await screen.findByText('No messages yet');
    const input = screen.getByTestId('chat-file') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'x.gif', { type: 'image/gif' })] } });
    });
    expect(await screen.findByText('Please upload a JPEG, PNG or WebP image')).toBeTruthy();
    expect(calls.paths()).not.toContain(API.upload);
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File([new Uint8Array(64)], 'p.png', { type: 'image/png' })] } });
    });
    await waitFor(() => expect(calls.bodies(API.tradeMessageSend)[0]?.get('image')).toBe(STORED));
    expect(calls.bodies(API.tradeMessageSend)[0]?.get('text')).toBeNull();
  });

  it('shows no writing box once the trade no longer takes messages', async () => {
    server(trade({ status: 'completed', actions: [] }), {
      [API.tradeMessageList]: () => ({ code: 200, data: { list: [message(1, 'seller', 'Thanks!')] } }),
    });
    open();
    expect(await screen.findByText('Thanks!')).toBeTruthy();
    expect(screen.queryByPlaceholderText('Write a message')).toBeNull();
    expect(document.querySelector('.trade-actions')).toBeNull();
  });
});
