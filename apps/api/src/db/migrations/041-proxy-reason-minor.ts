import type { Kysely } from 'kysely';

// 041: the proxy application reason is stored and answered as SPEC.md's 'minor' (§9 "Proxy reason
// fixed value: minor"), no longer the upper-case 'MINOR' of decision 0130
// (docs/decisions/0190-spec-values-of-the-applicant-side.md). Rows saved before are rewritten.
// Never edited once released.

export async function up(db: Kysely<unknown>): Promise<void> {
  await (db as Kysely<{ application_parents: { proxy_application_reason: string | null } }>)
    .updateTable('application_parents')
    .set({ proxy_application_reason: 'minor' })
    .where('proxy_application_reason', '=', 'MINOR')
    .execute();
}
