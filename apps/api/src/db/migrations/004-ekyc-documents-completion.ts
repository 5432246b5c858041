import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addIdentity, epochMs, isPostgres } from './helpers.ts';

// 004: eKYC sessions at the provider, signed webhook receipts, uploaded documents
// (docs/decisions/0050-ekyc-integration.md, 0051-documents.md). Application numbers use the
// application_number_counters table of 001. Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ekyc_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    // 1, 2, 3 … per application: the newest session is the highest attempt (times can be equal).
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('provider_session_id', 'text', (c) => c.notNull().unique())
    .addColumn('method', 'text', (c) => c.notNull().check(sqlIn('method', ['PHOTO_ID_AND_FACE', 'JPKI'])))
    .addColumn('provider_status', 'text', (c) =>
      c.notNull().check(sqlIn('provider_status', ['CREATED', 'SUBMITTED', 'PASSED', 'ADDRESS_MISMATCH', 'FAILED', 'EXPIRED'])),
    )
    .addColumn('status', 'integer', (c) => c.notNull().check(sql`status in (1, 2, 4, 8, 9)`))
    .addColumn('supplement_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('webhook_at', epochMs)
    .addColumn('pulled_at', epochMs)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  // Also stops two simultaneous starts from both recording a new session.
  await db.schema.createIndex('ekyc_sessions_application_attempt').on('ekyc_sessions').columns(['application_id', 'attempt']).unique().execute();

  // A delivery seen twice (the provider retries until it gets a 2xx) is recognised and ignored.
  await addIdentity(db, db.schema.createTable('webhook_receipts'))
    .addColumn('provider_session_id', 'text', (c) => c.notNull())
    .addColumn('provider_status', 'text', (c) => c.notNull())
    .addColumn('body_sha256', 'text', (c) => c.notNull())
    .addColumn('received_at', epochMs, (c) => c.notNull())
    .addUniqueConstraint('webhook_receipts_delivery', ['provider_session_id', 'provider_status', 'body_sha256'])
    .execute();

  // Uploaded images live in the database (DECISIONS.md §5 "stored durably, in the database by
  // default"): one backup, one transaction with the status change, nothing on an instance's disk.
  await db.schema
    .createTable('documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sqlIn('type', ['INDIVIDUAL_NUMBER_CARD', 'CERTIFICATE_RESIDENCE', 'MATERNITY_HANDBOOK', 'CURRENT_ADDRESS_DOCUMENT'])),
    )
    .addColumn('content_type', 'text', (c) => c.notNull().check(sqlIn('content_type', ['image/jpeg', 'image/png', 'image/heic'])))
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('bytes', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('documents_application_type').on('documents').columns(['application_id', 'type']).execute();
}

function sqlIn(column: string, values: readonly string[]) {
  return sql`${sql.ref(column)} in (${sql.join(values.map((v) => sql.lit(v)))})`;
}
