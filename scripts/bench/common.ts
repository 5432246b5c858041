// Shared by the sections of `npm run bench` (scripts/bench.ts): processes, ports, load runs, memory.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const durationSeconds = Number(process.env.BENCH_DURATION ?? 8);
export const connectionCounts: readonly number[] = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  failures: number;
}

/** One line of the final table: a name and its figures, plus an optional ratio to the ceiling. */
export interface Row {
  section: string;
  name: string;
  value: string;
  target?: string;
  /** Whether the figure meets its target (computed from the figures, never asserted); absent without a target. */
  met?: boolean;
}

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** CPU time (user + system) a process has used so far, in microseconds, from /proc (Linux). */
export function cpuMicrosOf(pid: number): number {
  // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses, in clock ticks (100 Hz).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Resident and peak memory of a process in MiB, from /proc (Linux). */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

export async function waitFor(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Running {
  child: ChildProcess;
  pid: number;
  stop(): Promise<void>;
}

/** Resolves when `child` has exited; at once when it already has (its 'exit' will not come again). */
export function exitOf(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** A Node script of the repository in its own process (the bench's own Node), stopped on exit. */
export function startNode(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  options: { ipc?: boolean; execArgv?: readonly string[] } = {},
): Running {
  const child = spawn(process.execPath, [...(options.execArgv ?? []), script, ...args], {
    cwd: repoRoot,
    stdio: options.ipc ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...env },
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = exitOf(child);
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  };
  process.once('exit', () => child.exitCode === null && child.kill('SIGKILL'));
  return { child, pid: child.pid!, stop };
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  /** Each request's path (rotated). */
  paths: readonly string[];
  /** Each request's headers (rotated, e.g. one bearer token per applicant). */
  headers: readonly Record<string, string>[];
  body?: string;
}

/** Drives `base` with autocannon for `durationSeconds` at `connections`. */
export async function load(base: string, connections: number, request: LoadRequest): Promise<LoadResult> {
  let next = 0;
  const result = (await autocannon({
    url: base,
    connections,
    duration: durationSeconds,
    requests: [
      {
        method: request.method,
        ...(request.body === undefined ? {} : { body: request.body }),
        setupRequest: (r: Record<string, unknown>) => {
          const i = next++;
          return { ...r, path: request.paths[i % request.paths.length], headers: request.headers[i % request.headers.length] };
        },
      },
    ],
  })) as { latency: { p50: number; p99: number }; requests: { average: number; total: number }; non2xx: number; errors: number; timeouts: number };
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** What a phone sends: every answer may be compressed. */
export const browserHeaders = { 'accept-encoding': 'gzip, deflate, br' };

export function machine(): { cpu: string; cores: number; load: string } {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    load: loadavg()
      .map((n) => n.toFixed(2))
      .join(' '),
  };
}

export const mib = (n: number): string => `${n.toFixed(0)} MiB`;
export const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
export const ms = (n: number): string => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
export const log = (text: string): void => console.log(`[bench] ${text}`);
