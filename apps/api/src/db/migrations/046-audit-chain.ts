import type { Kysely } from 'kysely';

// 046: the audit log becomes tamper-evident and says more about who tried (issue 25;
// docs/decisions/0204-audit-tamper-evidence.md):
// - `prev_hash` / `row_hash`: each row carries the keyed hash of the row before it (of the whole log,
//   all banks) and its own, so a changed, removed or inserted row breaks the chain at that row
//   (`npm run audit:verify`). Rows written before this migration carry none; the chain starts at
//   the first row written after it.
// - `user_agent` of the request (failed sign-ins, refusals).
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute();
  await db.schema.alterTable('audit_log').addColumn('row_hash', 'text').execute();
}
