import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 068 (issue 33, docs/decisions/0239-decided-applications-erased.md): when the retention job erased
// a decided application's personal data, leaving the stub (number, bank, flow, branch, states and
// dates). Null while the data is there.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('personal_data_erased_at', epochMs).execute();
}
