import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const server = 'http://127.0.0.1:8080';

/**
 * antd-mobile-icons draws its paths with 8-digit coordinates on a 48-unit grid and tags every element with a design
 * tool's id (repeated in the page wherever an icon shows twice; nothing refers to them). Coordinates rounded to 2
 * decimals (a move of at most 1/9600 of the icon) and no ids draw the same icons with 40% fewer bytes.
 */
function compactIcons(): Plugin {
  const decimal = /\d*\.\d+/g;
  const round = (path: string) =>
    // A number right after another one (`3.999.5`) is split by a space, so `4` and `0.5` do not merge into `40.5`.
    path.replace(decimal, (n, at: number) => (/\d/.test(path[at - 1] ?? '') ? ' ' : '') + String(Number(Number(n).toFixed(2))));
  return {
    name: 'compact-antd-mobile-icons',
    apply: 'build',
    transform: {
      filter: { id: /antd-mobile-icons[\\/]es[\\/]\w+\.js$/ },
      handler: (code) => code.replace(/\bd: "([^"]*)"/g, (_, d: string) => `d: "${round(d)}"`).replace(/\s*\bid: "[^"]*",?/g, ''),
    },
  };
}

/**
 * The entry's stylesheet is preloaded instead of linked: a linked one would hold the first paint (index.html's launch
 * screen, which has its own inline styles) until it arrived. main.tsx applies it and renders the app once it has.
 */
function nonBlockingStyles(): Plugin {
  return {
    name: 'non-blocking-app-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<link rel="stylesheet"( crossorigin)? href="(\/assets\/index-[\w-]+\.css)">/,
          '<link rel="preload" as="style"$1 href="$2" data-app-styles>',
        ),
    },
  };
}

/**
 * Vite's preload helper adds a `<link>` for every file a lazy chunk needs, all in one go: opening the Hall, dozens of
 * them in a single task, each one a request the main thread starts (a long task on a slow phone). Here the
 * links go in a few at a time, a task apiece, in the same order (the stylesheets' cascade is unchanged). Nothing waits
 * on a script's link (the chunk's own import fetches what is not there yet); a stylesheet's is awaited as before.
 */
function batchedPreloadLinks(): Plugin {
  const append = 'document.head.appendChild(link);';
  return {
    name: 'batched-preload-links',
    apply: 'build',
    transform: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler(code) {
        if (!code.includes(append)) this.error(`vite's preload helper changed: no \`${append}\` to batch`);
        return `${code.replace(append, 'appendLinkSoon(link);')}
const linkQueue = [];
const LINKS_PER_TASK = 4;
function appendLinks() {
  for (const link of linkQueue.splice(0, LINKS_PER_TASK)) document.head.appendChild(link);
  if (linkQueue.length > 0) setTimeout(appendLinks, 0);
}
function appendLinkSoon(link) {
  if (linkQueue.push(link) === 1) setTimeout(appendLinks, 0);
}
`;
      },
    },
  };
}

// The dark theme's page colour (index.html), also the installed app's splash and bar.
const background = '#0f1220';

/**
 * Installable app: the manifest and a service worker that precaches the app shell (HTML, scripts, styles, fonts,
 * icons), so the app opens offline. Nothing the server computes is ever cached: no runtime caching at all, and the
 * shell answers no navigation outside the app (API, uploads, live updates, console, metrics). lib/pwa.ts registers the
 * worker; a new version waits until no tab of the app is open and so takes over on the next visit, never mid-visit.
 */
