// `npm run bench`: the figures of issue 13 in one run, printed and written to docs/benchmarks.md.
//
// Each section is a module of scripts/bench/ that returns table rows:
// - ceiling.ts: a bare node:http server (its own process), the yardstick of every API ratio;
// - micro.ts: the API's hot paths, old way against new way, in this process;
// - api.ts: the real API server (apps/api/src/server.ts) with the eKYC simulator, on SQLite and on
//   PostgreSQL, under autocannon at 10 and 50 connections; memory at rest / after the analyser / peak;
//   on SQLite GET /api/addresses beside the achievable-work server (achievable.ts: plain node:http
//   doing the lookup's work per request on the same database file, issue 22);
// - web.ts: the built web as served by the API: JS and CSS bytes per route as transferred, and
//   Lighthouse 12 (Debian's Chromium) for /term and for /personal reached through a user flow.
// - journey.ts: both flows walked step by step as a Lighthouse 12 user flow (each screen to the next a
//   timespan: TBT, CLS, INP; the entry pages cold and the first input page warm as navigations), the
//   median of BENCH_JOURNEY_RUNS (default 3) beside the hello form's (`BENCH_SKIP` the rest to run it alone).
// - funnel.ts: the back office's funnel query on 1,000,000 generated page views (also `npm run bench:funnel`).
// - queue.ts: the back office's work queue (filtered, sorted list) on 100,000 applications.
// - start.ts: `npm start` on a fresh clone of the committed tree (after npm ci) → first /api/health.
// Another section is one more import and one more call in `sections` below.
//
// Environment: BENCH_DURATION (seconds per run, default 8), BENCH_CONNECTIONS (default "10,50"),
// BENCH_SKIP (comma-separated section names to leave out: ceiling, micro, sqlite, postgres, web, journey, cluster,
// funnel, queue, start),
// BENCH_CPU_PROF (a folder: the API under load writes its V8 CPU profile there, per dialect),
// BENCH_ENDPOINTS (comma-separated parts of the API endpoints' names to load, e.g. addresses).

import { loadavg } from 'node:os';
import { measureApi } from './bench/api.ts';
import { measureCeiling } from './bench/ceiling.ts';
import { measureMicro } from './bench/micro.ts';
import { measureStart } from './bench/start.ts';
import type { Ceiling } from './bench/ceiling.ts';
import type { Row } from './bench/common.ts';
import { log } from './bench/common.ts';
import { report } from './bench/report.ts';
import { measureWeb } from './bench/web.ts';

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').filter(Boolean));
const startedAt = new Date();
const loadBefore = loadavg()
  .map((n) => n.toFixed(2))
  .join(' ');
const rows: Row[] = [];

let ceiling: Ceiling = new Map();
const sections: { name: string; run(): Promise<Row[]> }[] = [
  {
    name: 'ceiling',
    run: async () => {
      ceiling = await measureCeiling();
      return [...ceiling].map(([connections, r]) => ({
        section: 'ceiling',
        name: `bare node:http @${connections}`,
        value: `${r.requestsPerSecond.toFixed(0)} req/s; p50 ${r.p50} ms, p99 ${r.p99} ms; CPU ${r.cpuPerRequest.toFixed(0)} µs a request`,
      }));
    },
  },
  // The API's loads right after the ceiling, with the load generator (this process) in the same
  // state: the micro section opens databases and builds schemas in this process, and before the loads
  // it made the client slower for them than for the ceiling (×0.41 against ×0.48–0.52 otherwise).
  { name: 'sqlite', run: async () => (await measureApi('sqlite', ceiling, { memory: true })).rows },
  { name: 'postgres', run: async () => (await measureApi('postgres', ceiling, { memory: false })).rows },
  { name: 'micro', run: () => measureMicro() },
  { name: 'web', run: () => measureWeb() },
  // Both flows walked step by step in a Lighthouse user flow, beside the hello form (issue 45, decision 0252).
  { name: 'journey', run: async () => (await import('./bench/journey.ts')).measureJourney() },
  // Personal saves/s with one API instance and with two on one PostgreSQL (scale-out, decision 0100).
  { name: 'cluster', run: async () => (await import('./bench/cluster.ts')).benchClusterSaves() },
  // The staff funnel on 1,000,000 generated page views, SQLite and PostgreSQL (issue 15, decision 0162).
  { name: 'funnel', run: async () => (await import('./bench/funnel.ts')).benchFunnel() },
  // The back office's work queue on 100,000 applications, SQLite and PostgreSQL (issue 24).
  { name: 'queue', run: async () => (await import('./bench/queue.ts')).benchQueue() },
  // `npm start` on a fresh clone of the committed tree → first /api/health, and a restart.
  { name: 'start', run: () => measureStart() },
];

for (const section of sections) {
  if (skip.has(section.name)) continue;
  try {
    rows.push(...(await section.run()));
  } catch (error) {
    // One section failing (e.g. no PostgreSQL) must not lose the others' figures.
    log(`section ${section.name} failed: ${(error as Error).stack ?? String(error)}`);
    rows.push({ section: section.name, name: 'failed', value: (error as Error).message.replaceAll('|', '/').split('\n')[0] ?? '' });
  }
}

report(rows, startedAt, loadBefore);
