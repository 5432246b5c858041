import type { Kysely } from 'kysely';

// 043: the applicant's status page asks whether staff have opened an application (審査中,
// docs/decisions/0192-application-status-page.md): an index on the audit log by application and
// action answers it without reading the bank's whole log. Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_application_action').on('audit_log').columns(['application_id', 'action']).execute();
}
