import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 061 (issue 24, docs/decisions/0233-staff-changes-confirmed-by-a-second-admin.md): a staff account
// or a role change made by one ADMIN waits for a second ADMIN's confirmation where the bank has two
// or more ADMINs. `created_by` (null: the command line), `confirmed_by`/`confirmed_at`;
// `awaiting_confirmation` 1 while the account may not sign in; `pending_role` with
// `role_requested_by` while a role change waits. Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('staff_users').addColumn('created_by', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('confirmed_by', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('confirmed_at', epochMs).execute();
  await db.schema
    .alterTable('staff_users')
    .addColumn('awaiting_confirmation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('staff_users').addColumn('pending_role', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('role_requested_by', 'text').execute();
}
