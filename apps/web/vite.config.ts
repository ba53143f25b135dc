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
          groups: [{ name: 'app', tags: ['$initial'], includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
