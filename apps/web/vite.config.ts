import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { allBanks } from '@koza/domain/banks/banks';
import { precompress } from './precompress.ts';
import { prerenderPages } from './prerender-pages.ts';
import { bankThemesCss } from './src/lib/theme.ts';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Every import of 'zod' in the web's build (the domain's schemas, the web's) resolves to
 * src/lib/zod-config.ts, which configures zod without JIT (CSP: no eval) and re-exports it: zod is
 * configured before any module that uses it runs, and it is loaded only with a chunk that uses it.
 */
function zodWithoutJit(): Plugin {
  const configured = fileURLToPath(new URL('./src/lib/zod-config.ts', import.meta.url));
  return {
    name: 'koza:zod-without-jit',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'zod' && importer !== configured) return configured;
      return null;
    },
  };
}

/** Every bank's palette as a stylesheet (src/lib/theme.ts), bundled with the web's CSS. */
function bankThemes(): Plugin {
  const id = 'virtual:bank-themes.css';
  const resolved = `\0${id}`;
  return {
    name: 'koza:bank-themes',
    resolveId: (source) => (source === id ? resolved : null),
    load: (loaded) => (loaded === resolved ? bankThemesCss(allBanks) : null),
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), zodWithoutJit(), bankThemes(), precompress(), prerenderPages()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: ['es2022', 'safari16', 'chrome111'],
    // Keep every asset a separate file: CSP forbids inline scripts and styles (img-src data: is fine).
    assetsInlineLimit: 0,
    rolldownOptions: {
      // React Query's "use client" marks mean nothing to a client-only build.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        codeSplitting: {
          groups: [
            // zod and our zod config in one chunk of their own, shared by the chunks that define
            // schemas (none of the first page's: docs/decisions/0170-first-screen-without-zod.md).
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
