import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { isPostgres } from './helpers.ts';

// 040: PostgreSQL tells every instance when a session may have ended (docs/decisions/0176-session-cache.md):
// a statement that deletes sessions, or changes anything of them but the idle-window touch
// (last_seen_at), sends a notification on the channel `koza_auth_sessions` at its COMMIT; instances
// LISTEN and forget the sessions they keep in memory. SQLite needs nothing here (db/session-changes.ts
// reads PRAGMA data_version). Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function koza_auth_sessions_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('koza_auth_sessions', '');
      return null;
    end
    $$`.execute(db);
  await sql`
    create trigger auth_sessions_changed
    after update of id, token_hash, bank_code, application_type, device_id, mail_address, application_id, created_at, revoked_at
    or delete or truncate on auth_sessions
    for each statement execute function koza_auth_sessions_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists auth_sessions_changed on auth_sessions`.execute(db);
  await sql`drop function if exists koza_auth_sessions_changed()`.execute(db);
}
