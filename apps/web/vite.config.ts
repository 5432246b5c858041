import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['es2022', 'safari16', 'chrome111'],
    // Keep every asset a separate file: CSP forbids inline scripts and styles (img-src data: is fine).
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // zod and our zod config in one chunk of their own: every chunk that defines schemas
            // imports it, so `z.config({ jitless: true })` runs before any schema is built, whatever
            // the order the shared chunks evaluate in (CSP: no eval, see src/lib/zod-config.ts).
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/]lib[\\/]zod-config\.ts$/ },
          ],
        },
      },
    },
  },
  css: {
    modules: { localsConvention: 'camelCaseOnly' },
  },
  server: {
    port: 5173,
    // Bank hosts (fukuoka.localhost …) must reach the dev server too.
    allowedHosts: ['.localhost'],
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/__dev': { target: apiTarget, changeOrigin: false },
    },
  },
});
