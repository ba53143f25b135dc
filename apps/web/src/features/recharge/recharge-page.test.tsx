import { API, REPEAT_CLICK_MS, ROUTES } from '@c2c/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { config, findToast, money, openApp, signIn } from '../../test/app';
import { type FakeBody, fakeServer, pageOf } from '../../test/fetch';

const ADDRESSES = {
  TRC20: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
  ERC20: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
};
const STORED = '/uploads/0123456789abcdef0123456789abcdef.png';
const recharges = [
  {
    id: 2,
    type: 'TRC20',
    address: ADDRESSES.TRC20,
    amount: '80.00',
    image: STORED,
    tx_hash: '',
    status: 'rejected',
    reason: 'No transfer found',
    created_at: '2025-03-02T10:00:00.000Z',
    reviewed_at: '2025-03-02T11:00:00.000Z',
  },
  {
    id: 1,
    type: 'ERC20',
    address: ADDRESSES.ERC20,
    amount: '1250.5',
    image: STORED,
    tx_hash: 'abc',
    status: 'auditing',
    reason: '',
    created_at: '2025-03-01T10:00:00.000Z',
    reviewed_at: null,
  },
];

// jsdom has no canvas to draw the QR code on.
vi.mock('qrcode', () => ({ toDataURL: async (text: string) => `data:qr,${text}` }));

type Handler = (body: FakeBody) => { code: number; msg?: string; data?: unknown };
function server(overrides: Record<string, Handler> = {}) {
  return fakeServer({
    [API.config]: () => ({ code: 200, data: config }),
    [API.getMoneyInfo]: () => ({ code: 200, data: money }),
    [API.rechargeAddress]: (body) => {
      const type = body.get('type') === 'ERC20' ? 'ERC20' : 'TRC20';
      return { code: 200, data: { types: ['TRC20', 'ERC20'], address: { type, address: ADDRESSES[type], demo: false } } };
    },
    [API.rechargeList]: () => pageOf(recharges),
    [API.upload]: () => ({ code: 200, data: { id: 5, url: STORED } }),
    [API.rechargeCreate]: () => ({ code: 200, data: { id: 3, status: 'auditing' } }),
    ...overrides,
  });
}

const png = (name = 'proof.png', size = 1024) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const chooseFile = (file: File) =>
  act(async () => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
  });
const type = (placeholder: string, value: string) =>
  fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const submit = () => {
  // Each attempt is a new click after the repeat-click guard.
  vi.setSystemTime(Date.now() + REPEAT_CLICK_MS);
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
};
const toast = async (text: string) => {
  expect(await findToast(text)).toBeTruthy();
  act(() => Toast.clear());
};

// The first render would otherwise wait for Vite to transform the lazily loaded page.
beforeAll(() => import('./recharge-page'));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  signIn();
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});

afterEach(() => {
  queryClient.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Toast.clear();
});

