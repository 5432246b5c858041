import type { Db } from '../../db/database.ts';
import { insertPageView } from '../../db/repositories/page-views-repository.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';
import { enforceLimits, minutes } from '../platform/rate-limits.ts';

// Page views feed the staff funnel report (DECISIONS.md §5). No auth, so they are limited per
// client IP in the database: a script cannot flood the table.

export const pageViewLimit = { max: 120, windowMs: minutes(1) } as const;

export async function recordPageView(
  db: Db,
  view: { bankCode: string; path: string; applicationType: string | null; channel: string | null; deviceId: string | null; ip: string },
  now: number,
): Promise<void> {
  await enforceLimits(db, [{ key: `page-view:ip:${view.ip}`, limits: [pageViewLimit] }], now);
  await insertPageView(
    db,
    {
      bankCode: view.bankCode,
      applicationType: view.applicationType,
      path: view.path,
      deviceId: view.deviceId,
      channel: view.channel,
      createdAt: now,
    },
    toJapanIso(now).slice(0, 10),
  );
}
