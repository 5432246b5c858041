import { test as base, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getBank } from '@koza/domain/banks/banks';
import type { BankCode } from '@koza/domain/constants';
import { apiServer, ekycSimServer, nodeBin, repoRoot, webDistDir } from './paths.ts';

/** One API + web server per Playwright worker, with its own SQLite database. */
export interface WorkerServer {
  port: number;
  /** http://127.0.0.1:<port>, for calls that do not depend on the bank (Node cannot resolve *.localhost). */
  origin: string;
  /** The bank's development host on this worker's port, e.g. http://fukuoka.localhost:41234 (Chromium resolves *.localhost). */
  baseURLFor(bankCode: BankCode): string;
  /** The eKYC simulator of this worker (apps/ekyc-sim, its own port, in-memory database): http://127.0.0.1:<port>. */
  ekycOrigin: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(origin: string, child: ChildProcess, logFile: string, timeoutMs: number, healthPath = '/api/health'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: string | null = null;
  child.once('exit', (code, signal) => {
    exited = `exited with ${code ?? signal}`;
  });
  while (Date.now() < deadline) {
    if (exited) break;
    try {
      const response = await fetch(`${origin}${healthPath}`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const log = await readFile(logFile, 'utf8').catch(() => '');
  throw new Error(`server ${exited ?? `did not answer ${origin}${healthPath} within ${timeoutMs} ms`}\n--- server log (tail) ---\n${log.slice(-4000)}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

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
  { baseURLFor: WorkerServer['baseURLFor']; ekycOrigin: string; browserProblems: string[] },
  { server: WorkerServer; apiEnv: Record<string, string> }
>({
  /** Extra environment of the worker's API server: `test.use({ apiEnv: { … } })` gets its own worker. */
  apiEnv: [{}, { scope: 'worker', option: true }],
  server: [
    async ({ apiEnv }, use, workerInfo) => {
      const dir = await mkdtemp(join(tmpdir(), 'koza-e2e-'));
      const logs: ReturnType<typeof createWriteStream>[] = [];
      const started: ChildProcess[] = [];
      /**
       * Starts a server on a free port and waits for its health answer. The port is free when chosen
       * but the server binds it only after loading its reference data: on a busy machine another
       * process can take it meanwhile, so a start that fails with EADDRINUSE is tried on another port.
       */
      const start = async (name: string, script: string, env: (port: number) => Record<string, string>, healthPath: string) => {
        for (let attempt = 1; ; attempt++) {
          const port = await freePort();
          const logFile = join(dir, `${name}-${attempt}.log`);
          const log = createWriteStream(logFile);
          logs.push(log);
          const child = spawn(nodeBin, [script], { cwd: repoRoot, env: { ...process.env, ...env(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
          started.push(child);
          child.stdout?.pipe(log);
          child.stderr?.pipe(log);
          try {
            await waitForHealth(`http://127.0.0.1:${port}`, child, logFile, 60_000, healthPath);
            return port;
          } catch (error) {
            const portTaken = (await readFile(logFile, 'utf8').catch(() => '')).includes('EADDRINUSE');
            if (!portTaken || attempt === 3) throw error;
          }
        }
      };
      const logLevel = process.env.E2E_SERVER_LOG_LEVEL ?? 'warn';
      try {
        // The eKYC simulator first: the API is told where it is (EKYC_PROVIDER_URL).
        const simPort = await start(
          'ekyc-sim',
          ekycSimServer,
          (port) => ({
            NODE_ENV: 'test',
            HOST: '127.0.0.1',
            PORT: String(port),
            PUBLIC_URL: `http://localhost:${port}`,
            SIM_DATABASE: ':memory:',
            LOG_LEVEL: logLevel,
          }),
          '/health',
        );
        const ekycOrigin = `http://127.0.0.1:${simPort}`;
        const port = await start(
          'server',
          apiServer,
          (port) => ({
            NODE_ENV: 'test',
            HOST: '127.0.0.1',
            PORT: String(port),
            DATABASE_URL: `sqlite:${join(dir, `w${workerInfo.workerIndex}.sqlite`)}`,
            WEB_DIST_DIR: webDistDir,
            EKYC_PROVIDER_URL: ekycOrigin,
            // Where the simulator sends its signed result webhook.
            PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
            LOG_LEVEL: logLevel,
            ...apiEnv,
          }),
          '/api/health',
        );
        await use({
          port,
          origin: `http://127.0.0.1:${port}`,
          ekycOrigin,
          baseURLFor: (bankCode) => `http://${getBank(bankCode).devHost}:${port}`,
        });
      } finally {
        for (const child of started.reverse()) await stop(child);
        for (const log of logs) log.end();
        if (process.env.E2E_KEEP_SERVER_DIR) console.log(`[e2e] worker ${workerInfo.workerIndex} server files kept in ${dir}`);
        else await rm(dir, { recursive: true, force: true });
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
});

export { expect };
