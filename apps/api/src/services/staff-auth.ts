import { randomBytes, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { getBank } from '@koza/domain/banks/banks';
import { isBankCode } from '@koza/domain/constants';
import { adminMessages } from '@koza/domain/admin/messages';
import { isStaffRole, rolesNeedingSecondFactor } from '@koza/domain/admin/roles';
import type { StaffRole } from '@koza/domain/admin/roles';
import { staffAuth } from '@koza/domain/admin/rules';
import type { Db } from '../db/database.ts';
import {
  enableTotp,
  findStaffById,
  findStaffByLoginId,
  insertStaff,
  insertStaffSession,
  recordFailedSignIn,
  resetFailedSignIns,
  revokeSessionsOfStaff,
  revokeStaffSession,
  setStaffPassword,
  setTotpSecret,
  touchStaffSession,
  useTotpStep,
} from '../db/repositories/staff-repository.ts';
import type { StaffRow } from '../db/repositories/staff-repository.ts';
import { ApiError, FieldValidationError } from '../http/errors.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';
import { keyedHash, sameHash } from './keyed-hash.ts';
import { decryptStoredPin, encryptPinForStorage } from './pin.ts';
import { hashPassword, spendPasswordTime, verifyPassword } from './staff-passwords.ts';

// Staff sign-in and sessions (docs/decisions/0111-staff-authentication.md). A session is a random
// 256-bit token in an HttpOnly, SameSite=Strict cookie, stored only as its keyed hash; 30 minutes
// idle, 12 hours at most. The CSRF token is derived from the session token (HMAC under a purpose of
// its own), so the API needs no second column and the admin app gets it from GET /api/admin/session.
// Five wrong passwords in a row lock the account until an ADMIN unlocks it. ADMIN signs in with a
// TOTP code as well, once enrolled; until then its session can do nothing but enrol.

export interface StaffIdentity {
  id: string;
  loginId: string;
  displayName: string;
  role: StaffRole;
  bankCode: string;
}

export interface StaffContext {
  sessionId: string;
  staff: StaffIdentity;
  totpSetupRequired: boolean;
}

export interface StaffAuthDeps {
  db: Db;
  /** CODE_HASH_KEY: session token and CSRF MACs. */
  codeHashKey: Buffer;
  /** PIN_DATA_KEY: the TOTP secrets are kept encrypted like the PIN. */
  dataKey: Buffer;
  /** log2 of scrypt's N for new password hashes (config `staffPasswordLogN`). */
  passwordLogN: number;
}

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
const idleMs = staffAuth.idleMinutes * 60_000;
const absoluteMs = staffAuth.absoluteHours * 3_600_000;
const totpPeriod = 30;

export const staffTokenHash = (key: Buffer, token: string) => keyedHash(key, 'staff-session', token);
export const csrfTokenFor = (key: Buffer, token: string) => keyedHash(key, 'staff-csrf', token);
export const csrfTokenMatches = (key: Buffer, token: string, given: string | undefined): boolean =>
  typeof given === 'string' && /^[0-9a-f]{64}$/.test(given) && sameHash(csrfTokenFor(key, token), given);

export function identityOf(row: StaffRow): StaffIdentity {
  if (!isStaffRole(row.role)) throw new Error('staff row with an unknown role');
  return { id: row.id, loginId: row.loginId, displayName: row.displayName, role: row.role, bankCode: row.bankCode };
}

export const bankNameOf = (bankCode: string): string => (isBankCode(bankCode) ? getBank(bankCode).name : bankCode);

const needsSecondFactor = (row: StaffRow) => isStaffRole(row.role) && rolesNeedingSecondFactor.includes(row.role);

/** Creates a staff account (the command line's first ADMIN, or an ADMIN in the app). Null: login id taken. */
export async function createStaff(
  deps: Pick<StaffAuthDeps, 'db' | 'passwordLogN'>,
  s: { bankCode: string; loginId: string; displayName: string; role: StaffRole; password: string; now: number },
): Promise<StaffIdentity | null> {
  const id = randomUUID();
  const passwordHash = await hashPassword(s.password, deps.passwordLogN);
  const ok = await insertStaff(deps.db, { id, bankCode: s.bankCode, loginId: s.loginId, displayName: s.displayName, role: s.role, passwordHash, now: s.now });
  if (!ok) return null;
  return { id, loginId: s.loginId, displayName: s.displayName, role: s.role, bankCode: s.bankCode };
}

export interface SignInInput {
  loginId: string;
  password: string;
  totpCode?: string;
  ipAddress: string;
  now: number;
}

/** The new session's token and who it is; ApiError 401 / 403 (locked) otherwise, with the audit line written. */
export async function signIn(deps: StaffAuthDeps, input: SignInInput): Promise<{ token: string; context: StaffContext }> {
  const { db } = deps;
  const row = await findStaffByLoginId(db, input.loginId);
  if (!row) {
    await spendPasswordTime(input.password, deps.passwordLogN);
    throw new ApiError(401, { code: 'SIGN_IN_FAILED', message: adminMessages.signInFailed });
  }
  const actor = { staffId: row.id, loginId: row.loginId, bankCode: row.bankCode, ipAddress: input.ipAddress };
  if (row.disabledAt !== null) {
    // A stopped account learns nothing from the answer (a leaver): the same time and words as a wrong password.
    await spendPasswordTime(input.password, deps.passwordLogN);
    await audit(db, actor, 'SIGN_IN_FAILED', input.now, { detail: 'disabled' });
    throw new ApiError(401, { code: 'SIGN_IN_FAILED', message: adminMessages.signInFailed });
  }
  if (row.lockedAt !== null) {
    await audit(db, actor, 'SIGN_IN_FAILED', input.now, { detail: 'locked' });
    throw new ApiError(403, { code: 'ACCOUNT_LOCKED', message: adminMessages.accountLocked });
  }
  if (!(await verifyPassword(input.password, row.passwordHash))) {
    const count = await recordFailedSignIn(db, row.id, staffAuth.maxFailedSignIns, input.now);
    await audit(db, actor, 'SIGN_IN_FAILED', input.now, { detail: count >= staffAuth.maxFailedSignIns ? 'password; locked' : 'password' });
    if (count >= staffAuth.maxFailedSignIns) throw new ApiError(403, { code: 'ACCOUNT_LOCKED', message: adminMessages.accountLocked });
    throw new ApiError(401, { code: 'SIGN_IN_FAILED', message: adminMessages.signInFailed });
  }
  if (needsSecondFactor(row) && row.totpEnabledAt !== null) {
    if (input.totpCode === undefined) throw new ApiError(401, { code: 'TOTP_REQUIRED', message: adminMessages.totpRequired });
    if (!(await checkTotp(deps, row, input.totpCode, input.now))) {
      const count = await recordFailedSignIn(db, row.id, staffAuth.maxFailedSignIns, input.now);
      await audit(db, actor, 'SIGN_IN_FAILED', input.now, { detail: 'totp' });
      if (count >= staffAuth.maxFailedSignIns) throw new ApiError(403, { code: 'ACCOUNT_LOCKED', message: adminMessages.accountLocked });
      throw new ApiError(401, { code: 'TOTP_WRONG', message: adminMessages.totpWrong });
    }
  }
  await resetFailedSignIns(db, row.id, input.now);
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  await insertStaffSession(db, { id: sessionId, tokenHash: staffTokenHash(deps.codeHashKey, token), staffId: row.id, now: input.now });
  await audit(db, actor, 'SIGN_IN', input.now);
  return { token, context: { sessionId, staff: identityOf(row), totpSetupRequired: needsSecondFactor(row) && row.totpEnabledAt === null } };
}

/** The staff behind a session cookie's token, extending its idle window; null when it must not be used. */
export async function authenticateStaff(deps: StaffAuthDeps, token: string, now: number): Promise<StaffContext | null> {
  if (!tokenPattern.test(token)) return null;
  const found = await touchStaffSession(deps.db, { tokenHash: staffTokenHash(deps.codeHashKey, token), now, idleSince: now - idleMs, createdSince: now - absoluteMs });
  if (!found || !isStaffRole(found.staff.role)) return null;
  return { sessionId: found.sessionId, staff: identityOf(found.staff), totpSetupRequired: needsSecondFactor(found.staff) && found.staff.totpEnabledAt === null };
}

export const signOut = (db: Db, sessionId: string, now: number) => revokeStaffSession(db, sessionId, now);

/**
 * A staff member changes their own password: the current one is asked again (400 on the field when
 * wrong), and their other sessions end; this one stays.
 */
export async function changeOwnPassword(
  deps: StaffAuthDeps,
  context: StaffContext,
  body: { currentPassword: string; newPassword: string },
  actor: Actor,
  now: number,
): Promise<void> {
  const row = await findStaffById(deps.db, context.staff.id);
  if (!row) throw new ApiError(401);
  if (!(await verifyPassword(body.currentPassword, row.passwordHash))) {
    throw new FieldValidationError([{ field: 'currentPassword', message: adminMessages.currentPasswordWrong }]);
  }
  const passwordHash = await hashPassword(body.newPassword, deps.passwordLogN);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await setStaffPassword(trx, row.id, passwordHash, now);
    await revokeSessionsOfStaff(trx, row.id, now, context.sessionId);
    await audit(trx, actor, 'CHANGE_PASSWORD', now);
  });
}

