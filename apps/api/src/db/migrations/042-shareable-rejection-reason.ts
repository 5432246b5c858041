import type { Kysely } from 'kysely';

// 042: when staff reject an application they may choose one reason from a fixed list that the
// applicant's status page may show (docs/decisions/0192-application-status-page.md); null: none
// chosen, the page gives no reason. The free-text `reason` stays internal. Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application_reviews').addColumn('shareable_reason', 'text').execute();
}
