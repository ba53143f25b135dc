import { API } from '@c2c/shared';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signIn, user } from '../test/app';
import { fakeServer } from '../test/fetch';
import { LanguageSheet } from './language-sheet';

const choose = async (name: string) => {
  render(<LanguageSheet visible onClose={() => undefined} />);
  fireEvent.click(await screen.findByText(name));
  fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
};

afterEach(async () => {
  Dialog.clear();
  Toast.clear();
  vi.unstubAllGlobals();
  await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
});

describe('language popup', () => {
  it('stores the chosen language on the account before the app restarts in it', async () => {
    signIn('t');
    const server = fakeServer({ [API.setLang]: (body) => ({ code: 200, data: { ...user, lang: body.get('lang') } }) });
    await choose('Deutsch');
    await waitFor(() => expect(localStorage.getItem('lang')).toBe('de'));
    expect(server.bodies(API.setLang)).toHaveLength(1);
    expect(server.bodies(API.setLang)[0]?.get('lang')).toBe('de');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').lang).toBe('de');
  });

  it('keeps the language when the account cannot store it', async () => {
    signIn('t');
    fakeServer({ [API.setLang]: () => ({ code: 1100, msg: 'Invalid value' }) });
    await choose('日本語');
    expect(await screen.findByText('Invalid value')).toBeTruthy();
    expect(localStorage.getItem('lang')).toBeNull();
  });

  it('closes without asking when the current language is tapped', async () => {
    const onClose = vi.fn();
    const server = fakeServer({});
    render(<LanguageSheet visible onClose={onClose} />);
    fireEvent.click(await screen.findByText('English'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(server.calls).toHaveLength(0);
  });

  it('signed out, only the device remembers it (sign-in stores it on the account)', async () => {
    const server = fakeServer({});
    await choose('繁體中文');
    await waitFor(() => expect(localStorage.getItem('lang')).toBe('zh-Hant'));
    expect(server.calls).toHaveLength(0);
  });
});
