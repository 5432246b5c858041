import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@koza/domain/admin/messages';
import { funnelSteps } from '@koza/domain/admin/funnel';
import { rebuildPageViewDays } from '../../src/db/repositories/page-views-repository.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { hosts, uniqueIp } from '../helpers/auth.ts';
import { createAdminApp, makeStaff, signInStaff } from './admin-helpers.ts';
import type { AdminApp, StaffClient } from './admin-helpers.ts';

// The funnel (issue 15): page views posted by the applicant's browser, counted per step of the flow
// and Japan day from the daily roll-up; the drop-off between steps in the CSV; each bank its own.

interface Funnel {
  from: string;
  to: string;
  steps: { path: string; label: string }[];
  days: { day: string; counts: number[] }[];
  totals: number[];
}

forEachDialect((dialect) => {
  let app: AdminApp;
  let viewer: StaffClient;
  let viewer0177: StaffClient;

  const view = (path: string, applicationType: 'GENERAL' | 'CHILD' | null = 'GENERAL', bank: '0587' | '0177' = '0587') =>
    app.inject({
      method: 'POST',
      url: '/api/page-views',
      headers: { host: hosts[bank] },
      remoteAddress: uniqueIp(),
      payload: { path, bankCode: bank, ...(applicationType ? { applicationType } : {}) },
    });

  beforeAll(async () => {
    app = await createAdminApp(await dialect.createDb(), { now: '2026-06-14T23:59:00+09:00' });
    // Sunday 14 June, Japan time: 4 applicants open /term, 3 verify, 1 reaches the personal step.
    for (const path of ['/term', '/term', '/term', '/term', '/verification', '/verification', '/verification', '/personal'])
      expect((await view(path)).statusCode).toBe(204);
    await view('/child/before-check', 'CHILD');
    await view('/term', 'GENERAL', '0177');
    // One minute later it is Monday 15 June in Japan (still the 14th in UTC).
    app.clock.set('2026-06-15T00:00:00+09:00');
    for (const path of ['/term', '/term', '/verification', '/personal?workplace=X', '/no-such-page']) expect((await view(path)).statusCode).toBe(204);
    await view('/term', null);
    app.clock.set('2026-06-16T10:00:00+09:00');
    viewer = await signInStaff(app, await makeStaff(app, '0587', 'VIEWER'));
    viewer0177 = await signInStaff(app, await makeStaff(app, '0177', 'VIEWER'));
  });
  afterAll(() => app?.close());

  it('counts the views of each step per Japan day, the last 30 days by default', async () => {
    const response = await viewer.get('/api/admin/funnel');
    expect(response.statusCode).toBe(200);
    const f = response.json() as Funnel;
    expect([f.from, f.to]).toEqual(['2026-05-18', '2026-06-16']);
    expect(f.steps.map((s) => s.path)).toEqual(funnelSteps('GENERAL').map((s) => s.path));
    expect(f.steps.slice(0, 3).map((s) => s.label)).toEqual(['申込前確認・規約', 'メールアドレス認証', 'お客さま情報']);
    const first3 = (counts: number[]) => counts.slice(0, 3);
    expect(f.days.map((d) => [d.day, first3(d.counts)])).toEqual([
      ['2026-06-14', [4, 3, 1]],
      ['2026-06-15', [2, 1, 1]],
    ]);
    expect(first3(f.totals)).toEqual([6, 4, 2]);
    expect(f.totals.slice(3).every((n) => n === 0)).toBe(true);
  });

  it('answers the child flow, a chosen period, and nothing of another bank', async () => {
    const child = (await viewer.get('/api/admin/funnel?type=CHILD&from=2026-06-14&to=2026-06-14')).json() as Funnel;
    expect(child.steps[0]!.path).toBe('/child/before-check');
    expect(child.totals[0]).toBe(1);
    const oneDay = (await viewer.get('/api/admin/funnel?from=2026-06-15&to=2026-06-15')).json() as Funnel;
    expect(oneDay.totals.slice(0, 3)).toEqual([2, 1, 1]);
    const other = (await viewer0177.get('/api/admin/funnel?from=2026-06-14&to=2026-06-15')).json() as Funnel;
    expect(other.totals.slice(0, 2)).toEqual([1, 0]);
  });

  it('gives the same funnel from a roll-up rebuilt from the stored page views (migration 030, the benchmark)', async () => {
    const before = (await viewer.get('/api/admin/funnel?from=2026-06-14&to=2026-06-15')).json() as Funnel;
    await rebuildPageViewDays(app.deps.db);
    expect((await viewer.get('/api/admin/funnel?from=2026-06-14&to=2026-06-15')).json()).toEqual(before);
  });

  it('refuses a period that is reversed, not a day, or longer than 400 days', async () => {
    for (const q of ['from=2026-06-15&to=2026-06-14', 'from=2026-02-30&to=2026-03-01', 'from=2025-01-01&to=2026-06-16']) {
      const response = await viewer.get(`/api/admin/funnel?${q}`);
      expect(response.statusCode, q).toBe(400);
      expect(response.json()).toEqual({ errors: [{ field: 'from', message: adminMessages.periodInvalid }] });
    }
    expect((await viewer.get('/api/admin/funnel?from=2025-05-13&to=2026-06-16')).statusCode).toBe(200);
  });

  it('exports the funnel as CSV in Japanese with a BOM: views, reached (never above the step before), the drop-off from reached, the totals, how counts are taken; and audits it', async () => {
    const response = await viewer.get('/api/admin/funnel/export.csv?from=2026-06-14&to=2026-06-15');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="funnel-0587-GENERAL-20260616.csv"');
    expect(response.body.startsWith('\uFEFF"日付","申込種別","ステップ","パス","閲覧数","到達数","次のステップまでの離脱率"\r\n')).toBe(true);
    const lines = response.body.split('\r\n');
    expect(lines).toContain('"2026-06-14","一般（18歳以上）","申込前確認・規約","/term","4","4","25.0%"');
    expect(lines).toContain('"2026-06-14","一般（18歳以上）","メールアドレス認証","/verification","3","3","66.7%"');
    expect(lines).toContain('"2026-06-14〜2026-06-15 合計","一般（18歳以上）","申込前確認・規約","/term","6","6","33.3%"');
    expect(lines.filter((l) => l.includes('/complete"')).every((l) => l.endsWith('"0","0",""'))).toBe(true);
    expect(lines.at(-2)).toMatch(/^"閲覧数：各ステップの画面が開かれた回数/);
    const audit = await signInStaff(app, await makeStaff(app, '0587', 'ADMIN'));
    const actions = ((await audit.get('/api/admin/audit')).json() as { items: { action: string; detail: string }[] }).items;
    expect(actions.find((a) => a.action === 'EXPORT_FUNNEL')?.detail).toBe('GENERAL 2026-06-14〜2026-06-15');
    expect(actions.some((a) => a.action === 'VIEW_FUNNEL')).toBe(true);
  });
});
