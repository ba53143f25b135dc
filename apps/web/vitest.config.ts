import os from 'node:os';
import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Resolve packages as the browser build does (ES builds): antd-mobile's CommonJS build would be a second copy
    // whose imperative render (Dialog, Toast) is not the one set up for React 19.
    resolve: { mainFields: ['browser', 'module', 'main'] },
    test: {
      environment: 'jsdom',
      // every core: Vitest's default leaves one idle, on a 2-core machine running the files one at a time
      maxWorkers: os.availableParallelism(),
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      // antd-mobile's ES build imports its CSS; Node cannot load that, Vite can.
      server: { deps: { inline: ['antd-mobile'] } },
    },
  }),
);
