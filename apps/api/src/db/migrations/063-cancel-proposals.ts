import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 063 (issue 32, docs/decisions/0230-four-eyes-and-case-history.md): cancelling an approved
// application takes two people, like approving it. `application_cases` keeps the open cancellation
// proposal: who proposed it, when, and the reason chosen (code and text as the history keeps them).
// An index serves withdrawing a member's open proposals. Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('application_cases').addColumn('cancel_proposed_by', 'text').execute();
  await db.schema.alterTable('application_cases').addColumn('cancel_proposed_at', epochMs).execute();
  await db.schema.alterTable('application_cases').addColumn('cancel_reason_code', 'text').execute();
  await db.schema.alterTable('application_cases').addColumn('cancel_reason', 'text').execute();
  await db.schema.createIndex('application_cases_cancel_proposed').on('application_cases').columns(['cancel_proposed_by']).execute();
}
