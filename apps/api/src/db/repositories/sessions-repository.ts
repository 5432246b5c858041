import type { Db } from '../database.ts';
import { prepared } from '../prepared.ts';
import type { EpochMs } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// auth_sessions: bearer sessions. Only the token's keyed hash is stored.

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
  createdAt: EpochMs;
  lastSeenAt: EpochMs;
}

/**
 * The live session of the bank with this token hash: unknown, revoked, idle-expired, too old and
 * other-bank tokens match nothing. Reads only; the idle window is extended by touchSession.
 */
export async function findLiveSession(
  db: Db,
  q: { tokenHash: string; bankCode: string; idleSince: EpochMs; createdSince: EpochMs },
): Promise<LiveSession | null> {
  const [row] = (await liveSession(db.kysely, [q.tokenHash, q.bankCode, q.idleSince, q.createdSince])).rows;
  return row ?? null;
}

const liveSession = prepared<LiveSession>((k, arg) =>
  k
    .selectFrom('authSessions')
    .select(['id', 'applicationId', 'bankCode', 'applicationType', 'mailAddress', 'deviceId', 'createdAt', 'lastSeenAt'])
    .where('tokenHash', '=', arg(0))
    .where('bankCode', '=', arg(1))
    .where('revokedAt', 'is', null)
    .where('lastSeenAt', '>', arg(2) as unknown as number)
    .where('createdAt', '>', arg(3) as unknown as number),
);

/** Extends a session's idle window to `now` (never backwards: another instance may have written a later time). */
export async function touchSession(db: Db, id: string, now: EpochMs): Promise<void> {
  await db.kysely.updateTable('authSessions').set({ lastSeenAt: now }).where('id', '=', id).where('lastSeenAt', '<', now).execute();
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
