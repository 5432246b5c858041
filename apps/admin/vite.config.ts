import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The back office's own build (issue 14): served by the API under /admin with a CSP of its own,
// so nothing of it ever reaches the applicant's bundle (apps/web).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['es2022', 'chrome111', 'edge111', 'firefox115', 'safari16'],
    // CSP: no inline scripts or styles, no data: URLs.
    assetsInlineLimit: 0,
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
