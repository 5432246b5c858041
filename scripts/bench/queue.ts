// The back office's work queue on 100,000 applications (issue 24): one section of `npm run bench`
// (name `queue`). On SQLite and on PostgreSQL: generate 100,000 completed applications of one bank
// (a year of submissions; 40 % still waiting, some taken, some proposed for approval, the rest
// decided) plus 20,000 of another bank, then time the list as the screen asks for it — the first
// page of each view and filter a reviewer uses, sorted by different columns, and a deep page — and
// report the p95 of all those calls against the target (≤ 200 ms).
//
// Environment: BENCH_QUEUE_APPLICATIONS (default 100000), BENCH_SKIP=queue-sqlite / queue-postgres.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { applicationListQuerySchema } from '@koza/domain/api/admin';
import { openDatabase, parseDatabaseUrl } from '../../apps/api/src/db/database.ts';
import type { Db } from '../../apps/api/src/db/database.ts';
import { migrateToLatest } from '../../apps/api/src/db/migrate.ts';
import { listApplications } from '../../apps/api/src/services/staff/admin-applications.ts';
import { banksDataSet, loadReferenceData } from '../../apps/api/src/services/platform/reference-data.ts';
import { freshDatabase } from './api.ts';
import type { Dialect } from './api.ts';
import type { Row } from './common.ts';
import { log } from './common.ts';

const count = Number(process.env.BENCH_QUEUE_APPLICATIONS ?? 100_000);
const yearStart = Date.parse('2025-11-26T00:00:00+09:00');
const now = Date.parse('2026-11-26T10:00:00+09:00');
const targetMs = 200;
const staffIds = ['bench-reviewer-1', 'bench-reviewer-2', 'bench-reviewer-3'];

