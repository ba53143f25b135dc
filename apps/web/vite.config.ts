import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = 'http://127.0.0.1:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically is one first-visit chunk. Automatic common chunks would otherwise mix entry
          // code with code only lazy pages use (the toast's animation library), and the first visit would preload it all.
          // The entry's files import antd-mobile by component path, so the library's barrel does not count as initial.
          groups: [
            { name: 'app', tags: ['$initial'], includeDependenciesRecursively: false },
            // The signed-in shell's icons in one piece: the tab bar (lazy: a visitor's sign-in has none) with its icons and
            // antd parts, and the icons Home shares with other pages. Every tab page loads it anyway, and one chunk
            // compresses better than the half dozen small ones automatic splitting would make of it.
            {
              name: 'tab-bar',
              test: /src[\\/]app[\\/]tab-bar|antd-mobile[\\/]es[\\/]components[\\/](tab-bar|badge|safe-area)[\\/]|antd-mobile-icons[\\/]es[\\/](AppOutline|BillOutline|UnorderedListOutline|UserOutline|PayCircleOutline|MessageOutline|FileOutline)\.js/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
