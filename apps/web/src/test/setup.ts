import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { setupAntdRender } from '../lib/antd-render';
import { initI18n } from '../lib/i18n';

// The first test of a file waits for Vite to transform the lazily loaded page chunks.
configure({ asyncUtilTimeout: 3000 });

beforeAll(async () => {
  setupAntdRender();
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
