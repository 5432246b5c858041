import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Db } from '../database.ts';
import type { Database, EpochMs } from '../schema.ts';
import { japanDaySql } from '../migrations/helpers.ts';

export interface NewPageView {
  bankCode: string;
  applicationType: string | null;
  path: string;
  deviceId: string | null;
  channel: string | null;
  createdAt: EpochMs;
}

/**
 * Stores the view and counts it in its day's roll-up (page_view_days) atomically: the funnel reads
 * the roll-up (docs/decisions/0162-funnel-from-daily-page-views.md). PostgreSQL: one statement (the
 * insert as a data-modifying CTE), one round trip; SQLite (in-process): a transaction of two. A view
 * without an application type belongs to no funnel and is not rolled up.
 */
export async function insertPageView(db: Db, view: NewPageView, japanDay: string): Promise<void> {
  if (view.applicationType === null) {
    await db.kysely.insertInto('pageViews').values(view).execute();
    return;
  }
  const day = { bankCode: view.bankCode, applicationType: view.applicationType, day: japanDay, path: view.path, views: 1 };
  const addOne = <T extends Pick<Kysely<Database>, 'insertInto'>>(k: T) =>
    k
      .insertInto('pageViewDays')
      .values(day)
      .onConflict((oc) => oc.columns(['bankCode', 'applicationType', 'day', 'path']).doUpdateSet({ views: sql<number>`page_view_days.views + 1` }));
  if (db.dialect === 'postgres') {
    await addOne(db.kysely.with('view', (k) => k.insertInto('pageViews').values(view))).execute();
    return;
  }
  await db.kysely.transaction().execute(async (trx) => {
    await trx.insertInto('pageViews').values(view).execute();
    await addOne(trx).execute();
  });
}

/** Views per Japan day and page of one bank and application type, for the given pages and days (inclusive). One query. */
export async function funnelViews(
  db: Db,
  filter: { bankCode: string; applicationType: string; fromDay: string; toDay: string; paths: readonly string[] },
): Promise<{ day: string; path: string; views: number }[]> {
  const rows = await db.kysely
    .selectFrom('pageViewDays')
    .select(['day', 'path', 'views'])
    .where('bankCode', '=', filter.bankCode)
    .where('applicationType', '=', filter.applicationType)
    .where('day', '>=', filter.fromDay)
    .where('day', '<=', filter.toDay)
    .where('path', 'in', [...filter.paths])
    .orderBy('day')
    .execute();
  return rows.map((r) => ({ day: r.day, path: r.path, views: Number(r.views) }));
}

/** Rebuilds the whole roll-up from the stored page views (the benchmark; a repair after a bulk import). */
export async function rebuildPageViewDays(db: Db): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom('pageViewDays').execute();
    const day = japanDaySql(db.dialect === 'postgres', sql.ref('created_at'));
    await sql`
      insert into page_view_days (bank_code, application_type, day, path, views)
      select bank_code, application_type, ${day}, path, count(*)
      from page_views
      where application_type is not null
      group by 1, 2, 3, 4`.execute(trx);
  });
}
