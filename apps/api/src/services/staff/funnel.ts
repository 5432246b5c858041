import type { z } from 'zod';
import { adminMessages } from '@koza/domain/admin/messages';
import { dropOffs, funnelMaxDays, funnelMethodText, funnelSteps, reachedCounts } from '@koza/domain/admin/funnel';
import { applicationTypeLabels } from '@koza/domain/admin/case-view';
import type { Funnel, funnelQuerySchema } from '@koza/domain/api/admin-announcements';
import type { Db } from '../../db/database.ts';
import { funnelViews } from '../../db/repositories/page-views-repository.ts';
import { FieldValidationError } from '../platform/refusals.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';
import { csvBom, csvLine } from '../../adapters/csv.ts';

// The conversion funnel (docs/decisions/0162-funnel-from-daily-page-views.md): views of each step's
// page per Japan day, from the daily roll-up, in one query. Page views carry no personal data and
// no identifier of a person, so a step's count is its page's views (a reload counts again).

type FunnelQuery = z.output<typeof funnelQuerySchema>;

const dayMs = 86_400_000;
const dayNumber = (day: string): number | null => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== day ? null : ms / dayMs;
};

/** The period asked for, or the last 30 Japan days up to today. */
function periodOf(query: FunnelQuery, now: number): { from: string; to: string } {
  const to = query.to ?? toJapanIso(now).slice(0, 10);
  const toDay = dayNumber(to);
  const from = query.from ?? (toDay === null ? to : new Date((toDay - 29) * dayMs).toISOString().slice(0, 10));
  const fromDay = dayNumber(from);
  if (fromDay === null || toDay === null || fromDay > toDay || toDay - fromDay + 1 > funnelMaxDays) {
    throw new FieldValidationError([{ field: 'from', message: adminMessages.periodInvalid }]);
  }
  return { from, to };
}

export async function funnel(db: Db, bankCode: string, query: FunnelQuery, now: number): Promise<Funnel> {
  const { from, to } = periodOf(query, now);
  const steps = funnelSteps(query.type);
  const index = new Map(steps.map((s, i) => [s.path, i]));
  const rows = await funnelViews(db, { bankCode, applicationType: query.type, fromDay: from, toDay: to, paths: steps.map((s) => s.path) });
  const byDay = new Map<string, number[]>();
  const totals = steps.map(() => 0);
  for (const row of rows) {
    const i = index.get(row.path);
    if (i === undefined) continue;
    let counts = byDay.get(row.day);
    if (!counts) byDay.set(row.day, (counts = steps.map(() => 0)));
    counts[i] = (counts[i] ?? 0) + row.views;
    totals[i] = (totals[i] ?? 0) + row.views;
  }
  return {
    type: query.type,
    from,
    to,
    steps: steps.map(({ slug, path, label }) => ({ slug, path, label })),
    days: [...byDay].map(([day, counts]) => ({ day, counts })),
    totals,
  };
}

const percent = (share: number | null) => (share === null ? '' : `${(share * 100).toFixed(1)}%`);

/** CSV (BOM, CRLF, formula-safe like the other exports): one line per day and step, then the totals. */
export async function* funnelCsv(db: Db, bankCode: string, query: FunnelQuery, now: number): AsyncGenerator<string> {
  const f = await funnel(db, bankCode, query, now);
  yield csvBom + csvLine(['日付', '申込種別', 'ステップ', 'パス', '閲覧数', '到達数', '次のステップまでの離脱率']);
  const lines = (day: string, counts: readonly number[]) => {
    const reached = reachedCounts(counts);
    const drops = dropOffs(reached);
    return f.steps
      .map((s, i) => csvLine([day, applicationTypeLabels[f.type], s.label, s.path, counts[i] ?? 0, reached[i] ?? 0, percent(drops[i] ?? null)]))
      .join('');
  };
  for (const d of f.days) yield lines(d.day, d.counts);
  yield lines(`${f.from}〜${f.to} 合計`, f.totals);
  yield csvLine([funnelMethodText]);
}
