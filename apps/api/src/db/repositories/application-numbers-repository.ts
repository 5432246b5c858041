import type { Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database, EpochMs } from '../schema.ts';

// Application numbers (docs/decisions/0052-completion-numbers.md): one counter row per bank in
// `application_number_counters`, advanced inside the completing transaction. The UPDATE … RETURNING
// takes the row lock (PostgreSQL) or runs under BEGIN IMMEDIATE (SQLite), so two completions never
// get the same number; a rolled-back transaction gives its number back unused, so none is skipped
// or reused. The unique index (bank_code, application_number) of 001 is the last line of defence.

/** The next sequence number of a bank (1, 2, 3 …). Call inside the completing transaction. */
export async function allocateSequence(trx: Transaction<Database>, bankCode: string): Promise<number> {
  await trx
    .insertInto('applicationNumberCounters')
    .values({ bankCode, nextNumber: 1 })
    .onConflict((oc) => oc.column('bankCode').doNothing())
    .execute();
  const row = await trx
    .updateTable('applicationNumberCounters')
    .set((eb) => ({ nextNumber: eb('nextNumber', '+', 1) }))
    .where('bankCode', '=', bankCode)
    .returning('nextNumber')
    .executeTakeFirstOrThrow();
  return Number(row.nextNumber) - 1;
}

export interface SessionClosedByCompletion {
  sessionId: string;
  applicationId: string;
  bankCode: string;
  applicationType: string;
  mailAddress: string;
}

/**
 * A session of this bank that the completion of its application revoked, when that completion
 * happened after `completedSince`: the completion call may be repeated with it (idempotent retry).
 */
export async function findSessionClosedByCompletion(
  db: Db,
  q: { tokenHash: string; bankCode: string; completedSince: EpochMs },
): Promise<SessionClosedByCompletion | null> {
  const row = await db.kysely
    .selectFrom('authSessions as s')
    .innerJoin('applications as a', 'a.id', 's.applicationId')
    .select(['s.id as sessionId', 'a.id as applicationId', 's.bankCode', 's.applicationType', 's.mailAddress'])
    .where('s.tokenHash', '=', q.tokenHash)
    .where('s.bankCode', '=', q.bankCode)
    .where('s.revokedAt', 'is not', null)
    .where('a.completedAt', 'is not', null)
    .where('a.completedAt', '>', q.completedSince)
    .whereRef('s.revokedAt', '>=', 'a.completedAt')
    .executeTakeFirst();
  return row ?? null;
}
