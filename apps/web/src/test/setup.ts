import { Globals } from '@react-spring/web';
import { cleanup, configure, waitFor } from '@testing-library/react';
import Dialog from 'antd-mobile/es/components/dialog';
import Toast from 'antd-mobile/es/components/toast';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { initI18n } from '../lib/i18n';
import { FakeWebSocket } from './fake-websocket';

// antd-mobile's dialogs, popups and masks animate with react-spring, whose frames jsdom runs on a timer. A dialog
// closed before its opening spring's first frame (a test that presses its button at once, on a busy machine) never
// hears its spring rest, so antd-mobile never unmounts it: it stays, invisible, holding the page's scroll lock, and
// the next test's "no dialog" fails (CI failed so, in the dialog and Hall tests). In tests every spring ends at once:
// what a test checks is what the dialog says and does, not its fade.
Globals.assign({ skipAnimation: true });

// Signed-in screens open /ws; tests play its server through FakeWebSocket instead of dialling a real one.
globalThis.WebSocket = FakeWebSocket as unknown as typeof WebSocket;

// The first test of a file waits for Vite to transform the lazily loaded page chunks.
configure({ asyncUtilTimeout: 3000 });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  FakeWebSocket.instances = [];
});

// A toast or dialog still open at the end of a file closes with an animation whose last step updates React; after jsdom
// is gone that is "window is not defined" from React's scheduler (seen on busy machines). Close them and wait until
// every overlay has left the page, so nothing of this file renders after it.
const OVERLAYS = '.adm-toast-mask, .adm-mask, .adm-dialog, .adm-center-popup-wrap, .adm-popup, .adm-image-viewer-content';
afterAll(async () => {
  Toast.clear();
  Dialog.clear();
  await waitFor(() => expect(document.querySelector(OVERLAYS)).toBeNull(), { timeout: 5000 });
  await new Promise((resolve) => setTimeout(resolve, 50));
});
