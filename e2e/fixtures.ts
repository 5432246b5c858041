import { test as base, expect } from '@playwright/test';
import { startServers, type WorkerServer } from './servers.ts';

/**
 * What the browser reports as broken while a test runs: a script error (React's hydration errors
 * among them), an error logged to the console, or a hydration warning. Chromium's own lines for a
 * response with an error status ("Failed to load resource") are left out: tests provoke those on
 * purpose, and what the page does with them is what the tests assert.
 */
function isBrowserProblem(type: string, text: string): boolean {
  if (/hydrat/i.test(text)) return true;
  return type === 'error' && !text.startsWith('Failed to load resource');
}

export const test = base.extend<
  { baseURLFor: WorkerServer['baseURLFor']; ekycOrigin: string; idpOrigin: string; browserProblems: string[] },
  { server: WorkerServer; apiEnv: Record<string, string> }
>({
  /** Extra environment of the worker's API server: `test.use({ apiEnv: { … } })` gets its own worker. */
  apiEnv: [{}, { scope: 'worker', option: true }],
  /** One API + web server per Playwright worker (servers.ts), with its own SQLite database. */
  server: [
    async ({ apiEnv }, use, workerInfo) => {
      const server = await startServers({ apiEnv, name: `w${workerInfo.workerIndex}` });
      try {
        await use(server);
      } finally {
        await server.close();
      }
    },
    { scope: 'worker', timeout: 200_000 },
  ],
  /** Every test fails on a browser problem (isBrowserProblem) in any page of its context. */
  browserProblems: [
    async ({ context }, use) => {
      const problems: string[] = [];
      context.on('weberror', (error) => problems.push(`pageerror: ${error.error().message}`));
      context.on('console', (message) => {
        if (!isBrowserProblem(message.type(), message.text())) return;
        const { url, lineNumber } = message.location();
        problems.push(`console.${message.type()}: ${message.text()} (${url}:${lineNumber})`);
      });
      await use(problems);
      expect(problems, 'script errors, console errors or hydration warnings in the browser').toEqual([]);
    },
    { auto: true },
  ],
  baseURLFor: async ({ server }, use) => {
    await use(server.baseURLFor);
  },
  ekycOrigin: async ({ server }, use) => {
    await use(server.ekycOrigin);
  },
  /** The worker's staff identity provider (apps/dev-idp): each bank's issuer under /<code>. */
  idpOrigin: async ({ server }, use) => {
    await use(server.idpOrigin);
  },
});

export { expect };
