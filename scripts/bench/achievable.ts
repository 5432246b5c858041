// The achievable-work server of GET /api/addresses (issue 22, scripts/bench/achievable-server.ts): a
// plain node:http server doing the address lookup's work per request on the API's own SQLite file,
// measured in the same run as the API and the bare ceiling.
import { join } from 'node:path';
import type { LoadRequest, LoadResult } from './common.ts';
import { cpuMicrosOf, freePort, load, repoRoot, startNode } from './common.ts';

export interface Achievable {
  /** One load run at a connection count, with the server's CPU time per request (µs). */
  measure(connections: number, request: LoadRequest): Promise<LoadResult & { cpuPerRequest: number }>;
  stop(): Promise<void>;
}

/** Starts it on `file` (the API's SQLite database) with the API's CODE_HASH_KEY. */
export async function startAchievable(file: string, codeHashKey: string): Promise<Achievable> {
  const port = await freePort();
  const server = startNode(join(repoRoot, 'scripts/bench/achievable-server.ts'), [String(port), file], { CODE_HASH_KEY: codeHashKey }, { ipc: true });
  await new Promise<void>((resolve, reject) => {
    server.child.once('message', () => resolve());
    server.child.once('exit', (code) => reject(new Error(`achievable-work server exited (${code})`)));
  });
  return {
    async measure(connections, request) {
      const cpuBefore = cpuMicrosOf(server.pid);
      const r = await load(`http://127.0.0.1:${port}`, connections, request);
      return { ...r, cpuPerRequest: r.total > 0 ? (cpuMicrosOf(server.pid) - cpuBefore) / r.total : NaN };
    },
    stop: () => server.stop(),
  };
}
