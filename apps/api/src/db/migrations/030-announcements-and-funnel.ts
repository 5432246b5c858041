import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { epochMs, isPostgres, japanDaySql } from './helpers.ts';

// 030: back office part 2 (docs/decisions/0160-announcements-seeded-then-owned-by-staff.md,
// 0162-funnel-from-daily-page-views.md): notices get an order and both announcement tables record
// who changed a row last; page views are rolled up per bank, Japan day, application type and page
// (the funnel reads the roll-up; the roll-up is filled from the page views already stored).
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notifications')
    .addColumn('display_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Rows seeded from data/files keep the order they had (the file's id).
  await sql`update notifications set display_order = source_id where source = 'reference' and source_id is not null`.execute(db);
  for (const table of ['notifications', 'maintenance_windows']) {
    await db.schema.alterTable(table).addColumn('updated_at', epochMs).execute();
    await db.schema.alterTable(table).addColumn('updated_by', 'text').execute();
  }

  await db.schema
    .createTable('page_view_days')
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('application_type', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    // The funnel asks for one bank and type over a range of days: the key is its index.
    .addPrimaryKeyConstraint('page_view_days_pk', ['bank_code', 'application_type', 'day', 'path'])
    .execute();
  await sql`
    insert into page_view_days (bank_code, application_type, day, path, views)
    select bank_code, application_type, ${japanDaySql(isPostgres(db), sql.ref('created_at'))}, path, count(*)
    from page_views
    where application_type is not null
    group by 1, 2, 3, 4`.execute(db);
}
