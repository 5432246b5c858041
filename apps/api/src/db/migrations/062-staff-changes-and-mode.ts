import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 062 (issue 32, docs/decisions/0233-staff-changes-confirmed-by-a-second-admin.md): more staff
// changes wait for a second ADMIN, and the bank's four-eyes mode is kept, not counted.
// - `staff_users.pending_password_reset`, `pending_second_factor_reset`, `pending_disable`: 1 while
//   that change waits for a different ADMIN's confirmation.
// - `staff_change_authors`: every ADMIN who created or changed the account since its last
//   confirmation (none of them may confirm it); emptied by the confirmation.
// - `bank_staff_modes`: a bank's row once it has had two ADMINs (four-eyes mode); only the command
//   line (`npm run staff -- single-admin`) removes it.
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['pending_password_reset', 'pending_second_factor_reset', 'pending_disable']) {
    await db.schema
      .alterTable('staff_users')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('staff_change_authors')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('at', epochMs, (c) => c.notNull())
    .addPrimaryKeyConstraint('staff_change_authors_pk', ['staff_id', 'changed_by'])
    .execute();
  await db.schema
    .createTable('bank_staff_modes')
    .addColumn('bank_code', 'text', (c) => c.primaryKey())
    .addColumn('four_eyes_since', epochMs, (c) => c.notNull())
    .execute();

  // What waits today keeps its author; banks with two active ADMINs are in four-eyes mode.
  await sql`insert into staff_change_authors (staff_id, changed_by, at)
    select id, created_by, updated_at from staff_users where awaiting_confirmation = 1 and created_by is not null`.execute(db);
  await sql`insert into staff_change_authors (staff_id, changed_by, at)
    select id, role_requested_by, updated_at from staff_users
    where pending_role is not null and role_requested_by is not null
      and not exists (select 1 from staff_change_authors a where a.staff_id = staff_users.id and a.changed_by = staff_users.role_requested_by)`.execute(db);
  await sql`insert into bank_staff_modes (bank_code, four_eyes_since)
    select bank_code, max(updated_at) from staff_users
    where role = 'ADMIN' and disabled_at is null and awaiting_confirmation = 0
    group by bank_code having count(*) >= 2`.execute(db);
}
