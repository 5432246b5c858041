// The funnel query on 1,000,000 generated page views (issue 15, docs/decisions/0162): one section of
// `npm run bench` (name `funnel`), or alone as `npm run bench:funnel`. On SQLite and on PostgreSQL:
// generate a year of page views for the three banks (10 % child applications, fewer views at each
// later step), build the daily roll-up from them (what migration 030 does for existing data), then
// time the funnel as the back office asks for it (a year and 30 days of one bank, one query) and,
// for comparison, the same counts straight from page_views on their (bank_code, created_at) index,
// and one more page view recorded (insert + roll-up upsert).
//
// Environment: BENCH_FUNNEL_VIEWS (default 1000000), BENCH_SKIP=funnel-sqlite / funnel-postgres.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { funnelSteps } from '@koza/domain/admin/funnel';
import type { ApplicationType } from '@koza/domain/constants';
import { openDatabase, parseDatabaseUrl } from '../../apps/api/src/db/database.ts';
import type { Db } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { japanDaySql } from '../../apps/api/src/db/migrations/helpers.ts';
import { insertPageView, rebuildPageViewDays } from '../../apps/api/src/db/repositories/page-views-repository.ts';
import { funnel } from '../../apps/api/src/services/staff/funnel.ts';
import { freshDatabase } from './api.ts';
import type { Dialect } from './api.ts';
import type { Row } from './common.ts';
import { log } from './common.ts';

const views = Number(process.env.BENCH_FUNNEL_VIEWS ?? 1_000_000);
const yearStart = Date.parse('2025-11-24T00:00:00+09:00');
const yearMs = 365 * 86_400_000;
const now = yearStart + yearMs;

/** A step index for a pseudo-random r in [0, 1000): each step is reached by ~80 % of the one before. */
function stepCase(type: ApplicationType, r: ReturnType<typeof sql>) {
  const paths = funnelSteps(type).map((s) => s.path);
  const weights = paths.map((_, i) => 0.8 ** i);
  const sum = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  const arms = paths.map((path, i) => {
    cumulative += (weights[i] ?? 0) / sum;
    return sql`when ${r} < ${Math.round(cumulative * 1000)} then ${sql.lit(path)}`;
  });
  return sql`case ${sql.join(arms, sql` `)} else ${sql.lit(paths[0] ?? '/')} end`;
}

async function generate(db: Db): Promise<void> {
  const i = sql.ref('i');
  const r = sql`((${i} * 2654435761) % 1000)`;
  const columns = sql`
    case ${i} % 3 when 0 then '0177' when 1 then '0587' else '0181' end,
    case when ${i} % 10 = 0 then 'CHILD' else 'GENERAL' end,
    case when ${i} % 10 = 0 then ${stepCase('CHILD', r)} else ${stepCase('GENERAL', r)} end,
    null, null,
    ${sql.lit(yearStart)} + ${i} * ${sql.lit(Math.floor(yearMs / views))}`;
  const into = sql`insert into page_views (bank_code, application_type, path, device_id, channel, created_at)`;
  if (db.dialect === 'postgres') {
    await sql`${into} select ${columns} from generate_series(1::bigint, ${sql.lit(views)}::bigint) as n(i)`.execute(db.kysely);
  } else {
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(views)}) ${into} select ${columns} from n`.execute(db.kysely);
  }
  if (db.dialect === 'postgres') await sql`analyze`.execute(db.kysely);
}

/** Median and fastest milliseconds of `runs` calls (the machine is shared: the fastest shows the cost without the neighbours). */
async function timed(runs: number, body: () => Promise<unknown>): Promise<{ median: number; best: number }> {
  const times: number[] = [];
  for (let n = 0; n < runs; n++) {
    const started = performance.now();
    await body();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)] ?? NaN, best: times[0] ?? NaN };
}

/** The same counts from page_views without the roll-up: what the funnel would cost without it. */
async function rawFunnel(db: Db, from: number, to: number): Promise<unknown> {
  const day = japanDaySql(db.dialect === 'postgres', sql.ref('created_at'));
  const paths = funnelSteps('GENERAL').map((s) => s.path);
  return sql`
    select ${day} as day, path, count(*) as views from page_views
    where bank_code = '0587' and created_at >= ${from} and created_at < ${to} and application_type = 'GENERAL' and path in (${sql.join(paths)})
    group by 1, 2`.execute(db.kysely);
}

async function benchDialect(dialect: Dialect): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'koza-bench-funnel-'));
  const database = await freshDatabase(dialect, dir);
  const location = parseDatabaseUrl(database.url);
  // Generating a million rows takes longer than the API's statement timeout allows.
  const db = await openDatabase(location.dialect === 'postgres' ? { ...location, pool: { queryTimeoutMs: 30 * 60_000 } } : location);
  const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 0)} ms`;
  const both = (t: { median: number; best: number }) => `${ms(t.median)} / ${ms(t.best)}`;
  try {
    await migrateToLatest(db);
    let started = performance.now();
    await generate(db);
    const generated = performance.now() - started;
    started = performance.now();
    await rebuildPageViewDays(db);
    const rolledUp = performance.now() - started;
    // A long-running database is checkpointed as it goes; right after a million-row load the WAL is not.
    if (db.dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
    const days = await db.kysely
      .selectFrom('pageViewDays')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    log(`funnel ${dialect}: ${views} views generated in ${ms(generated)}, roll-up ${Number(days.n)} rows in ${ms(rolledUp)}`);

    const year = { type: 'GENERAL' as const, from: '2025-11-24', to: '2026-11-23' };
    const month = { type: 'GENERAL' as const, from: '2026-10-25', to: '2026-11-23' };
    const check = await funnel(db, '0587', year, now);
    const yearTimes = await timed(50, () => funnel(db, '0587', year, now));
    const monthTimes = await timed(50, () => funnel(db, '0587', month, now));
    const rawTimes = await timed(3, () => rawFunnel(db, yearStart, now));
    let n = 0;
    const recordTimes = await timed(200, () =>
      insertPageView(
        db,
        { bankCode: '0587', applicationType: 'GENERAL', path: '/term', deviceId: null, channel: null, createdAt: now - 1000 + n++ },
        '2026-11-23',
      ),
    );
    const label = `${dialect}, ${(views / 1e6).toFixed(views % 1e6 ? 2 : 0)}M views`;
    return [
      { section: 'funnel', name: `${label}: generate / build roll-up`, value: `${ms(generated)} / ${ms(rolledUp)} (${Number(days.n)} roll-up rows)` },
      {
        section: 'funnel',
        name: `${label}: funnel of one bank, a year (median / best of 50)`,
        value: `${both(yearTimes)} (${check.days.length} days, ${check.totals[0]} views at step 1)`,
      },
      { section: 'funnel', name: `${label}: funnel of one bank, 30 days (median / best of 50)`, value: both(monthTimes) },
      { section: 'funnel', name: `${label}: same year from page_views without the roll-up (median / best of 3)`, value: both(rawTimes) },
      { section: 'funnel', name: `${label}: record one page view with its roll-up (median / best of 200)`, value: both(recordTimes) },
    ];
  } finally {
    await db.close();
    await database.drop();
  }
}

export async function benchFunnel(skip: ReadonlySet<string> = new Set((process.env.BENCH_SKIP ?? '').split(','))): Promise<Row[]> {
  const rows: Row[] = [];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (skip.has(`funnel-${dialect}`)) continue;
    const figures = await benchDialect(dialect);
    for (const row of figures) log(`${row.name}: ${row.value}`);
    rows.push(...figures);
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchFunnel();
