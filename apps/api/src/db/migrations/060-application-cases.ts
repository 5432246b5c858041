import type { Kysely } from 'kysely';
import { addIdentity, epochMs } from './helpers.ts';

// 060 (issue 24, docs/decisions/0230-four-eyes-and-case-history.md): an application reviewed by staff
// is a case. `application_cases` holds its live state (an open approval proposal, the assignee);
// `application_events` its history (who did what, when, why), which the case view reads.
// `application_reviews.proposed_by` records who proposed an approval another member confirmed.
// Rows go with their application (retention, cascade). An index serves the work queue's list by
// bank and submission time. Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('application_cases')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('proposed_by', 'text')
    .addColumn('proposed_at', epochMs)
    .addColumn('assigned_to', 'text')
    .addColumn('assigned_at', epochMs)
    .execute();
  await db.schema.createIndex('application_cases_assigned').on('application_cases').columns(['assigned_to']).execute();
  await db.schema.createIndex('application_cases_proposed').on('application_cases').columns(['proposed_by']).execute();

  await addIdentity(db, db.schema.createTable('application_events'))
    .addColumn('application_id', 'text', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('at', epochMs, (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason_code', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('application_events_application').on('application_events').columns(['application_id', 'at']).execute();

  await db.schema.alterTable('application_reviews').addColumn('proposed_by', 'text').execute();

  // The work queue lists one bank's completed applications newest (or oldest) first, often of one
  // state, or ordered by kana name or branch (scripts/bench/queue.ts measures it on 100,000).
  await db.schema.createIndex('applications_bank_completed').on('applications').columns(['bank_code', 'completed_at']).execute();
  await db.schema.createIndex('applications_bank_status_completed').on('applications').columns(['bank_code', 'status', 'completed_at']).execute();
  await db.schema.createIndex('applications_bank_kana').on('applications').columns(['bank_code', 'kana_last_name']).execute();
  await db.schema.createIndex('applications_bank_branch').on('applications').columns(['bank_code', 'branch_code', 'completed_at']).execute();
}
