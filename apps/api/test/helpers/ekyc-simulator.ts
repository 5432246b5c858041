import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

// The REAL eKYC simulator (apps/ekyc-sim) as its own process on a free port, with an in-memory
// database: the API talks to it over HTTP exactly as in production. Nothing of it is imported.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
export const simApiKey = 'dev-ekyc-api-key';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What the simulator's API answers (its own contract, apps/ekyc-sim/README.md). */
export interface SimAnswer {
  [key: string]: unknown;
  sessionId?: string;
  reference?: string;
  method?: string;
  status?: string;
}

export interface RunningSimulator {
  url: string;
  /** Calls the simulator's own API with the key. */
  call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: SimAnswer }>;
  stop(): Promise<void>;
}

export async function startSimulator(): Promise<RunningSimulator> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['apps/ekyc-sim/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SIM_DATABASE: ':memory:',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`eKYC simulator exited (${child.exitCode}): ${stderr}`);
    try {
      const r = await fetch(`${url}/health`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`eKYC simulator did not start: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async call(method, path, body) {
      const r = await fetch(`${url}${path}`, {
        method,
        headers: { 'x-api-key': simApiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: r.status, json: (await r.json()) as SimAnswer };
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}