const pwa = VitePWA({
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg'],
  manifest: {
    id: '/',
    name: 'C2C',
    short_name: 'C2C',
    description: 'Buy and sell USDT',
    // The hash router keeps every page under `/`: the app starts on its launch route and stays in scope.
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: background,
    background_color: background,
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{html,js,css,svg,png,woff,woff2,webmanifest}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//, /^\/ws(\/|$)/, /^\/admin(\/|$)/, /^\/metrics(\/|$)/],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    // A first install controls the open page at once (nothing older to clash with); an update waits (no skipWaiting).
    clientsClaim: true,
    skipWaiting: false,
    // Lazy pages and language chunks are part of the shell: every page must open offline.
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

export default defineConfig({
  base: '/',
  plugins: [react(), compactIcons(), nonBlockingStyles(), batchedPreloadLinks(), pwa],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/uploads': { target: server, changeOrigin: true },
      '/ws': { target: server, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // Every browser of the es2022 target preloads modules natively (Safari since 17); older ones fetch on import.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically is one first-visit chunk. Automatic common chunks would otherwise mix entry
          // code with code only lazy pages use (the toast's animation library), and the first visit would preload it all.
          // The entry's files import antd-mobile by component path, so the library's barrel does not count as initial.
          groups: [
            { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false },
            // antd-mobile's overlays (toast, dialog, popup and their mask) with their animation library, react-spring, in
            // a chunk only lib/toast and lib/dialog's first call (or a page with a popup) loads. Left to automatic
            // splitting, small helpers a list page needs at once (InfiniteScroll's scroll parent, ahooks' hooks) shared a
            // chunk with them, and the Hall, Orders and My loaded and ran react-spring before they showed.
            {
              name: 'overlays',
              test: /[\\/]@react-spring[\\/]|antd-mobile[\\/]es[\\/]components[\\/](toast|dialog|mask|popup|center-popup|auto-center|spin-loading|image)[\\/]|antd-mobile[\\/]es[\\/]utils[\\/](render-imperatively|render-to-body|render-to-container|get-container|use-lock-scroll|use-touch|should-render|use-initialized|with-stop-propagation|reduce-and-restore-motion|use-inner-visible)\.js$/,
              includeDependenciesRecursively: false,
            },
            // The signed-in shell's icons in one piece: the tab bar (lazy: a visitor's sign-in has none) with its icons and
            // antd parts, and the icons Home shares with other pages. Every tab page loads it anyway, and one chunk
            // compresses better than the half dozen small ones automatic splitting would make of it.
            {
              name: 'tab-bar',
              test: /src[\\/]app[\\/]tab-bar|antd-mobile[\\/]es[\\/]components[\\/](tab-bar|badge|safe-area)[\\/]|antd-mobile-icons[\\/]es[\\/](AppOutline|BillOutline|UnorderedListOutline|UserOutline|PayCircleOutline|MessageOutline|FileOutline)\.js/,
              includeDependenciesRecursively: false,
            },
            // The first pages each in one piece instead of a dozen small chunks: on a slow network every extra script is
            // another round trip before the page shows (six at a time over HTTP/1.1), and each one the page preloads
            // costs a tag inserted on the main thread. Each group holds only what its page needs; later pages that share
            // a piece (forms, amounts) import it from there.
            {
              name: 'first-pages',
              test: /antd-mobile[\\/]es[\\/](locales[\\/]base|utils[\\/](merge-locale|use-props-value))\.js$|ahooks[\\/]es[\\/](utils|useMemoizedFn|useUpdate)[\\/]index\.js$|src[\\/]lib[\\/](money|intl)\.ts$|shared[\\/]src[\\/]money\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'sign-in',
              test: /src[\\/]features[\\/]auth[\\/](login-page|auth-header|api)\.tsx?$|src[\\/]components[\\/](field|password-input|submit-button|language-picker)\.tsx$|src[\\/]lib[\\/](use-form-state|use-guarded-action|error-text|validate)\.ts$|shared[\\/]src[\\/]errors\.ts$|antd-mobile[\\/]es[\\/]components[\\/]input[\\/]|antd-mobile-icons[\\/]es[\\/](GlobalOutline|EyeOutline|EyeInvisibleOutline|CloseCircleFill)\.js$|antd-mobile[\\/]es[\\/]utils[\\/]bound\.js$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'home',
              test: /src[\\/]features[\\/]home[\\/]|src[\\/]components[\\/](history-list|money-text|icons)\.tsx$|antd-mobile[\\/]es[\\/]utils[\\/](attach-properties-to-component|traverse-react-node)\.js$|react-is[\\/]/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