// ---- TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds, ±1 step) ----

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({ issuer: 'Web口座開設 管理', label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: totpPeriod });

async function checkTotp(deps: StaffAuthDeps, row: StaffRow, code: string, now: number): Promise<boolean> {
  if (row.totpSecret === null) return false;
  const secret = decryptStoredPin(row.totpSecret, row.id, deps.dataKey);
  const delta = totpOf(secret, row.loginId).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / totpPeriod) + delta;
  return useTotpStep(deps.db, row.id, step);
}

/** A new secret for the signed-in ADMIN (replacing an unconfirmed one): shown once as text and otpauth:// URI. */
export async function startTotpEnrolment(deps: StaffAuthDeps, staffId: string, now: number): Promise<{ secret: string; uri: string }> {
  const row = await findStaffById(deps.db, staffId);
  if (!row || row.totpEnabledAt !== null) throw new ApiError(409);
  const secret = new Secret({ size: 20 }).base32;
  await setTotpSecret(deps.db, staffId, encryptPinForStorage(secret, staffId, deps.dataKey), now);
  return { secret, uri: totpOf(secret, row.loginId).toString() };
}

/** The first good code from the app turns the second factor on. */
export async function confirmTotpEnrolment(deps: StaffAuthDeps, staffId: string, code: string, now: number): Promise<void> {
  const row = await findStaffById(deps.db, staffId);
  if (!row || row.totpEnabledAt !== null || row.totpSecret === null) throw new ApiError(409);
  const secret = decryptStoredPin(row.totpSecret, row.id, deps.dataKey);
  const delta = totpOf(secret, row.loginId).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) throw new ApiError(400, { code: 'TOTP_WRONG', message: adminMessages.totpWrong });
  await enableTotp(deps.db, staffId, Math.floor(now / 1000 / totpPeriod) + delta, now);
}
