import { API, ROUTES } from '@c2c/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, type Body, type CallOptions, download, upload } from './api';

type Outcome = { state: 'pending' } | { state: 'resolved'; value: unknown } | { state: 'rejected'; error: unknown };

/** A screen that makes one call when its button is pressed and shows how the call ended. */
function CallProbe({ body, options, onSettle }: { body?: Body; options?: CallOptions; onSettle: (o: Outcome) => void }) {
  const [text, setText] = useState('idle');
  const call = () => {
    setText('calling');
    api(API.getInfo, body, options).then(
      (value) => {
        setText('resolved');
        onSettle({ state: 'resolved', value });
      },
      (error: unknown) => {
        setText('rejected');
        onSettle({ state: 'rejected', error });
      },
    );
  };
  return (
    <button type="button" onClick={call}>
      {text}
    </button>
  );
}

function answer(envelope: unknown, status = 200) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(envelope), { status }));
}

/** Starts the call and gives the outcome so far once every pending microtask and timer of the call has run. */
async function press(options?: CallOptions, body?: Body) {
  const outcome: { current: Outcome } = { current: { state: 'pending' } };
  render(<CallProbe body={body} options={options} onSettle={(o) => (outcome.current = o)} />);
  await act(async () => {
    fireEvent.click(screen.getByRole('button'));
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
  return outcome;
}

const user = { id: 1, email: 'a@b.co', nickname: 'A', invite_code: 'X1', vip_level: 0, lang: 'en', created_at: '' };

beforeEach(() => {
  history.replaceState(null, '', '/#/pages/mine/mine');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  Toast.clear();
});

describe('api client', () => {
  it('code 200 resolves data, posting a form body with lang and the stored token', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('lang', 'de');
    const fetchMock = answer({ code: 200, msg: 'ok', data: { balance: '1.50' } });
    vi.stubGlobal('fetch', fetchMock);

    const outcome = await press({}, { page: 2, skipped: undefined });

    expect(outcome.current).toEqual({ state: 'resolved', value: { balance: '1.50' } });
    expect(screen.getByRole('button').textContent).toBe('resolved');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(API.getInfo);
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(URLSearchParams);
    expect((init.body as URLSearchParams).toString()).toBe('page=2&lang=de');
    expect((init.headers as Record<string, string>)['X-Access-Token']).toBe('tok-1');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('code 200 without data resolves an empty object; no token means no token header; lang follows the device', async () => {
    vi.stubGlobal('navigator', { ...navigator, language: 'zh-TW' });
    const fetchMock = answer({ code: 200, msg: 'ok' });
    vi.stubGlobal('fetch', fetchMock);

    const outcome = await press();

    expect(outcome.current).toEqual({ state: 'resolved', value: {} });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.body as URLSearchParams).get('lang')).toBe('zh-Hant');
    expect((init.headers as Record<string, string>)['X-Access-Token']).toBeUndefined();
  });

  it('code -1 clears the session, goes to the login page and never settles', async () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('userInfo', JSON.stringify(user));
    localStorage.setItem('lang', 'en');
    vi.stubGlobal('fetch', answer({ code: -1, msg: 'Please sign in again', data: {} }));

    const outcome = await press({ catch: true });

    expect(outcome.current.state).toBe('pending');
    expect(screen.getByRole('button').textContent).toBe('calling');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('en');
    expect(location.hash).toBe(`#${ROUTES.login}`);
    expect(new URLSearchParams(location.search).get('expired')).toBe('1');
  });

  it('another code shows msg as a toast and stays pending', async () => {
    vi.stubGlobal('fetch', answer({ code: 1205, msg: 'Wrong email or password', data: {} }));

    const outcome = await press();

    expect(await screen.findByText('Wrong email or password')).toBeTruthy();
    expect(outcome.current.state).toBe('pending');
    expect(location.hash).toBe('#/pages/mine/mine');
  });

  it('another code shows no toast when the call turned toasts off', async () => {
    vi.stubGlobal('fetch', answer({ code: 1206, msg: 'The current password is wrong', data: {} }));

    const outcome = await press({ toast: false });
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(screen.queryByText('The current password is wrong')).toBeNull();
    expect(outcome.current.state).toBe('pending');
  });

  it('another code rejects with an ApiError when the call opted to catch', async () => {
    vi.stubGlobal('fetch', answer({ code: 1203, msg: 'This email is already registered', data: {} }));

    const outcome = await press({ catch: true });

    expect(outcome.current.state).toBe('rejected');
    const error = (outcome.current as { error: { name: string; code: number; message: string } }).error;
    expect(error).toMatchObject({ name: 'ApiError', code: 1203, message: 'This email is already registered' });
    expect(await screen.findByText('This email is already registered')).toBeTruthy();
  });

  it('a network failure shows a localized toast and follows the same reject rule', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );

    const quiet = await press();
    expect(quiet.current.state).toBe('pending');
    expect(await screen.findByText('Network error, please check your connection')).toBeTruthy();
    cleanup();

    const caught = await press({ catch: true, toast: false });
    expect(caught.current.state).toBe('rejected');
  });

  it('gives up after 60 s with a timeout toast', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const settled = vi.fn();
    const failed = vi.fn();
    api(API.getInfo, {}, { catch: true }).then(settled, failed);

    await vi.advanceTimersByTimeAsync(59_000);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(failed).toHaveBeenCalledOnce();
    expect(failed.mock.calls[0]?.[0]).toMatchObject({ code: 0, message: 'The request timed out, please try again' });
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByText('The request timed out, please try again')).toBeTruthy());
    expect(settled).not.toHaveBeenCalled();
  });

  it('an answer that is not an envelope is a server error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const outcome = await press({ catch: true });
    expect(outcome.current.state).toBe('rejected');
    expect(await screen.findByText('The server could not answer, please try again later')).toBeTruthy();
  });

  it('upload posts multipart with the file, lang and token, under the same envelope rules', async () => {
    localStorage.setItem('token', 'tok-2');
    const fetchMock = answer({ code: 200, msg: 'ok', data: { id: 4, url: '/uploads/x.png' } });
    vi.stubGlobal('fetch', fetchMock);
    const file = new File(['png'], 'proof.png', { type: 'image/png' });

    await expect(upload(API.upload, file, { catch: true })).resolves.toEqual({ id: 4, url: '/uploads/x.png' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(API.upload);
    expect(init.body).toBeInstanceOf(FormData);
    expect(((init.body as FormData).get('file') as File).name).toBe('proof.png');
    expect((init.body as FormData).get('lang')).toBe('en');
    expect((init.headers as Record<string, string>)['X-Access-Token']).toBe('tok-2');
    expect(init.signal).toBeInstanceOf(AbortSignal);

    vi.stubGlobal('fetch', answer({ code: 1409, msg: 'The image may be at most 5 MB', data: {} }));
    await expect(upload(API.upload, file, { catch: true })).rejects.toMatchObject({ code: 1409 });
    expect(await screen.findByText('The image may be at most 5 MB')).toBeTruthy();
  });

  it('download resolves a file answer as a Blob and an envelope answer as the usual error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('a,b\n1,2\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } })),
    );
    const file = await download(API.assetLogExport, {}, { catch: true });
    expect(await file.text()).toBe('a,b\n1,2\n');

    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 1004, msg: 'Too many requests, please try again later', data: {} }), {
            headers: { 'content-type': 'application/json; charset=utf-8' },
          }),
      ),
    );
    const failed = download(API.assetLogExport, {}, { catch: true });
    await expect(failed).rejects.toBeInstanceOf(ApiError);
    expect(await screen.findByText('Too many requests, please try again later')).toBeTruthy();
  });
});
