import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Db } from '../database.ts';
import type { Database, EpochMs, StaffUsersTable } from '../schema.ts';
import { executor, type Executor } from '../executor.ts';

// Every SQL statement on staff_users and staff_sessions (services/staff/staff-auth.ts owns the rules).

export type StaffRow = Selectable<StaffUsersTable>;

export interface NewStaff {
  id: string;
  bankCode: string;
  loginId: string;
  displayName: string;
  role: string;
  passwordHash: string;
  /** The password was chosen by someone else (an ADMIN, the command line): changed at first sign-in. */
  passwordChangeRequired: boolean;
  now: EpochMs;
}

/** Inserts a staff account; false when the login id is taken. */
export async function insertStaff(db: Db | Executor, s: NewStaff): Promise<boolean> {
  await executor(db)
    .insertInto('staffUsers')
    .values({
      id: s.id,
      bankCode: s.bankCode,
      loginId: s.loginId,
      displayName: s.displayName,
      role: s.role,
      passwordHash: s.passwordHash,
      lockedAt: null,
      disabledAt: null,
      totpSecret: null,
      totpEnabledAt: null,
      lastTotpStep: null,
      passwordChangeRequired: s.passwordChangeRequired ? 1 : 0,
      createdAt: s.now,
      updatedAt: s.now,
    })
    .onConflict((oc) => oc.columns(['bankCode', 'loginId']).doNothing())
    .execute();
  const row = await executor(db).selectFrom('staffUsers').select('id').where('bankCode', '=', s.bankCode).where('loginId', '=', s.loginId).executeTakeFirst();
  return row?.id === s.id;
}

/** Login ids are unique within a bank only (migration 045): a member exists at their bank's host. */
export async function findStaffByLoginId(db: Db | Executor, bankCode: string, loginId: string): Promise<StaffRow | null> {
  return (await executor(db).selectFrom('staffUsers').selectAll().where('bankCode', '=', bankCode).where('loginId', '=', loginId).executeTakeFirst()) ?? null;
}