describe('recharge page', () => {
  it('shows the address of the chosen network with a copy button, and the recharges with their state', async () => {
    const calls = server();
    openApp(ROUTES.recharge);
    expect(await screen.findByText(ADDRESSES.TRC20)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    await screen.findByAltText('QR code of the receiving address');
    expect(screen.getByText('Min 10.00 · Max 50,000.00 USDT')).toBeTruthy();

    expect(screen.getByAltText('QR code of the receiving address').getAttribute('src')).toBe(`data:qr,${ADDRESSES.TRC20}`);

    const picker = screen.getAllByText('ERC20').find((el) => el.closest('.network-picker'));
    fireEvent.click(picker as HTMLElement);
    expect(await screen.findByText(ADDRESSES.ERC20)).toBeTruthy();
    expect(calls.bodies(API.rechargeAddress).at(-1)?.get('type')).toBe('ERC20');

    expect(await screen.findByText('Rejected')).toBeTruthy();
    expect(screen.getByText('Reason: No transfer found')).toBeTruthy();
    expect(screen.getByText('Auditing')).toBeTruthy();
    expect(screen.getByText('1,250.50')).toBeTruthy();
  });

  it('warns prominently, in the user language, when the address is demo data', async () => {
    server({
      [API.rechargeAddress]: () => ({
        code: 200,
        data: { types: ['ERC20'], address: { type: 'ERC20', address: '0x000000000000000000000000000000000000dEaD', demo: true } },
      }),
    });
    openApp(ROUTES.recharge);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Demo address — do not send funds');
    expect(alert.textContent).toContain('Anything sent to it is lost for good.');
    expect(alert.closest('.address-box')?.className).toContain('demo');
  });

  it('shows no demo warning for a real address', async () => {
    server();
    openApp(ROUTES.recharge);
    await screen.findByText(ADDRESSES.TRC20);
    expect(screen.queryByText('Demo address — do not send funds')).toBeNull();
  });

  it('shows an empty state when no network is configured', async () => {
    server({ [API.rechargeAddress]: () => ({ code: 200, data: { types: [], address: null } }) });
    openApp(ROUTES.recharge);
    expect(await screen.findByText(/no network has a receiving address yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Contact customer service' }));
    await waitFor(() => expect(location.hash).toBe(`#${ROUTES.service}`));
  });

  it('checks the form with the shared schema and the operator limits before sending', async () => {
    const calls = server();
    openApp(ROUTES.recharge);
    await screen.findByText(ADDRESSES.TRC20);

    submit();
    await toast('Please enter amount');
    type('Up to 2 decimals', '12.345');
    submit();
    await toast('Enter an amount greater than 0 with at most 2 decimals');
    type('Up to 2 decimals', '5');
    submit();
    await toast('Please upload the credentials');

    await chooseFile(png());
    await waitFor(() => expect(calls.paths()).toContain(API.upload));
    submit();
    await toast('The amount must be at least 10.00 USDT');
    type('Up to 2 decimals', '50000.01');
    submit();
    await toast('The amount may be at most 50,000.00 USDT');
    type('Up to 2 decimals', '20');
    type("Optional: the transfer's transaction ID", 'not-a-hash!');
    submit();
    await toast('The transaction hash has an invalid format');
    expect(calls.paths()).not.toContain(API.rechargeCreate);
  });

  it('refuses a wrong file type or size with a clear message, and uploads and previews a good one', async () => {
    const calls = server();
    openApp(ROUTES.recharge);
    await screen.findByText(ADDRESSES.TRC20);

    await chooseFile(new File(['GIF89a'], 'proof.gif', { type: 'image/gif' }));
    await toast('Please upload a JPEG, PNG or WebP image');
    await chooseFile(png('huge.png', 5 * 1024 * 1024 + 1));
    await toast('The image may be at most 5 MB');
    expect(calls.paths()).not.toContain(API.upload);

    await chooseFile(png());
    await waitFor(() => expect(document.querySelector('.adm-image-uploader-cell img')?.getAttribute('src')).toBe('blob:preview'));
    const call = calls.calls.find((c) => c.path === API.upload);
    expect(call?.body).toBeInstanceOf(FormData);
    expect((call?.body.get('file') as File | null)?.name).toBe('proof.png');
    expect(call?.body.get('lang')).toBe('en');
    expect(call?.headers['X-Access-Token']).toBe('t-1');
  });

  it('removes a tile the server refused and keeps the reason in view until the next try', async () => {
    let refuse = true;
    server({
      [API.upload]: () =>
        refuse ? { code: 1408, msg: 'Please upload a JPEG, PNG or WebP image' } : { code: 200, data: { id: 5, url: STORED } },
    });
    openApp(ROUTES.recharge);
    await screen.findByText(ADDRESSES.TRC20);
    await chooseFile(png('fake.png'));
    const reason = await screen.findByRole('alert');
    expect(reason.textContent).toBe('Please upload a JPEG, PNG or WebP image');
    act(() => Toast.clear());
    await waitFor(() => expect(document.querySelector('.adm-image-uploader-cell')).toBeNull());
    expect(screen.getByRole('alert').textContent).toBe('Please upload a JPEG, PNG or WebP image');

    refuse = false;
    await chooseFile(png());
    await waitFor(() => expect(document.querySelector('.adm-image-uploader-cell img')?.getAttribute('src')).toBe('blob:preview'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends one request_id per filled form: a retry after a lost answer repeats it, the next form gets a new one', async () => {
    let attempt = 0;
    const calls = server({
      [API.rechargeCreate]: () => {
        attempt += 1;
        if (attempt === 1) throw new TypeError('Failed to fetch');
        return { code: 200, data: { id: 3, status: 'auditing' } };
      },
    });
    openApp(ROUTES.recharge);
    await screen.findByText(ADDRESSES.TRC20);
    type('Up to 2 decimals', '100.5');
    type("Optional: the transfer's transaction ID", 'a1b2c3');
    await chooseFile(png());
    await waitFor(() => expect(calls.paths()).toContain(API.upload));

    submit();
    await toast('Network error, please check your connection');
    submit();
    await toast('Submit success');
    await waitFor(() => expect((screen.getByPlaceholderText('Up to 2 decimals') as HTMLInputElement).value).toBe(''));

    const [first, retry] = calls.bodies(API.rechargeCreate);
    expect(first?.get('request_id')).toMatch(/^[0-9a-f]{32}$/);
    expect(retry?.get('request_id')).toBe(first?.get('request_id'));
    expect(Object.fromEntries(retry as URLSearchParams)).toMatchObject({
      type: 'TRC20',
      amount: '100.50',
      image: STORED,
      tx_hash: 'a1b2c3',
      lang: 'en',
    });

    type('Up to 2 decimals', '30');
    await chooseFile(png());
    await waitFor(() => expect(calls.bodies(API.upload)).toHaveLength(2));
    submit();
    await toast('Submit success');
    const next = calls.bodies(API.rechargeCreate)[2];
    expect(next?.get('request_id')).toMatch(/^[0-9a-f]{32}$/);
    expect(next?.get('request_id')).not.toBe(first?.get('request_id'));
    expect(next?.get('tx_hash')).toBeNull();
  });
});
