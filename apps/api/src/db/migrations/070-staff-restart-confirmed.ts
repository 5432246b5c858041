import type { Kysely } from 'kysely';

// 070 (issue 42, docs/decisions/0233-staff-changes-confirmed-by-a-second-admin.md, amended
// 2026-12-02): in four-eyes mode restarting a stopped account, and lifting an ADMIN's sign-in limit,
// wait for a different ADMIN like the other changes of migration 062.
// - `staff_users.pending_enable`, `pending_unlock`: 1 while that change waits.
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['pending_enable', 'pending_unlock']) {
    await db.schema
      .alterTable('staff_users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
}
