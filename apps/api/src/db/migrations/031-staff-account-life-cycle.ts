import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 031: a staff account can be stopped by an ADMIN (docs/decisions/0164-staff-account-life-cycle.md):
// `disabled_at` set means no sign-in and no session. Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_users').addColumn('disabled_at', epochMs).execute();
}
