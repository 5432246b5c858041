import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The back office's own build (issue 14): served by the API under /admin with a CSP of its own,
// so nothing of it ever reaches the applicant's bundle (apps/web).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Every import of 'zod' (the domain's schemas, the screens') resolves to src/zod-config.ts, which
 * configures zod without JIT (CSP: no eval) and re-exports it: the screens are chunks of their own
 * (docs/decisions/0214-back-office-split-by-route.md), and whatever chunk defines a schema, zod is
 * configured before it runs. The same as apps/web's vite.config.ts.
 */
function zodWithoutJit(): Plugin {
  const configured = fileURLToPath(new URL('./src/zod-config.ts', import.meta.url));
  return {
    name: 'koza:zod-without-jit',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'zod' && importer !== configured) return configured;
      return null;
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/admin/',
  plugins: [react(), zodWithoutJit()],
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
