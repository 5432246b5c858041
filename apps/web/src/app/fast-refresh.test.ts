import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';

// Fast Refresh on the dev server (issue 22): @vitejs/plugin-react turns every screen module into a
// refresh boundary, so an edit to a screen is swapped in place, with its state, without a page reload.
// A module that also exported something other than components would not be a boundary: an edit
// would reload the page. Each screen module, as the dev server serves it, must register its
// components with the refresh runtime and accept its own updates.

const webRoot = resolve(import.meta.dirname, '../..');
let server: ViteDevServer;

beforeAll(async () => {
  server = await createServer({ root: webRoot, configFile: `${webRoot}/vite.config.ts`, logLevel: 'silent', server: { middlewareMode: true, ws: false } });
});
afterAll(async () => {
  await server?.close();
});

const screenModules = readdirSync(`${webRoot}/src/screens`, { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile() && e.name.endsWith('-screen.tsx'))
  .map((e) => `/${`${e.parentPath}/${e.name}`.slice(webRoot.length).replace(/^\/+/, '')}`);

it('finds the screens', () => {
  expect(screenModules.length).toBeGreaterThan(20);
  expect(screenModules).toContain('/src/screens/term/term-screen.tsx');
});

it.each(screenModules)('serves %s as a Fast Refresh boundary', async (path) => {
  const result = await server.transformRequest(path);
  const code = result?.code ?? '';
  expect(code).toContain('$RefreshReg$');
  expect(code).toMatch(/import\.meta\.hot\.accept/);
});
