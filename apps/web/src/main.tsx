import 'antd-mobile/es/global';
import './styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { firstPageReady, preloadFirstPage } from './app/layout';
import { initI18n } from './lib/i18n';
import { applyMotionPreference } from './lib/motion';
import { registerServiceWorker } from './lib/pwa';
import { keepReconnecting } from './lib/reconnect';
import { applyTheme, getTheme } from './lib/theme';

/**
 * Resolves once the browser has painted index.html's launch screen (a frame later), so the app's start-up work never
 * delays the first paint. A hidden page paints no frames: it starts at once.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState !== 'visible') resolve();
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/** Resolves in a task of its own, after what the browser has waiting (input, a frame). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The app's stylesheet, which the build links as a preload (vite.config.ts) so the launch screen needs no stylesheet to
 * show: applied here, and the first render waits for it. The development server injects styles itself: no link.
 */
function applyAppStyles(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    // without the stylesheet the app is plain but usable: better than no app
    link.addEventListener('error', () => resolve(), { once: true });
    link.rel = 'stylesheet';
  });
}

applyTheme(getTheme());
afterFirstPaint().then(async () => {
  registerServiceWorker();
  keepReconnecting();
  preloadFirstPage();
  // the motion setting is not waited for: nothing moves at the first render, and those who asked for less motion
  // should not get a later first page for it
  void applyMotionPreference();
  await Promise.all([initI18n(), applyAppStyles()]);
  // the launch screen stays until the first page can be drawn whole (no spinner in between)
  await firstPageReady();
  // i18n's set-up and React's root are each a long piece of work on a phone: a task apiece, not one task for both.
  await nextTask();
  const root = document.getElementById('root');
  if (!root) return;
  // The first render replaces the launch screen. As a transition, React renders it in slices and gives the main
  // thread back between them, so no long task keeps a tap waiting on a slow phone.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
