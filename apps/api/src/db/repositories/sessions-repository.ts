import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../database.ts';
import type { Database, EpochMs } from '../schema.ts';

// auth_sessions: bearer sessions. Only the token's keyed hash is stored.

type Executor = Kysely<Database> | Transaction<Database>;
const executor = (db: Db | Executor): Executor => ('kysely' in db ? db.kysely : db);

export interface NewSession {
  id: string;
  tokenHash: string;
  bankCode: string;
  applicationType: string;
  deviceId: string | null;
  mailAddress: string;
  applicationId: string;
  now: EpochMs;
}

export async function insertSession(db: Db | Executor, s: NewSession): Promise<void> {
  await executor(db)
    .insertInto('authSessions')
    .values({
      id: s.id,
      tokenHash: s.tokenHash,
      bankCode: s.bankCode,
      applicationType: s.applicationType,
      deviceId: s.deviceId,
      mailAddress: s.mailAddress,
      applicationId: s.applicationId,
      createdAt: s.now,
      lastSeenAt: s.now,
      revokedAt: null,
    })
    .execute();
}

export interface LiveSession {
  id: string;
  applicationId: string | null;
  bankCode: string;
  applicationType: string;
  mailAddress: string;
  deviceId: string | null;
}

/**
 * Finds a live session of the bank by token hash AND extends its idle window, in one statement
 * (UPDATE … RETURNING): unknown, revoked, idle-expired, too old and other-bank tokens match nothing.
 */
export async function touchLiveSession(
  db: Db,
  q: { tokenHash: string; bankCode: string; now: EpochMs; idleSince: EpochMs; createdSince: EpochMs },
): Promise<LiveSession | null> {
  const row = await db.kysely
    .updateTable('authSessions')
    .set({ lastSeenAt: q.now })
    .where('tokenHash', '=', q.tokenHash)
    .where('bankCode', '=', q.bankCode)
    .where('revokedAt', 'is', null)
    .where('lastSeenAt', '>', q.idleSince)
    .where('createdAt', '>', q.createdSince)
    .returning(['id', 'applicationId', 'bankCode', 'applicationType', 'mailAddress', 'deviceId'])
    .executeTakeFirst();
  return row ?? null;
}

export async function revokeByApplication(db: Db | Executor, applicationId: string, now: EpochMs): Promise<number> {
  const result = await executor(db)
    .updateTable('authSessions')
    .set({ revokedAt: now })
    .where('applicationId', '=', applicationId)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Development and tests: ends every session of an address (compared case-insensitively). */
export async function revokeByMailAddress(db: Db, mailAddress: string, now: EpochMs): Promise<number> {
  const result = await db.kysely
    .updateTable('authSessions')
    .set({ revokedAt: now })
    .where((eb) => eb(eb.fn('lower', ['mailAddress']), '=', mailAddress.toLowerCase()))
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Housekeeping: sessions that can no longer be used (created before `createdBefore`). */
export async function deleteSessionsCreatedBefore(db: Db, createdBefore: EpochMs): Promise<void> {
  await db.kysely.deleteFrom('authSessions').where('createdAt', '<', createdBefore).execute();
}