/** Rows 1..n of a number series in SQL (generate_series on PostgreSQL, a recursive CTE on SQLite). */
function series(db: Db, n: number, body: (i: ReturnType<typeof sql.ref>) => ReturnType<typeof sql>) {
  const i = sql.ref('i');
  return db.dialect === 'postgres'
    ? sql`${body(i)} from generate_series(1::bigint, ${sql.lit(n)}::bigint) as n(i)`
    : sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${sql.lit(n)}) ${body(i)} from n`;
}

async function generate(db: Db, bankCode: string, n: number, offset: number): Promise<void> {
  const kana = ['ﾔﾏﾀﾞ', 'ｽｽﾞｷ', 'ｻﾄｳ', 'ﾀﾅｶ', 'ﾀｶﾊｼ', 'ﾜﾀﾅﾍﾞ', 'ｲﾄｳ', 'ﾅｶﾑﾗ'];
  const kanaCase = (i: ReturnType<typeof sql.ref>) =>
    sql`case ${i} % 8 ${sql.join(
      kana.map((k, j) => sql`when ${sql.lit(j)} then ${sql.lit(k)}`),
      sql` `,
    )} end`;
  const step = Math.floor((now - yearStart) / n);
  const id = (i: ReturnType<typeof sql.ref>) => sql`${sql.lit(`${bankCode}-`)} || (${i} + ${sql.lit(offset)})`;
  await series(
    db,
    n,
    (i) => sql`
    insert into applications (id, bank_code, application_type, status, mail_address, mail_hash, application_number,
      last_name, first_name, kana_last_name, kana_first_name, branch_code, branch_name, completed_at, created_at, updated_at)
    select ${id(i)}, ${sql.lit(bankCode)},
      case when ${i} % 10 = 0 then 'CHILD' else 'GENERAL' end,
      case when ${i} % 10 < 4 then 'COMPLETED' when ${i} % 10 < 8 then 'APPROVED' else 'REJECTED' end,
      'bench' || ${i} || '@example.jp', 'hash-' || ${id(i)}, ${sql.lit(`${bankCode}-2026-`)} || (${i} + ${sql.lit(offset)}),
      '山田', '太郎', ${kanaCase(i)}, 'ﾀﾛｳ',
      case ${i} % 5 when 0 then '100' when 1 then '101' when 2 then '102' when 3 then '201' else '305' end, '本店営業部',
      ${sql.lit(yearStart)} + ${i} * ${sql.lit(step)}, ${sql.lit(yearStart)} + ${i} * ${sql.lit(step)}, ${sql.lit(yearStart)} + ${i} * ${sql.lit(step)}`,
  ).execute(db.kysely);
  // Of the waiting ones: every third is taken by someone, every seventh proposed for approval.
  await series(
    db,
    n,
    (i) => sql`
    insert into application_cases (application_id, proposed_by, proposed_at, assigned_to, assigned_at)
    select ${id(i)},
      case when ${i} % 7 = 0 then ${sql.lit(staffIds[1])} else null end, case when ${i} % 7 = 0 then ${sql.lit(now)} else null end,
      case when ${i} % 3 = 0 then ${sql.lit(staffIds[0])} else null end, case when ${i} % 3 = 0 then ${sql.lit(now)} else null end`,
  ).execute(db.kysely);
  await sql`delete from application_cases where application_id in (select id from applications where bank_code = ${bankCode} and status <> 'COMPLETED')`.execute(
    db.kysely,
  );
  await series(
    db,
    n,
    (i) => sql`
    insert into application_reviews (application_id, outcome, reason, decided_by, decided_at, handed_over_at, handover_reference, cancelled_at, cancel_reason, cancelled_by, shareable_reason, proposed_by)
    select ${id(i)}, case when ${i} % 10 < 8 then 'APPROVED' else 'REJECTED' end, null, ${sql.lit(staffIds[2])}, ${sql.lit(now)}, null, null,
      case when ${i} % 50 = 4 then ${sql.lit(now)} else null end, null, null, null, ${sql.lit(staffIds[1])}`,
  ).execute(db.kysely);
  await sql`delete from application_reviews where application_id in (select id from applications where bank_code = ${bankCode} and status = 'COMPLETED')`.execute(
    db.kysely,
  );
}

/** The queries a reviewer's day is made of (the screen's URL parameters). */
const queries: Record<string, Record<string, string>> = {
  'all, newest first': {},
  'waiting, oldest first': { status: 'COMPLETED', sort: 'age', order: 'desc' },
  mine: { view: 'mine' },
  'unassigned, oldest first': { view: 'unassigned', sort: 'age', order: 'desc' },
  'waiting for a second check': { view: 'second' },
  'branch and month': { branch: '201', from: '2026-09-01', to: '2026-09-30' },
  'older than 5 days, by branch': { status: 'COMPLETED', minAge: '5', sort: 'branch', order: 'asc' },
  'child, kana name': { type: 'CHILD', kanaName: 'ｻﾄｳ' },
  'by kana, page 100': { sort: 'kanaName', order: 'asc', page: '100' },
};

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function benchDialect(dialect: Dialect): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'koza-bench-queue-'));
  const database = await freshDatabase(dialect, dir);
  const location = parseDatabaseUrl(database.url);
  const db = await openDatabase(location.dialect === 'postgres' ? { ...location, pool: { queryTimeoutMs: 30 * 60_000 } } : location);
  const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;
  try {
    await migrateToLatest(db);
    // The banks the applications refer to (migration 069), as the API fills them at start.
    await loadReferenceData(db, [banksDataSet()]);
    let started = performance.now();
    await generate(db, '0587', count, 0);
    await generate(db, '0177', Math.round(count / 5), count);
    await sql`analyze`.execute(db.kysely);
    const generated = performance.now() - started;
    log(`queue ${dialect}: ${count} + ${Math.round(count / 5)} applications generated in ${ms(generated)}`);

    const runs = 15;
    const all: number[] = [];
    const perQuery: string[] = [];
    for (const [name, params] of Object.entries(queries)) {
      const query = applicationListQuerySchema.parse(params);
      const reader = { staffId: staffIds[0]!, now, targetBusinessDays: 2 };
      const first = await listApplications(db, '0587', query, reader); // warm
      const times: number[] = [];
      for (let n = 0; n < runs; n++) {
        started = performance.now();
        await listApplications(db, '0587', query, reader);
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      perQuery.push(`${name} ${ms(percentile(times, 95))} (${first.total})`);
    }
    all.sort((a, b) => a - b);
    const p95 = percentile(all, 95);
    const label = `${dialect}, ${(count / 1000).toFixed(0)}k applications of one bank`;
    return [
      {
        section: 'queue',
        name: `${label}: filtered list, p95 of ${all.length} calls (${Object.keys(queries).length} views/filters × ${runs})`,
        value: `${ms(p95)} (median ${ms(percentile(all, 50))})`,
        target: `≤ ${targetMs} ms`,
        met: p95 <= targetMs,
      },
      { section: 'queue', name: `${label}: p95 per view (matching rows)`, value: perQuery.join('; ') },
      { section: 'queue', name: `${label}: generate`, value: ms(generated) },
    ];
  } finally {
    await db.close();
    await database.drop();
  }
}

export async function benchQueue(skip: ReadonlySet<string> = new Set((process.env.BENCH_SKIP ?? '').split(','))): Promise<Row[]> {
  const rows: Row[] = [];
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (skip.has(`queue-${dialect}`)) continue;
    const figures = await benchDialect(dialect);
    for (const row of figures) log(`${row.name}: ${row.value}`);
    rows.push(...figures);
  }
  return rows;
}
