// The API under load on one dialect: GET /api/addresses, POST /api/applications/personal and
// POST /api/ekyc/status at each connection count, as ratios of the bare node:http ceiling; and on
// SQLite the process's memory at rest, after the kanji→kana analyser loaded, and at its peak.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensurePostalTable, postalTablePath } from '@koza/data/postal';
import { Applicant, personalPayload } from './applicant.ts';
import { startAchievable } from './achievable.ts';
import type { Achievable } from './achievable.ts';
import type { Ceiling } from './ceiling.ts';
import type { LoadRequest, LoadResult, Row } from './common.ts';
import { browserHeaders, connectionCounts, cpuMicrosOf, freePort, load, log, memoryOf, mib, ms, repoRoot, startNode, waitFor } from './common.ts';

export type Dialect = 'sqlite' | 'postgres';

export interface ApiFigures {
  rows: Row[];
  memory?: { atRest: number; afterAnalyser: number; analyserMs: number; peak: number };
  startSeconds: number;
}

const postgresAdminUrl = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh database for the run: a SQLite file in a temporary folder, or a PostgreSQL database. */
export async function freshDatabase(dialect: Dialect, dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') return { url: `sqlite:${join(dir, 'bench.sqlite')}`, drop: async () => undefined };
  const name = `koza_bench_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** Random real postal codes of the postal table. */
function samplePostalNumbers(count: number): string[] {
  const lines = readFileSync(postalTablePath, 'utf8').split('\n').slice(1).filter(Boolean);
  return Array.from({ length: count }, () => (lines[Math.floor(Math.random() * lines.length)] ?? '').split('\t')[0] ?? '');
}

interface Figures {
  ratio: number;
  p99: number;
  requestsPerSecond: number;
}

interface Target {
  text: string;
  met(f: Figures): boolean;
  /** How far a figure that misses is from the target (e.g. "×0.36: 10 % short of ×0.4"). */
  short(f: Figures): string;
}

const shortOfRatio = (ratio: number, least: number): string => `×${ratio.toFixed(3)} is ${((1 - ratio / least) * 100).toFixed(0)} % short of ×${least}`;

/**
 * The target of an endpoint at a connection count on a dialect, if it has one: issue 13's, and for
 * GET /api/addresses on SQLite at 10 connections issue 22's ×0.4.
 */
function targetOf(dialect: Dialect, endpoint: string, connections: number): Target | null {
  if (endpoint === 'GET /api/addresses') {
    const least = dialect === 'sqlite' ? (connections === 10 ? 0.4 : 0.5) : 0.35;
    if (connections === 50) {
      return {
        text: `≥ ×${least}; p99 ≤ 15 ms`,
        met: (f) => f.ratio >= least && f.p99 <= 15,
        short: (f) =>
          [f.ratio < least ? shortOfRatio(f.ratio, least) : '', f.p99 > 15 ? `p99 ${f.p99} ms is ${f.p99 - 15} ms over` : ''].filter(Boolean).join('; '),
      };
    }
    return { text: `≥ ×${least}`, met: (f) => f.ratio >= least, short: (f) => shortOfRatio(f.ratio, least) };
  }
  if (endpoint === 'POST /api/applications/personal' && dialect === 'sqlite' && connections === 50) {
    return {
      text: '≥ 1,000 durable saves/s; p99 ≤ 25 ms',
      met: (f) => f.requestsPerSecond >= 1000 && f.p99 <= 25,
      short: (f) =>
        [
          f.requestsPerSecond < 1000 ? `${(1000 - f.requestsPerSecond).toFixed(0)} saves/s short` : '',
          f.p99 > 25 ? `p99 ${f.p99} ms is ${f.p99 - 25} ms over` : '',
        ]
          .filter(Boolean)
          .join('; '),
    };
  }
  if (endpoint === 'POST /api/ekyc/status' && connections === 50)
    return { text: 'p99 ≤ 25 ms', met: (f) => f.p99 <= 25, short: (f) => `p99 ${f.p99} ms is ${f.p99 - 25} ms over` };
  return null;
}

/** Issue 22: the API's GET /api/addresses keeps at least this share of the achievable-work server's rate. */
const achievableShare = 0.8;

export async function measureApi(dialect: Dialect, ceiling: Ceiling, options: { memory: boolean }): Promise<ApiFigures> {
  await ensurePostalTable();
  const dir = mkdtempSync(join(tmpdir(), 'koza-bench-'));
  const database = await freshDatabase(dialect, dir);
  const [apiPort, simPort] = [await freePort(), await freePort()];
  // Given to the API and to the achievable-work server, which hashes tokens the same way.
  const codeHashKey = randomBytes(32).toString('base64');
  const base = `http://127.0.0.1:${apiPort}`;
  const simUrl = `http://127.0.0.1:${simPort}`;
  const sim = startNode(join(repoRoot, 'apps/ekyc-sim/src/server.ts'), [], {
    NODE_ENV: 'development',
    PORT: String(simPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: simUrl,
    SIM_DATABASE: ':memory:',
    LOG_LEVEL: 'warn',
  });
  if (options.memory) {
    // The API keeps Node's compile cache (decision 0180): a first start after a code change compiles
    // and is heavier. One start beforehand makes the memory figures those of every later start.
    const warmDir = mkdtempSync(join(tmpdir(), 'koza-bench-warm-'));
    const warmPort = await freePort();
    const warm = startNode(join(repoRoot, 'apps/api/src/server.ts'), [], {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(warmPort),
      DATABASE_URL: `sqlite:${join(warmDir, 'warm.sqlite')}`,
      WEB_DIST_DIR: warmDir,
      LOG_LEVEL: 'warn',
    });
    try {
      await waitFor(`http://127.0.0.1:${warmPort}/api/health`, 180_000, warm.child);
    } finally {
      await warm.stop();
      rmSync(warmDir, { recursive: true, force: true });
    }
  }
  const webDist = join(repoRoot, 'apps/web/dist');
  const hasBuiltWeb = existsSync(join(webDist, 'prerendered', 'render.js'));
  const startedAt = performance.now();
  // BENCH_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profileDir = process.env.BENCH_CPU_PROF;
  const execArgv = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}/${dialect}`] : [];
  const api = startNode(
    join(repoRoot, 'apps/api/src/server.ts'),
    [],
    {
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATABASE_URL: database.url,
      // The built web when there is one (GET /term is rendered by the API with the bank's live notices).
      WEB_DIST_DIR: hasBuiltWeb ? webDist : dir,
      LOG_LEVEL: 'warn',
      EKYC_PROVIDER_URL: simUrl,
      PUBLIC_BASE_URL: base,
      CODE_HASH_KEY: codeHashKey,
    },
    { execArgv },
  );
  let achievable: Achievable | null = null;
  const rows: Row[] = [];
  const figures: ApiFigures = { rows, startSeconds: 0 };
  try {
    log(`${dialect}: starting the API on a fresh database (migrate + load the postal table) …`);
    await waitFor(`${base}/api/health`, 180_000, api.child);
    figures.startSeconds = (performance.now() - startedAt) / 1000;
    await waitFor(`${simUrl}/health`, 30_000, sim.child);
    log(`${dialect}: API ready in ${figures.startSeconds.toFixed(1)} s`);

    const searcher = await Applicant.signIn(base);
    const savers = await Promise.all(Array.from({ length: 8 }, () => Applicant.signIn(base)));
    const waiter = await Applicant.signIn(base);
    await waiter.startEkyc();
    const atRest = memoryOf(api.pid).rss;

    const endpoints: { name: string; request: LoadRequest }[] = [
      {
        name: 'GET /api/addresses',
        request: {
          method: 'GET',
          paths: samplePostalNumbers(2000).map((p) => `/api/addresses?postalNumber=${p}`),
          headers: [{ ...browserHeaders, ...searcher.headers }],
        },
      },
      {
        name: 'POST /api/applications/personal',
        request: {
          method: 'POST',
          paths: ['/api/applications/personal'],
          headers: savers.map((s) => ({ ...browserHeaders, ...s.headers, 'content-type': 'application/json' })),
          body: JSON.stringify(personalPayload),
        },
      },
      {
        name: 'POST /api/ekyc/status',
        request: { method: 'POST', paths: ['/api/ekyc/status'], headers: [{ ...browserHeaders, ...waiter.headers }] },
      },
      // Issue 34: the entry page as a phone's first request gets it (the landing modal rendered with
      // the bank's live notices, decision 0216); it should cost the API no more than a step save.
      ...(hasBuiltWeb
        ? [{ name: 'GET /term', request: { method: 'GET' as const, paths: ['/term'], headers: [{ ...browserHeaders, host: 'fukuoka.localhost' }] } }]
        : []),
    ];

    if (options.memory) {
      const t = performance.now();
      const first = await fetch(`${base}/api/furigana?kanji=${encodeURIComponent('博多駅前')}`, { headers: searcher.headers });
      if (!first.ok) throw new Error(`first furigana answered ${first.status}`);
      const analyserMs = performance.now() - t;
      figures.memory = { atRest, afterAnalyser: memoryOf(api.pid).rss, analyserMs, peak: 0 };
      log(`${dialect}: analyser loaded in ${analyserMs.toFixed(0)} ms (${((await first.json()) as { kana: string }).kana})`);
    }

    // BENCH_ENDPOINTS=addresses,status: only the endpoints whose name contains one of these (e.g. to profile one).
    const only = (process.env.BENCH_ENDPOINTS ?? '').split(',').filter(Boolean);
    const selected = endpoints.filter((e) => only.length === 0 || only.some((o) => e.name.includes(o)));
    // Issue 22: beside the API's address lookup, a plain node:http server doing the same work per
    // request on the same SQLite file (scripts/bench/achievable-server.ts), loaded just before it.
    if (dialect === 'sqlite' && selected.some((e) => e.name === 'GET /api/addresses')) {
      achievable = await startAchievable(database.url.slice('sqlite:'.length), codeHashKey);
    }
    const cpuOf = new Map<string, number>();
    for (const endpoint of selected) {
      for (const connections of connectionCounts) {
        const bare = ceiling.get(connections);
        const plain = endpoint.name === 'GET /api/addresses' && achievable ? await achievable.measure(connections, endpoint.request) : null;
        const cpuBefore = cpuMicrosOf(api.pid);
        const r: LoadResult = await load(base, connections, endpoint.request);
        const cpuPerRequest = r.total > 0 ? (cpuMicrosOf(api.pid) - cpuBefore) / r.total : NaN;
        cpuOf.set(`${endpoint.name} @${connections}`, cpuPerRequest);
        const ratio = bare ? r.requestsPerSecond / bare.requestsPerSecond : NaN;
        log(
          `${dialect} ${endpoint.name} @${connections}: ${r.requestsPerSecond.toFixed(0)} req/s (×${ratio.toFixed(3)}), p50 ${r.p50} ms, p99 ${r.p99} ms, API CPU ${cpuPerRequest.toFixed(0)} µs a request, failures ${r.failures}`,
        );
        const goal = targetOf(dialect, endpoint.name, connections);
        const f = { ratio, p99: r.p99, requestsPerSecond: r.requestsPerSecond };
        const met = goal ? goal.met(f) && r.failures === 0 : undefined;
        rows.push({
          section: `API on ${dialect}`,
          name: `${endpoint.name} @${connections}`,
          value:
            `${r.requestsPerSecond.toFixed(0)} req/s = ×${ratio.toFixed(3)} of bare; p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; API CPU ${cpuPerRequest.toFixed(0)} µs a request` +
            `${r.failures ? `; ${r.failures} failed` : ''}${goal && !met ? ` (misses: ${goal.short(f) || 'failures'})` : ''}`,
          ...(goal ? { target: goal.text, met } : {}),
        });
        if (plain) {
          const share = r.requestsPerSecond / plain.requestsPerSecond;
          const plainRatio = bare ? plain.requestsPerSecond / bare.requestsPerSecond : NaN;
          log(
            `${dialect} achievable-work server @${connections}: ${plain.requestsPerSecond.toFixed(0)} req/s (×${plainRatio.toFixed(3)}), CPU ${plain.cpuPerRequest.toFixed(0)} µs a request; the API ×${share.toFixed(3)} of it`,
          );
          const shareMet = share >= achievableShare && plain.failures === 0 && r.failures === 0;
          rows.push({
            section: `API on ${dialect}`,
            name: `GET /api/addresses @${connections} vs achievable work (plain node:http per request: token HMAC, session + postal reads on the same SQLite file, same JSON, nothing kept)`,
            value:
              `plain ${plain.requestsPerSecond.toFixed(0)} req/s = ×${plainRatio.toFixed(3)} of bare; p99 ${ms(plain.p99)}; CPU ${plain.cpuPerRequest.toFixed(0)} µs a request` +
              `${plain.failures ? `; ${plain.failures} failed` : ''}; the API ×${share.toFixed(3)} of it` +
              `${shareMet ? '' : ` (misses: ${share < achievableShare ? `${((1 - share / achievableShare) * 100).toFixed(0)} % short of ×${achievableShare}` : 'failures'})`}`,
            target: `API ≥ ×${achievableShare} of it`,
            met: shareMet,
          });
        }
      }
    }
    // Issue 34: a request for /term costs the API no more than a step save (API CPU a request, same run).
    for (const connections of connectionCounts) {
      const term = cpuOf.get(`GET /term @${connections}`);
      const save = cpuOf.get(`POST /api/applications/personal @${connections}`);
      if (term === undefined || save === undefined) continue;
      rows.push({
        section: `API on ${dialect}`,
        name: `GET /term @${connections} against a step save (POST /api/applications/personal), API CPU a request`,
        value: `${term.toFixed(0)} µs against ${save.toFixed(0)} µs (×${(term / save).toFixed(2)})`,
        target: '≤ a step save',
        met: term <= save,
      });
    }
    if (figures.memory) {
      figures.memory.peak = memoryOf(api.pid).peak;
      const m = figures.memory;
      rows.push({
        section: 'memory',
        name: 'API RSS at rest / after analyser / peak (second start of this code: compile cache warm)',
        value: `${mib(m.atRest)} / ${mib(m.afterAnalyser)} / ${mib(m.peak)} (analyser's first call ${m.analyserMs.toFixed(0)} ms)`,
        target: '≤ 150 / 250 / 400 MiB',
        met: m.atRest <= 150 && m.afterAnalyser <= 250 && m.peak <= 400,
      });
    }
    rows.push({ section: `API on ${dialect}`, name: 'start on a fresh database → /api/health', value: `${figures.startSeconds.toFixed(1)} s` });
  } finally {
    await achievable?.stop();
    await api.stop();
    await sim.stop();
    await database.drop().catch((error: unknown) => log(`could not drop the bench database: ${String(error)}`));
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}
