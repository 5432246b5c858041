// Part of `npm run bench`: personal saves per second (POST /api/applications/personal, the largest
// step save) with ONE API instance and with TWO on the same PostgreSQL database (decision 0100).
// Real processes (apps/api/src/server.ts) on a database of their own (created and dropped here);
// the same total number of connections in both runs, split evenly between the instances in the
// second. Prints figures; asserts nothing. Skipped with a note when PostgreSQL is not reachable.
//
// Environment: BENCH_DURATION and BENCH_CONNECTIONS as for the rest of the bench (common.ts; the
// first connection count is used), BENCH_POSTGRES_URL (admin connection, default postgres://postgres@127.0.0.1:5432/test).

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { personalPayload } from './applicant.ts';
import { connectionCounts, durationSeconds, freePort, repoRoot as root } from './common.ts';

const connections = connectionCounts[0] ?? 10;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Run {
  savesPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function runNode(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function startInstance(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn', METRICS_PORT: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API instance exited (${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return { base, child };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('API instance did not become ready');
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function signIn(base: string, n: number): Promise<string> {
  const mailAddress = `bench.cluster.${Date.now()}.${n}@example.jp`;
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const entry = { bankCode: '0177', mailAddress, applicationType: 'GENERAL' };
  const register = await post('/api/verification-codes/register', entry);
  if (register.status !== 204) throw new Error(`register answered ${register.status}`);
  const mails = (await (await fetch(`${base}/__dev/mails?to=${encodeURIComponent(mailAddress)}`)).json()) as { text: string }[];
  const code = /(\d{6})/.exec(mails[0]?.text ?? '')?.[1];
  const verified = await post('/api/verification-codes/verify', { ...entry, verificationCode: code, channel: null, deviceId: null });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return ((await verified.json()) as { authenticationToken: string }).authenticationToken;
}

/** POST /api/applications/personal for `durationSeconds` on `conns` connections, each token its own application. */
async function saves(
  base: string,
  tokens: readonly string[],
  conns: number,
  seconds = durationSeconds,
): Promise<{ total: number; p50: number; p99: number; failed: number; seconds: number }> {
  let next = 0;
  const body = JSON.stringify(personalPayload);
  const result = (await autocannon({
    url: base,
    connections: conns,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/applications/personal',
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` },
          body,
        }),
      },
    ],
  })) as unknown as { requests: { total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number; timeouts: number; duration: number };
  return {
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
    seconds: result.duration,
  };
}

export async function benchClusterSaves(): Promise<{ section: string; name: string; value: string }[]> {
  const database = `koza_bench_cluster_${randomBytes(4).toString('hex')}`;
  try {
    await admin(`create database ${database}`);
  } catch (error) {
    console.log(`\n[bench] personal saves on PostgreSQL skipped: ${(error as Error).message}`);
    return [{ section: 'cluster', name: 'skipped', value: (error as Error).message }];
  }
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  const databaseUrl = url.toString();
  const children: ChildProcess[] = [];
  try {
    console.log(`\n[bench] personal saves on PostgreSQL: migrating ${database} and loading reference data …`);
    await runNode(['apps/api/src/main-migrate.ts'], { DATABASE_URL: databaseUrl, NODE_ENV: 'development' });
    const a = await startInstance(databaseUrl);
    children.push(a.child);
    const tokens: string[] = [];
    for (let i = 0; i < connections; i++) tokens.push(await signIn(a.base, i));

    console.log(`[bench] POST /api/applications/personal: 1 instance, ${connections} connections, ${durationSeconds} s …`);
    await saves(a.base, tokens, connections, 2); // warm-up (JIT, pool), not counted
    const one = await saves(a.base, tokens, connections);

    const b = await startInstance(databaseUrl);
    children.push(b.child);
    console.log(`[bench] POST /api/applications/personal: 2 instances, ${connections} connections split between them, ${durationSeconds} s …`);
    const half = Math.max(1, Math.floor(connections / 2));
    await saves(b.base, tokens, half, 2); // warm-up of the new instance, not counted
    const [ra, rb] = await Promise.all([saves(a.base, tokens.slice(0, half), half), saves(b.base, tokens.slice(half), Math.max(1, connections - half))]);

    const runs: [string, Run][] = [
      ['1 instance', { savesPerSecond: one.total / one.seconds, p50: one.p50, p99: one.p99, failed: one.failed }],
      [
        '2 instances',
        {
          savesPerSecond: ra.total / ra.seconds + rb.total / rb.seconds,
          p50: Math.max(ra.p50, rb.p50),
          p99: Math.max(ra.p99, rb.p99),
          failed: ra.failed + rb.failed,
        },
      ],
    ];
    console.log('');
    console.log('personal saves on PostgreSQL   saves/s   median      p99  non-2xx');
    for (const [name, r] of runs) {
      console.log(
        `  ${name.padEnd(28)} ${r.savesPerSecond.toFixed(0).padStart(7)} ${String(r.p50).padStart(6)} ms ${String(r.p99).padStart(5)} ms ${String(r.failed).padStart(8)}`,
      );
    }
    return runs.map(([name, r]) => ({
      section: 'cluster',
      name: `POST /api/applications/personal, PostgreSQL, ${name}`,
      value: `${r.savesPerSecond.toFixed(0)} saves/s; p50 ${r.p50} ms, p99 ${r.p99} ms; non-2xx ${r.failed}`,
    }));
  } finally {
    for (const child of children) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await admin(`drop database if exists ${database} with (force)`).catch(() => undefined);
  }
}
