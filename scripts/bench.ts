// `npm run bench`: latency, throughput and memory of the API's two look-ups that run on every
// keystroke-ish action of the personal screen — GET /api/addresses and GET /api/furigana.
//
// Starts the real API server (apps/api/src/server.ts) in a child process on a temporary SQLite file
// (it migrates and loads the reference data itself), signs in through the development outbox
// (register → /__dev/mails → verify), then drives each endpoint with autocannon. Memory is the
// server's own resident set (VmRSS of /proc/<pid>/status), read before and after the kuromoji
// dictionary loads (first furigana call), plus the peak (VmHWM).
// It prints figures; it asserts nothing.
//
// Environment: BENCH_DURATION (seconds per endpoint, default 10), BENCH_CONNECTIONS (default 10).

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ensurePostalTable, postalTablePath } from '@koza/data/postal';

const root = fileURLToPath(new URL('..', import.meta.url));
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Histogram {
  average: number;
  p50: number;
  p99: number;
}
interface CannonResult {
  latency: Histogram;
  requests: Histogram & { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

/** Resident and peak memory of a process in MiB, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in as the web does; 127.0.0.1 is served as the default bank (0177). */
async function signIn(base: string): Promise<string> {
  const mailAddress = `bench.${Date.now()}@example.jp`;
  const post = (path: string, body: object) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const register = await post('/api/verification-codes/register', { bankCode: '0177', mailAddress, applicationType: 'GENERAL' });
  if (register.status !== 204) throw new Error(`register answered ${register.status}: ${await register.text()}`);
  const mails = await json<{ text: string }[]>(await fetch(`${base}/__dev/mails?to=${encodeURIComponent(mailAddress)}`), 'dev mailbox');
  const code = /(\d{6})/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no verification code in the dev mailbox');
  const verified = await json<{ authenticationToken: string }>(
    await post('/api/verification-codes/verify', {
      bankCode: '0177',
      mailAddress,
      verificationCode: code,
      channel: null,
      deviceId: null,
      applicationType: 'GENERAL',
    }),
    'verify',
  );
  return verified.authenticationToken;
}

/** Random real postal codes, and address-like texts built from their towns (at most 40 characters). */
function sampleInputs(count: number): { postalNumbers: string[]; addresses: string[] } {
  const lines = readFileSync(postalTablePath, 'utf8').split('\n').slice(1).filter(Boolean);
  const postalNumbers: string[] = [];
  const addresses: string[] = [];
  for (let i = 0; i < count; i++) {
    const [postalNumber = '', , , municipality = '', section = ''] = (lines[Math.floor(Math.random() * lines.length)] ?? '').split('\t');
    postalNumbers.push(postalNumber);
    const n = 1 + Math.floor(Math.random() * 9);
    addresses.push(`${municipality}${section}${n}-${n + 1}-${n + 2}`.slice(0, 40));
  }
  return { postalNumbers, addresses };
}

async function cannon(base: string, token: string, paths: readonly string[]): Promise<CannonResult> {
  let next = 0;
  return (await autocannon({
    url: base,
    connections,
    duration: durationSeconds,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request: Record<string, unknown>) => ({ ...request, path: paths[next++ % paths.length] }),
      },
    ],
  })) as unknown as CannonResult;
}

const mib = (n: number) => `${n.toFixed(0)} MiB`;

async function main(): Promise<void> {
  await ensurePostalTable();
  const dir = mkdtempSync(join(tmpdir(), 'koza-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      WEB_DIST_DIR: dir,
      LOG_LEVEL: 'warn',
    },
  });
  const pid = server.pid!;
  const stop = () => {
    if (server.exitCode === null) server.kill('SIGTERM');
  };
  process.on('exit', stop);

  try {
    console.log(`[bench] starting the API on a fresh SQLite file (migrate + load 124k postal rows) …`);
    const startedAt = performance.now();
    await waitFor(`${base}/api/health`, 180_000);
    console.log(`[bench] API ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (pid ${pid})`);
    const atStart = memoryOf(pid);

    const token = await signIn(base);
    const { postalNumbers, addresses } = sampleInputs(2000);
    const auth = { headers: { authorization: `Bearer ${token}` } };

    // Addresses.
    await json(await fetch(`${base}/api/addresses?postalNumber=8100001`, auth), 'addresses warm-up');
    console.log(`[bench] GET /api/addresses: ${connections} connections, ${durationSeconds} s, random real postal codes …`);
    const addressRun = await cannon(base, token, postalNumbers.map((p) => `/api/addresses?postalNumber=${p}`));
    const afterAddresses = memoryOf(pid);

    // Furigana: the first call builds the dictionary.
    const firstCallAt = performance.now();
    const first = await json<{ kana: string }>(await fetch(`${base}/api/furigana?kanji=${encodeURIComponent('博多駅前')}`, auth), 'first furigana');
    const dictionaryMs = performance.now() - firstCallAt;
    const afterDictionary = memoryOf(pid);
    console.log(`[bench] first GET /api/furigana (博多駅前 → ${first.kana}) took ${dictionaryMs.toFixed(0)} ms (dictionary load)`);
    console.log(`[bench] GET /api/furigana: ${connections} connections, ${durationSeconds} s, address-like texts …`);
    const furiganaRun = await cannon(base, token, addresses.map((a) => `/api/furigana?kanji=${encodeURIComponent(a)}`));
    const atEnd = memoryOf(pid);

    const row = (name: string, r: CannonResult) =>
      `${name.padEnd(22)} ${String(r.latency.p50).padStart(8)} ms ${String(r.latency.p99).padStart(8)} ms ${r.requests.average.toFixed(0).padStart(9)} ${String(r.requests.total).padStart(8)} ${String(r.non2xx + r.errors + r.timeouts).padStart(7)}`;
    console.log('');
    console.log(`endpoint               median       p99     req/s    total  non-2xx`);
    console.log(row('GET /api/addresses', addressRun));
    console.log(row('GET /api/furigana', furiganaRun));
    console.log('');
    console.log('API process memory (VmRSS; peak = VmHWM)');
    console.log(`  after start (migrated, reference data loaded)   ${mib(atStart.rss)}`);
    console.log(`  after the address run                            ${mib(afterAddresses.rss)}`);
    console.log(`  after the furigana dictionary loaded             ${mib(afterDictionary.rss)}  (+${mib(afterDictionary.rss - afterAddresses.rss)}, load ${dictionaryMs.toFixed(0)} ms)`);
    console.log(`  after the furigana run                           ${mib(atEnd.rss)}  (peak ${mib(atEnd.peak)})`);
  } finally {
    stop();
    await new Promise((r) => (server.exitCode === null ? server.once('exit', r) : r(null)));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
await (await import('./bench/cluster.ts')).benchClusterSaves(); // personal saves/s, 1 vs 2 instances on PostgreSQL
