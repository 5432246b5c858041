import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { emptyWebDist } from './app.ts';

// Real API processes (apps/api/src/server.ts, exactly what production runs) on real ports: the
// scale-out tests start several on one database and talk to them over HTTP. Nothing is shared
// between them but the database and the configuration, as between machines.

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

export interface ApiInstance {
  name: string;
  url: string;
  port: number;
  /** Everything the process wrote (JSON log lines on stdout, start-up lines). */
  output(): string;
  exitCode(): number | null;
  stop(): Promise<void>;
}

export interface StartOptions {
  name: string;
  port: number;
  databaseUrl: string;
  env?: Record<string, string>;
}

/** Spawns server.ts; resolves once the process is spawned (see waitUntilHealthy). */
export function spawnInstance({ name, port, databaseUrl, env = {} }: StartOptions): ApiInstance {
  const child: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      WEB_DIST_DIR: emptyWebDist(),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exitCode: () => child.exitCode,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Waits until GET /api/health answers 200, failing early when the process exits. */
export async function waitUntilHealthy(instance: ApiInstance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (instance.exitCode() !== null) throw new Error(`${instance.name} exited (${instance.exitCode()}):\n${instance.output()}`);
    try {
      if ((await fetch(`${instance.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${instance.name} did not become healthy:\n${instance.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits for a child process (started elsewhere) to exit; resolves to its exit code and output. */
export function runToExit(args: string[], env: Record<string, string>, timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${args.join(' ')} did not exit within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** JSON log lines of an instance's output (start-up lines printed as plain text are skipped). */
export function jsonLines(output: string): Record<string, unknown>[] {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A counter's value from Prometheus text (sum over the series whose labels include `labels`). */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    sum += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return sum;
}
