import { TOAST_MS } from '@c2c/shared';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { confirm, showDialog } from './dialog';
import { showSuccess, showToast } from './toast';

// lib/toast and lib/dialog load antd-mobile's Toast and Dialog on their first call (no page loads them to show): the
// call sites keep what they had, the same texts and durations, and a confirmation still holds the action until answered.

// what the first call loads, loaded before the tests: on a busy machine its first transform and evaluation took longer
// than the tests' 3 s wait for the first dialog, and the tests after it failed with it
beforeAll(() => Promise.all([import('./antd-render'), import('antd-mobile/es/components/dialog')]), 30_000);

afterEach(async () => {
  vi.restoreAllMocks();
  Dialog.clear();
  Toast.clear();
  // a closing dialog fades out first (antd-mobile's spring): on a busy machine longer than waitFor's default second
  await waitFor(() => expect(document.querySelector('.adm-dialog, .adm-toast-mask')).toBeNull(), { timeout: 5_000 });
});

const button = (name: string) => screen.findByRole('button', { name });

describe('confirm', () => {
  it('shows the texts and holds the caller until confirmed: true', async () => {
    let answer: boolean | undefined;
    const asked = confirm({ title: 'Cancel the listing?', content: '12.50 USDT go back', confirmText: 'Yes', cancelText: 'No' });
    void asked.then((ok) => (answer = ok));
    expect(await screen.findByText('Cancel the listing?')).toBeTruthy();
    expect(screen.getByText('12.50 USDT go back')).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(answer).toBeUndefined();
    fireEvent.click(await button('Yes'));
    expect(await asked).toBe(true);
  });

  it('answers false when cancelled', async () => {
    const asked = confirm({ content: 'Log out?', confirmText: 'Confirm', cancelText: 'Cancel' });
    fireEvent.click(await button('Cancel'));
    expect(await asked).toBe(false);
  });

  it('answers false and closes when the page is left (the back button, a link) while it is open', async () => {
    const asked = confirm({ content: 'Log out?', confirmText: 'Confirm', cancelText: 'Cancel' });
    expect(await screen.findByText('Log out?')).toBeTruthy();
    window.location.hash = '#/pages/mine/security/devices';
    expect(await asked).toBe(false);
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5_000 });
  }, 15_000);

  it('passes the props to antd-mobile unchanged', async () => {
    const spy = vi.spyOn(Dialog, 'confirm');
    const props = { content: 'Sure?', confirmText: 'Go', cancelText: 'Stop' };
    const asked = confirm(props);
    fireEvent.click(await button('Go'));
    await asked;
    expect(spy).toHaveBeenCalledWith(props);
  });
});

describe('showDialog', () => {
  it('shows the actions, which answer through their callbacks', async () => {
    const onClick = vi.fn();
    await showDialog({
      title: 'End the session?',
      closeOnAction: true,
      actions: [[{ key: 'end', text: 'End', danger: true, onClick }]],
    });
    expect(await screen.findByText('End the session?')).toBeTruthy();
    fireEvent.click(await button('End'));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is closed, its onClose called, when the page is left', async () => {
    const onClose = vi.fn();
    const onClick = vi.fn();
    await showDialog({ title: 'Remove the account?', onClose, actions: [[{ key: 'remove', text: 'Remove', onClick }]] });
    expect(await screen.findByText('Remove the account?')).toBeTruthy();
    window.location.hash = '#/pages/mine/mine';
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5_000 });
    expect(onClick).not.toHaveBeenCalled();
  }, 15_000);
});

describe('toasts', () => {
  it('shows the text for TOAST_MS', async () => {
    const spy = vi.spyOn(Toast, 'show');
    showToast('Network error');
    expect(await screen.findByText('Network error')).toBeTruthy();
    expect(spy).toHaveBeenCalledWith({ content: 'Network error', duration: TOAST_MS });
  });

  it('shows a success with its icon for TOAST_MS', async () => {
    const spy = vi.spyOn(Toast, 'show');
    showSuccess('Saved');
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(spy).toHaveBeenCalledWith({ icon: 'success', content: 'Saved', duration: TOAST_MS });
  });
});
