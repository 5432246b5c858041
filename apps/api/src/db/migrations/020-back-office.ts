import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { addIdentity, epochMs, isPostgres } from './helpers.ts';

// 020: the back office (docs/decisions/0110-back-office.md, 0111-staff-authentication.md,
// 0112-handover-file.md, 0113-audit-log.md): staff accounts per bank, their sessions, the review
// of an application (approve / reject, hand-over, cancel), and the append-only audit log.
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    // Unique over every bank: the sign-in form asks for the ID and the password only.
    .addColumn('login_id', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('VIEWER', 'REVIEWER', 'ADMIN')`))
    // scrypt$N$r$p$salt$hash (services/staff-passwords.ts).
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('failed_sign_ins', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', epochMs)
    // Base32 TOTP secret, encrypted like the PIN (AES-256-GCM under PIN_DATA_KEY); enabled once confirmed.
    .addColumn('totp_secret', 'text')
    .addColumn('totp_enabled_at', epochMs)
    .addColumn('last_totp_step', epochMs)
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('updated_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_users_bank').on('staff_users').columns(['bank_code']).execute();

  await db.schema
    .createTable('staff_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Keyed hash of the cookie's token; the token itself is never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('last_seen_at', epochMs, (c) => c.notNull())
    .addColumn('revoked_at', epochMs)
    .execute();

  // One row per application that staff decided: approve / reject, the hand-over, a later cancel.
  await db.schema
    .createTable('application_reviews')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('applications.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome in ('APPROVED', 'REJECTED')`))
    .addColumn('reason', 'text')
    .addColumn('decided_by', 'text', (c) => c.notNull())
    .addColumn('decided_at', epochMs, (c) => c.notNull())
    .addColumn('handed_over_at', epochMs)
    .addColumn('handover_reference', 'text')
    .addColumn('cancelled_at', epochMs)
    .addColumn('cancel_reason', 'text')
    .addColumn('cancelled_by', 'text')
    .execute();

  // Append-only: who did what, when, to which application, from where. No foreign keys on purpose
  // (a log line outlives the rows it names); the login id is copied for the same reason.
  await addIdentity(db, db.schema.createTable('audit_log'))
    .addColumn('at', epochMs, (c) => c.notNull())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('staff_login_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('application_id', 'text')
    .addColumn('application_number', 'text')
    .addColumn('detail', 'text')
    .addColumn('ip_address', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_bank_at').on('audit_log').columns(['bank_code', 'at']).execute();

  // The database itself refuses to change or remove a log line, whoever asks.
  if (isPostgres(db)) {
    await sql`
      create function audit_log_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'audit_log is append-only';
      end
      $$`.execute(db);
    await sql`create trigger audit_log_no_update_delete before update or delete on audit_log for each row execute function audit_log_append_only()`.execute(db);
    await sql`create trigger audit_log_no_truncate before truncate on audit_log for each statement execute function audit_log_append_only()`.execute(db);
  } else {
    await sql`create trigger audit_log_no_update before update on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
    await sql`create trigger audit_log_no_delete before delete on audit_log begin select raise(abort, 'audit_log is append-only'); end`.execute(db);
  }
}
