import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '../lib/i18n';
import { FakeWebSocket } from './fake-websocket';

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
