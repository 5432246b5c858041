import type { Kysely } from 'kysely';

// 032: the retention job deletes raw page views by age (docs/decisions/0093-retention.md addendum):
// an index on their time, so each batch finds the oldest without reading the table. Never edited
// once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('page_views_created_at').on('page_views').column('created_at').execute();
}
