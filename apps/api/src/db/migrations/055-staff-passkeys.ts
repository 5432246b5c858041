import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 055: passkeys (WebAuthn) as a staff member's preferred second factor, TOTP kept as the fallback
// (docs/decisions/0220-staff-passkeys.md).
// - staff_passkeys: one row per registered credential, bound to the relying-party id (the bank's
//   host) it was made for; the public key as COSE bytes (base64url), never a secret.
// - staff_webauthn_challenges: the challenge of each registration or sign-in ceremony, kept in the
//   database so any instance can check the answer, and used once (deleted when checked).
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('staff_passkeys')
    // The credential id (base64url) as the authenticator gives it.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('rp_id', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('sign_count', 'bigint', (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .addColumn('last_used_at', epochMs)
    .execute();
  await db.schema.createIndex('staff_passkeys_staff').on('staff_passkeys').columns(['staff_id']).execute();

  await db.schema
    .createTable('staff_webauthn_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // 'register' (a signed-in member adds a passkey) or 'sign-in' (nobody known yet).
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('staff_id', 'text')
    .addColumn('challenge', 'text', (c) => c.notNull())
    .addColumn('rp_id', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_webauthn_challenges_created').on('staff_webauthn_challenges').columns(['created_at']).execute();
}
