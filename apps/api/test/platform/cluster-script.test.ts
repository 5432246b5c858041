import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, postgresUrlFor, quoteIdent } from '../helpers/postgres-admin.ts';
import { freePort } from '../helpers/ekyc-simulator.ts';
import { emptyWebDist, testTempDir } from '../helpers/app.ts';
import { metricValue } from '../helpers/instances.ts';

// `npm run start:cluster` as a user runs it (on free ports and a database of its own): nginx in
// front of two API instances, round robin, the client's address and the request id set by nginx.

const ctx = inject('kozaTest');
const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const hasNginx = existsSync('/usr/sbin/nginx') || spawnSync('sh', ['-c', 'command -v nginx']).status === 0;
if (!hasNginx) console.warn('[api tests] start:cluster test skipped: nginx is not installed (apt-get install -y nginx)');
// CI installs nginx (.ci/run): there a missing nginx fails instead of skipping.
const skip = !ctx.postgres.available || (!hasNginx && !process.env.CI);

describe.skipIf(skip)('npm run start:cluster', () => {
  let database: string;
  let child: ChildProcess;
  let output = '';
  const ports = { cluster: 0, api: [0, 0], metrics: [0, 0], sim: 0 };

  beforeAll(async () => {
    database = `${ctx.postgres.prefix}_cluster_${process.env.VITEST_POOL_ID ?? '0'}_${Date.now().toString(36)}`;
    await adminQuery(`create database ${quoteIdent(database)}`);
    ports.cluster = await freePort();
    ports.api = [await freePort(), await freePort()];
    ports.metrics = [await freePort(), await freePort()];
    ports.sim = await freePort();
    child = spawn(process.execPath, ['scripts/start-cluster.ts'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: postgresUrlFor(database),
        CLUSTER_PORT: String(ports.cluster),
        API_PORTS: ports.api.join(','),
        METRICS_PORTS: ports.metrics.join(','),
        EKYC_SIM_PORT: String(ports.sim),
        CLUSTER_DIR: testTempDir('cluster-'),
        WEB_DIST_DIR: emptyWebDist(),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 150_000;
    while (!output.includes('Cluster ready')) {
      if (child.exitCode !== null) throw new Error(`start:cluster exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`start:cluster did not become ready:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (database) await adminQuery(`drop database if exists ${quoteIdent(database)} with (force)`).catch(() => undefined);
  });

  const viaNginx = (path: string, init: RequestInit = {}) => fetch(`http://127.0.0.1:${ports.cluster}${path}`, init);
  const healthCountAt = async (i: number) =>
    metricValue(await (await fetch(`http://127.0.0.1:${ports.metrics[i]}/metrics`)).text(), 'koza_http_requests_total', {
      route: '/api/health',
      status: '200',
    });

  it("round-robins requests through nginx to both instances, each answer with nginx's request id", async () => {
    const before = [await healthCountAt(0), await healthCountAt(1)];
    for (let i = 0; i < 6; i++) {
      const response = await viaNginx('/api/health', { headers: { 'x-request-id': 'client-chosen-id-0001' } });
      expect(response.status).toBe(200);
      // nginx replaces a client's id with its own; the instance trusts nginx's and answers with it.
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
    }
    const after = [(await healthCountAt(0)) - before[0]!, (await healthCountAt(1)) - before[1]!];
    expect(after).toEqual([3, 3]);
    expect((await viaNginx('/api/ready')).status).toBe(200);
  });

  it('gives the instances the client address nginx saw, not one the client forged', async () => {
    const response = await viaNginx('/api/verification-codes/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.99' },
      body: JSON.stringify({ bankCode: '0177', mailAddress: `cluster.${Date.now()}@example.jp`, applicationType: 'GENERAL' }),
    });
    expect(response.status).toBe(204);
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: postgresUrlFor(database) });
    await client.connect();
    try {
      const keys = (await client.query<{ key: string }>("select key from rate_limit_events where key like 'register:ip:%'")).rows.map((r) => r.key);
      expect(keys).toEqual(['register:ip:127.0.0.1']);
    } finally {
      await client.end();
    }
  });

  it('stops nginx, the instances and the simulator on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const port of [ports.cluster, ...ports.api, ports.sim]) {
      await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toThrow();
    }
  });
});
