import { describe, expect, it } from 'vitest';
import { dropOffs, funnelSteps, reachedCounts } from '../src/admin/funnel.ts';
import { japanLocalToEpoch, maintenanceBodySchema, noticeBodySchema, toJapanLocal } from '../src/api/admin-announcements.ts';
import { flows } from '../src/flows.ts';

describe('funnel steps', () => {
  it("follow each flow's main line in order, without the pass-through pages", () => {
    for (const type of ['GENERAL', 'CHILD'] as const) {
      const steps = funnelSteps(type);
      const positions = steps.map((s) => flows[type].sequence.indexOf(s.slug));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(steps.map((s) => s.slug)).not.toContain('ekyc-callback');
    }
    // Which pages are steps of the funnel (their order is the flow's, checked above and in flows.test.ts).
    expect(
      funnelSteps('GENERAL')
        .map((s) => s.path)
        .sort(),
    ).toEqual(['/term', '/verification', '/personal', '/workplace', '/branch', '/seal-less', '/confirmation', '/pin', '/ekyc-preparation', '/complete'].sort());
    expect(funnelSteps('CHILD')[0]).toEqual({ slug: 'child-before-check', path: '/child/before-check', label: '申込前確認' });
  });

  it('gives the drop-off to the next step as a share, none after the last or from zero', () => {
    expect(dropOffs([4, 3, 0, 0])).toEqual([0.25, 1, null, null]);
    expect(dropOffs([])).toEqual([]);
  });
});

describe('Japan wall-clock times', () => {
  it('reads YYYY-MM-DDTHH:MM as +09:00 and writes it back', () => {
    expect(japanLocalToEpoch('2026-06-16T09:30')).toBe(Date.parse('2026-06-16T09:30:00+09:00'));
    expect(japanLocalToEpoch('2026-01-01T00:00')).toBe(Date.parse('2025-12-31T15:00:00Z'));
    expect(toJapanLocal('2025-12-31T15:00:00Z')).toBe('2026-01-01T00:00');
    for (const bad of ['2026-02-29T10:00', '2026-06-16T24:00', '2026-06-16 09:30', '2026-06-16T09:30:00', '1999-12-31T23:59', '']) {
      expect(japanLocalToEpoch(bad), bad).toBeNull();
    }
  });

  it('checks a window: end after start', () => {
    expect(maintenanceBodySchema.safeParse({ startedAt: '2026-06-16T10:00', endedAt: '2026-06-16T10:00' }).success).toBe(false);
    expect(maintenanceBodySchema.parse({ startedAt: '2026-06-16T10:00', endedAt: '2026-06-16T10:01', reason: '  ' }).reason).toBeNull();
    const notice = noticeBodySchema.parse({ channel: ' ', contents: 'a\r\nb', displayOrder: '3', startedAt: '2026-06-16T10:00', endedAt: '' });
    expect(notice).toEqual({ channel: null, contents: 'a\nb', displayOrder: 3, startedAt: Date.parse('2026-06-16T10:00:00+09:00'), endedAt: null });
  });
});

describe('funnel reached counts', () => {
  it('never lets a step count more than the step before it, so no drop-off is negative', () => {
    const views = [10, 12, 4, 6, 0, 3];
    const reached = reachedCounts(views);
    expect(reached).toEqual([10, 10, 4, 4, 0, 0]);
    expect(dropOffs(reached).every((d) => d === null || d >= 0)).toBe(true);
    expect(dropOffs(views)[0]).toBeLessThan(0); // what the raw views would have shown
  });
});