export async function findStaffById(db: Db | Executor, id: string): Promise<StaffRow | null> {
  return (await executor(db).selectFrom('staffUsers').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
}

export async function listStaffOfBank(db: Db | Executor, bankCode: string): Promise<StaffRow[]> {
  return executor(db).selectFrom('staffUsers').selectAll().where('bankCode', '=', bankCode).orderBy('createdAt').orderBy('loginId').execute();
}

/** An ADMIN lifts a lock-out (same bank checked by the caller). */
export async function unlockStaff(db: Db | Executor, id: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db).updateTable('staffUsers').set({ failedSignIns: 0, lockedAt: null, updatedAt: now }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An ADMIN stops (a time) or restarts (null) an account. */
export async function setStaffDisabled(db: Db | Executor, id: string, disabledAt: EpochMs | null, now: EpochMs): Promise<void> {
  await executor(db).updateTable('staffUsers').set({ disabledAt, updatedAt: now }).where('id', '=', id).execute();
}

/** A new password hash: the member's own change (false), or an ADMIN's reset, good for one sign-in (true). */
export async function setStaffPassword(db: Db | Executor, id: string, passwordHash: string, changeRequired: boolean, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({ passwordHash, passwordChangeRequired: changeRequired ? 1 : 0, updatedAt: now })
    .where('id', '=', id)
    .execute();
}

/** Forgets the second factor, its recovery codes and the member's passkeys: they enrol again at the next sign-in. */
export async function clearTotp(db: Db | Executor, id: string, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({ totpSecret: null, totpEnabledAt: null, lastTotpStep: null, updatedAt: now })
    .where('id', '=', id)
    .execute();
  await executor(db).deleteFrom('staffRecoveryCodes').where('staffId', '=', id).execute();
  await executor(db).deleteFrom('staffPasskeys').where('staffId', '=', id).execute();
}

/** Replaces the member's recovery codes (keyed hashes) with a new set. */
export async function replaceRecoveryCodes(db: Db | Executor, staffId: string, codeHashes: string[], now: EpochMs): Promise<void> {
  await executor(db).deleteFrom('staffRecoveryCodes').where('staffId', '=', staffId).execute();
  await executor(db)
    .insertInto('staffRecoveryCodes')
    .values(codeHashes.map((codeHash) => ({ staffId, codeHash, createdAt: now, usedAt: null })))
    .execute();
}

/** Uses a recovery code once: false when unknown or already used. */
export async function useRecoveryCode(db: Db | Executor, staffId: string, codeHash: string, now: EpochMs): Promise<boolean> {
  const result = await executor(db)
    .updateTable('staffRecoveryCodes')
    .set({ usedAt: now })
    .where('staffId', '=', staffId)
    .where('codeHash', '=', codeHash)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setTotpSecret(db: Db | Executor, id: string, encryptedSecret: string, now: EpochMs): Promise<void> {
  await executor(db)
    .updateTable('staffUsers')
    .set({ totpSecret: encryptedSecret, updatedAt: now })
    .where('id', '=', id)
    .where('totpEnabledAt', 'is', null)
    .execute();
}

export async function enableTotp(db: Db | Executor, id: string, step: number, now: EpochMs): Promise<void> {
  await executor(db).updateTable('staffUsers').set({ totpEnabledAt: now, lastTotpStep: step, updatedAt: now }).where('id', '=', id).execute();
}

/** Takes a TOTP time step once: false when it (or a later one) was already used (a replayed code). */
export async function useTotpStep(db: Db | Executor, id: string, step: number): Promise<boolean> {
  const result = await executor(db)
    .updateTable('staffUsers')
    .set({ lastTotpStep: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lastTotpStep', 'is', null), eb('lastTotpStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- sessions ----

export interface NewStaffSession {
  id: string;
  tokenHash: string;
  staffId: string;
  ipAddress: string;
  userAgent: string | null;
  now: EpochMs;
  /** A sign-in through the bank's provider: its hard end (decision 0253). */
  provider?: { expiresAt: EpochMs };
}

export async function insertStaffSession(db: Db | Executor, s: NewStaffSession): Promise<void> {
  await executor(db)
    .insertInto('staffSessions')
    .values({
      id: s.id,
      tokenHash: s.tokenHash,
      staffId: s.staffId,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      createdAt: s.now,
      lastSeenAt: s.now,
      revokedAt: null,
      viaProvider: s.provider ? 1 : 0,
      expiresAt: s.provider?.expiresAt ?? null,
    })
    .execute();
}

/** A session's hard end, where it has one, is still ahead. */
const notExpired = (now: EpochMs) => (eb: ExpressionBuilder<Database, 'staffSessions'>) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]);

/** The member's sign-in before the session `current` (time and address), or null for a first sign-in. */
export async function previousSignIn(db: Db | Executor, staffId: string, current: string): Promise<{ at: EpochMs; ipAddress: string | null } | null> {
  const mine = await executor(db).selectFrom('staffSessions').select('createdAt').where('id', '=', current).executeTakeFirst();
  if (!mine) return null;
  const row = await executor(db)
    .selectFrom('staffSessions')
    .select(['createdAt', 'ipAddress'])
    .where('staffId', '=', staffId)
    .where('id', '!=', current)
    .where('createdAt', '<=', mine.createdAt)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { at: Number(row.createdAt), ipAddress: row.ipAddress } : null;
}

/** Whether the member opened a session from this address since `since` (the throttle's known addresses). */
export async function signedInFrom(db: Db | Executor, staffId: string, ipAddress: string, since: EpochMs): Promise<boolean> {
  const row = await executor(db)
    .selectFrom('staffSessions')
    .select('id')
    .where('staffId', '=', staffId)
    .where('ipAddress', '=', ipAddress)
    .where('createdAt', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The member's live sessions (an ADMIN's view of them). */
export async function liveSessionsOfStaff(db: Db | Executor, staffId: string, since: { now: EpochMs; idleSince: EpochMs; createdSince: EpochMs }) {
  return executor(db)
    .selectFrom('staffSessions')
    .select(['id', 'createdAt', 'lastSeenAt', 'ipAddress', 'userAgent', 'viaProvider'])
    .where('staffId', '=', staffId)
    .where('revokedAt', 'is', null)
    .where('lastSeenAt', '>=', since.idleSince)
    .where('createdAt', '>=', since.createdSince)
    .where(notExpired(since.now))
    .orderBy('createdAt', 'desc')
    .execute();
}

/**
 * The live session of a token and its staff, extending the idle window (one UPDATE); null when
 * unknown, revoked, idle too long or too old, or the account is locked or stopped.
 */
export async function touchStaffSession(
  db: Db | Executor,
  q: { tokenHash: string; now: EpochMs; idleSince: EpochMs; createdSince: EpochMs },
): Promise<{ sessionId: string; staff: StaffRow; viaProvider: boolean } | null> {
  const result = await executor(db)
    .updateTable('staffSessions')
    .set({ lastSeenAt: q.now })
    .where('tokenHash', '=', q.tokenHash)
    .where('revokedAt', 'is', null)
    .where('lastSeenAt', '>=', q.idleSince)
    .where('createdAt', '>=', q.createdSince)
    .where(notExpired(q.now))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const session = await executor(db)
    .selectFrom('staffSessions')
    .select(['id', 'staffId', 'viaProvider'])
    .where('tokenHash', '=', q.tokenHash)
    .executeTakeFirst();
  if (!session) return null;
  const staff = await findStaffById(db, session.staffId);
  if (!staff || staff.lockedAt !== null || staff.disabledAt !== null) return null;
  return { sessionId: session.id, staff, viaProvider: session.viaProvider === 1 };
}

/** Ends every live session of a staff member, but `keep` (the session that made the change). */
export async function revokeSessionsOfStaff(db: Db | Executor, staffId: string, now: EpochMs, keep?: string): Promise<void> {
  let query = executor(db).updateTable('staffSessions').set({ revokedAt: now }).where('staffId', '=', staffId).where('revokedAt', 'is', null);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  await query.execute();
}

export async function revokeStaffSession(db: Db | Executor, id: string, now: EpochMs): Promise<void> {
  await executor(db).updateTable('staffSessions').set({ revokedAt: now }).where('id', '=', id).where('revokedAt', 'is', null).execute();
}
