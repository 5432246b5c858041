import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { epochMs, isPostgres } from './helpers.ts';

// 045: staff sign-in as a bank's security team signs it off (issue 25; docs/decisions/0200–0204).
// - Login ids are unique within a bank, not across the three banks (one namespace per bank): a
//   member signs in only at their bank's host, and creating an id at one bank tells nothing of another.
// - `password_change_required`: an initial or reset password is good for one sign-in only, which can
//   do nothing but change it.
// - Each session keeps the address and user agent it was opened from: the previous sign-in shown
//   after the next one, and the sessions an ADMIN sees.
// - One-time recovery codes of the second factor, stored as keyed hashes.
// SQLite cannot drop a column's UNIQUE: the table is rebuilt (its sessions kept). Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table staff_users drop constraint staff_users_login_id_key`.execute(db);
    await sql`alter table staff_users add constraint staff_users_bank_login_id_key unique (bank_code, login_id)`.execute(db);
    await db.schema
      .alterTable('staff_users')
      .addColumn('password_change_required', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  } else {
    // The documented SQLite rebuild: new table, copy, drop, rename. Dropping staff_users deletes its
    // sessions (ON DELETE CASCADE with foreign keys on), so they are copied aside and put back.
    await sql`create temporary table staff_sessions_kept as select * from staff_sessions`.execute(db);
    await sql`
      create table staff_users_new (
        id text primary key,
        bank_code text not null,
        login_id text not null,
        display_name text not null,
        role text not null check (role in ('VIEWER', 'REVIEWER', 'ADMIN')),
        password_hash text not null,
        failed_sign_ins integer not null default 0,
        locked_at bigint,
        totp_secret text,
        totp_enabled_at bigint,
        last_totp_step bigint,
        created_at bigint not null,
        updated_at bigint not null,
        disabled_at bigint,
        password_change_required integer not null default 0,
        unique (bank_code, login_id)
      )`.execute(db);
    await sql`
      insert into staff_users_new (id, bank_code, login_id, display_name, role, password_hash, failed_sign_ins, locked_at,
        totp_secret, totp_enabled_at, last_totp_step, created_at, updated_at, disabled_at)
      select id, bank_code, login_id, display_name, role, password_hash, failed_sign_ins, locked_at,
        totp_secret, totp_enabled_at, last_totp_step, created_at, updated_at, disabled_at from staff_users`.execute(db);
    await sql`drop table staff_users`.execute(db);
    await sql`alter table staff_users_new rename to staff_users`.execute(db);
    await db.schema.createIndex('staff_users_bank').on('staff_users').columns(['bank_code']).execute();
    await sql`insert into staff_sessions select * from staff_sessions_kept`.execute(db);
    await sql`drop table staff_sessions_kept`.execute(db);
  }

  // The lock-out is gone (throttling instead, decision 0202): accounts locked before are free again.
  await sql`update staff_users set locked_at = null, failed_sign_ins = 0`.execute(db);

  await db.schema.alterTable('staff_sessions').addColumn('ip_address', 'text').execute();
  await db.schema.alterTable('staff_sessions').addColumn('user_agent', 'text').execute();
  await db.schema.createIndex('staff_sessions_staff').on('staff_sessions').columns(['staff_id', 'created_at']).execute();

  await db.schema
    .createTable('staff_recovery_codes')
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    // Keyed hash (CODE_HASH_KEY) of the code; the code itself is shown once and never stored.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('used_at', epochMs)
    .addPrimaryKeyConstraint('staff_recovery_codes_pk', ['staff_id', 'code_hash'])
    .execute();
}
