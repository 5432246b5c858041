// The bare node:http ceiling, measured at each connection count (scripts/bench/bare-server.ts).
import { join } from 'node:path';
import type { LoadResult } from './common.ts';
import { connectionCounts, cpuMicrosOf, freePort, load, log, repoRoot, startNode } from './common.ts';

/** Each connection count's load result and the bare server's CPU time per request (µs). */
export type Ceiling = Map<number, LoadResult & { cpuPerRequest: number }>;

export async function measureCeiling(): Promise<Ceiling> {
  const port = await freePort();
  const server = startNode(join(repoRoot, 'scripts/bench/bare-server.ts'), [String(port)], {}, { ipc: true });
  await new Promise<void>((resolve, reject) => {
    server.child.once('message', () => resolve());
    server.child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const ceiling: Ceiling = new Map();
  try {
    for (const connections of connectionCounts) {
      const cpuBefore = cpuMicrosOf(server.pid);
      const r = await load(`http://127.0.0.1:${port}`, connections, { method: 'GET', paths: ['/'], headers: [{}] });
      const cpuPerRequest = r.total > 0 ? (cpuMicrosOf(server.pid) - cpuBefore) / r.total : NaN;
      log(
        `bare node:http, ${connections} connections: ${r.requestsPerSecond.toFixed(0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, CPU ${cpuPerRequest.toFixed(0)} µs a request`,
      );
      ceiling.set(connections, { ...r, cpuPerRequest });
    }
  } finally {
    await server.stop();
  }
  return ceiling;
}
