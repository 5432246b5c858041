import type { Kysely } from 'kysely';

// 050: where a reference data set came from and the date of its data (issue 27): the postal table is
// either the packaged snapshot (jquery-jpostal-ja, 2025-09-30) or a Japan Post KEN_ALL file an
// operator loaded with `npm run postal:update`; /api/health and the back office name it
// (docs/decisions/0213-postal-data-updates.md). Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('reference_data_versions').addColumn('source', 'text').execute();
  await db.schema.alterTable('reference_data_versions').addColumn('data_date', 'text').execute();
}
