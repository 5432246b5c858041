import type { Kysely } from 'kysely';
import { epochMs } from './helpers.ts';

// 072 (issue 44, docs/decisions/0253-staff-sign-in-through-the-banks-identity-provider.md): staff
// sign in through their bank's OpenID Connect provider.
// - `staff_users.oidc_issuer`, `oidc_subject`: the provider account the member is linked to (the ID
//   token's `iss` and `sub`, nothing else of it); unique per bank. `pending_oidc_issuer`,
//   `pending_oidc_subject`: a link that waits for a second ADMIN (decision 0233); `pending_oidc_unlink`
//   1 while removing the link of an ADMIN waits. `last_oidc_sign_in_at`: the staff list's column.
// - `staff_sessions.via_provider`: 1 for a session the provider's sign-in opened (its MFA stands for
//   the local second factor); `expires_at`: its hard end, the provider's `auth_time` + the bank's
//   STAFF_OIDC_SESSION_MINUTES (null for a local sign-in).
// - `staff_oidc_states`: one row per sign-in sent to the provider (state, nonce, PKCE verifier),
//   found by the keyed hash of the browser's cookie, taken once by whichever instance serves the
//   callback, ten minutes at most.
// - `staff_break_glass`: a bank whose local sign-in is off opened to every member until `until` by
//   the operator (`npm run staff -- break-glass`).
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['oidc_issuer', 'oidc_subject', 'pending_oidc_issuer', 'pending_oidc_subject']) {
    await db.schema.alterTable('staff_users').addColumn(column, 'text').execute();
  }
  await db.schema
    .alterTable('staff_users')
    .addColumn('pending_oidc_unlink', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('staff_users').addColumn('last_oidc_sign_in_at', epochMs).execute();
  // NULLs are distinct in both dialects: any number of unlinked members.
  await db.schema.createIndex('staff_users_oidc_subject').on('staff_users').columns(['bank_code', 'oidc_issuer', 'oidc_subject']).unique().execute();

  await db.schema
    .alterTable('staff_sessions')
    .addColumn('via_provider', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('staff_sessions').addColumn('expires_at', epochMs).execute();

  await db.schema
    .createTable('staff_oidc_states')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_oidc_states_created').on('staff_oidc_states').columns(['created_at']).execute();

  await db.schema
    .createTable('staff_break_glass')
    .addColumn('bank_code', 'text', (c) => c.primaryKey())
    .addColumn('opened_at', epochMs, (c) => c.notNull())
    .addColumn('until', epochMs, (c) => c.notNull())
    .execute();
}
