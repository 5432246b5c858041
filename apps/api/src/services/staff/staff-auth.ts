import { randomBytes, randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { getBank } from '@koza/domain/banks/banks';
import { isBankCode, type BankCode } from '@koza/domain/constants';
import { adminMessages } from '@koza/domain/admin/messages';
import { isStaffRole, rolesNeedingSecondFactor } from '@koza/domain/admin/roles';
import type { StaffRole } from '@koza/domain/admin/roles';
import { staffAuth, staffThrottle } from '@koza/domain/admin/rules';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import {
  enableTotp,
  findStaffById,
  findStaffByLoginId,
  insertStaff,
  insertStaffSession,
  previousSignIn,
  replaceRecoveryCodes,
  signedInFrom,
  useRecoveryCode,
  revokeSessionsOfStaff,
  revokeStaffSession,
  setStaffPassword,
  setTotpSecret,
  touchStaffSession,
  useTotpStep,
} from '../../db/repositories/staff-repository.ts';
import type { StaffRow } from '../../db/repositories/staff-repository.ts';
import { FieldValidationError, Refusal } from '../platform/refusals.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';
import { keyedHash, sameHash } from '../platform/keyed-hash.ts';
import { decryptStoredPin, encryptPinForStorage } from '../applicant/pin.ts';
import { hashPassword, spendPasswordTime, verifyPassword } from './staff-passwords.ts';
import { assertPasswordAllowed } from './staff-password-policy.ts';
import { loginIdHash, signInSucceeded, takeSignInAttempt } from './staff-throttle.ts';
import { passkeyProves, takeSignInChallenge } from './staff-passkeys.ts';
import { enforceLimits, minutes } from '../platform/rate-limits.ts';
import { forgetThrottleEvents } from '../../db/repositories/staff-throttle-repository.ts';
import { breakGlassOpen } from '../../db/repositories/staff-oidc-repository.ts';
import type { Executor } from '../../db/executor.ts';
import type { RelyingParty } from './staff-passkeys.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';

// Staff sign-in and sessions (docs/decisions/0111-staff-authentication.md). A session is a random
// 256-bit token in an HttpOnly, SameSite=Strict cookie, stored only as its keyed hash; 30 minutes
// idle, 12 hours at most. The CSRF token is derived from the session token (HMAC under a purpose of
// its own), so the API needs no second column and the admin app gets it from GET /api/admin/session.
// Failed sign-ins are throttled, never locked out (staff-throttle.ts, decision 0202). Staff sign in
// with a TOTP code as well, once enrolled; until then their session can do nothing but enrol.

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
  /** The password was set by someone else: this session can only change it (and sign out). */
  passwordChangeRequired: boolean;
  /** The session was opened through the bank's provider (staff-oidc.ts), not with the local password. */
  viaProvider: boolean;
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

/**
 * Creates a staff account (the command line's first ADMIN, or an ADMIN in the app). Null: login id
 * taken at that bank. The password someone else chose is good for one sign-in (changed first), unless
 * `passwordChangeRequired: false` (tests that are not about it).
 */
export async function createStaff(
  deps: Pick<StaffAuthDeps, 'db' | 'passwordLogN'>,
  s: { bankCode: string; loginId: string; displayName: string; role: StaffRole; password: string; now: number; passwordChangeRequired?: boolean },
): Promise<StaffIdentity | null> {
  const id = randomUUID();
  const passwordHash = await hashPassword(s.password, deps.passwordLogN);
  const ok = await insertStaff(deps.db, {
    id,
    bankCode: s.bankCode,
    loginId: s.loginId,
    displayName: s.displayName,
    role: s.role,
    passwordHash,
    passwordChangeRequired: s.passwordChangeRequired ?? true,
    now: s.now,
  });
  if (!ok) return null;
  return { id, loginId: s.loginId, displayName: s.displayName, role: s.role, bankCode: s.bankCode };
}

export interface SignInInput {
  /** The bank of the request's host: a member signs in only there (login ids are unique per bank). */
  bankCode: BankCode;
  loginId: string;
  password: string;
  totpCode?: string;
  /** Instead of a code: a passkey's answer to a sign-in challenge (staff-passkeys.ts). */
  passkey?: { challengeId: string; response: AuthenticationResponseJSON };
  /** The bank's host as WebAuthn relying party (the passkey's RP ID and origin). */
  relyingParty: RelyingParty;
  ipAddress: string;
  userAgent: string | null;
  now: number;
  /** Told every failure's reason (unknown, disabled, password, totp, throttled): the metrics. */
  onFailure?: (reason: SignInFailure) => void;
  /**
   * The bank's STAFF_LOCAL_SIGN_IN: `off` leaves the password sign-in to the command line's accounts
   * (created_by null: the first ADMIN, break-glass accounts) and to everyone while the operator's
   * break-glass window is open (decision 0253). Default `on`.
   */
  localSignIn?: 'on' | 'off';
}

export type SignInFailure = 'unknown' | 'disabled' | 'password' | 'totp' | 'passkey' | 'throttled' | 'local-off' | 'provider';

const signInFailed = () => new Refusal('unauthenticated', { code: 'SIGN_IN_FAILED', message: adminMessages.signInFailed });

/**
 * The new session's token and who it is. Every refusal answers the same 401 SIGN_IN_FAILED, whether
 * the id is unknown (at this bank), the account stopped, the password wrong, or the second factor
 * missing or wrong: the password is never confirmed before the second factor. Too many failures
 * answer 429 with Retry-After, counted per address and per id before the password is checked
 * (staff-throttle.ts); nothing locks an account or ends its sessions. Every failure is an audit row:
 * an unknown id as its keyed hash, with the address and user agent.
 */
export async function signIn(deps: StaffAuthDeps, input: SignInInput): Promise<{ token: string; context: StaffContext }> {
  const { db, now } = { db: deps.db, now: input.now };
  const row = await findStaffByLoginId(db, input.bankCode, input.loginId);
  const actor: Actor = row
    ? { staffId: row.id, loginId: row.loginId, bankCode: input.bankCode, ipAddress: input.ipAddress, userAgent: input.userAgent }
    : {
        staffId: null,
        loginId: `unknown:${loginIdHash(deps.codeHashKey, input.bankCode, input.loginId)}`,
        bankCode: input.bankCode,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent,
      };
  const subject = { bankCode: input.bankCode, loginId: input.loginId, ipAddress: input.ipAddress };
  const knownAddress = row !== null && (await signedInFrom(db, row.id, input.ipAddress, now - staffThrottle.knownAddressDays * 86_400_000));
  const attempt = await takeSignInAttempt(db, deps.codeHashKey, { ...subject, knownAddress }, now);
  if (!attempt.allowed) {
    await audit(db, actor, 'SIGN_IN_THROTTLED', now, { detail: attempt.rule });
    input.onFailure?.('throttled');
    throw new Refusal('tooMany', { code: 'SIGN_IN_THROTTLED', message: adminMessages.signInThrottled, retryAfter: attempt.retryAfterSeconds });
  }
  const failure = await firstFailure(deps, row, input);
  if (failure !== null) {
    await audit(db, actor, 'SIGN_IN_FAILED', now, { detail: failure });
    input.onFailure?.(failure);
    throw signInFailed();
  }
  const staff = row!;
  await signInSucceeded(db, deps.codeHashKey, subject, attempt.eventIds);
  const breakGlass = input.localSignIn === 'off' && staff.createdBy !== null;
  const how = [input.passkey && staff.totpEnabledAt !== null ? 'passkey' : null, breakGlass ? 'break-glass' : null].filter(Boolean).join(' ');
  return openStaffSession(deps, staff, { ipAddress: input.ipAddress, userAgent: input.userAgent, now, actor, auditDetail: how === '' ? null : how });
}

/**
 * The one way a staff session begins, after a local sign-in or one through the bank's provider
 * (staff-oidc.ts): a random token in the cookie, its keyed hash stored; the member's other sessions
 * end (one session per member, ASVS 7.2.4); the SIGN_IN audit line in the same transaction.
 */
export async function openStaffSession(
  deps: Pick<StaffAuthDeps, 'db' | 'codeHashKey'>,
  staff: StaffRow,
  s: { ipAddress: string; userAgent: string | null; now: number; actor: Actor; auditDetail: string | null; provider?: { expiresAt: number } },
  alsoInTransaction?: (trx: Executor) => Promise<void>,
): Promise<{ token: string; context: StaffContext }> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  await durableTransaction(deps.db, async (trx) => {
    await revokeSessionsOfStaff(trx, staff.id, s.now);
    await insertStaffSession(trx, {
      id: sessionId,
      tokenHash: staffTokenHash(deps.codeHashKey, token),
      staffId: staff.id,
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      now: s.now,
      ...(s.provider ? { provider: s.provider } : {}),
    });
    await alsoInTransaction?.(trx);
    await audit(trx, s.actor, 'SIGN_IN', s.now, { detail: s.auditDetail });
  });
  return { token, context: contextOf(sessionId, staff, s.provider !== undefined) };
}

/** Why a sign-in fails, or null; the password is hashed whatever the case (the same time for every answer). */
async function firstFailure(deps: StaffAuthDeps, row: StaffRow | null, input: SignInInput): Promise<SignInFailure | null> {
  // A passkey's challenge is good once, whatever becomes of this attempt.
  const challenge = input.passkey ? await takeSignInChallenge(deps.db, input.passkey.challengeId, input.now) : null;
  if (row === null) {
    await spendPasswordTime(input.password, deps.passwordLogN);
    return 'unknown';
  }
  const passwordRight = await verifyPassword(input.password, row.passwordHash);
  // Stopped, or still waiting for a second ADMIN's confirmation (decision 0233): no sign-in.
  if (row.disabledAt !== null || row.awaitingConfirmation === 1) return 'disabled';
  // The bank signs its staff in through its provider: only the command line's accounts, or everyone
  // while the operator's break-glass window is open (decision 0253).
  if (input.localSignIn === 'off' && row.createdBy !== null && !(await breakGlassOpen(deps.db, input.bankCode, input.now))) return 'local-off';
  if (!passwordRight) return 'password';
  if (row.totpEnabledAt === null) return null;
  if (input.passkey) return (await passkeyProves(deps.db, row, input.relyingParty, input.passkey, challenge, input.now)) ? null : 'passkey';
  if (!(input.totpCode !== undefined && (await checkSecondFactor(deps, row, input.totpCode, input)))) return 'totp';
  return null;
}

/**
 * A session through the bank's provider asks nothing of the local password or second factor: the
 * provider proved both (its MFA claim was required, staff-oidc.ts).
 */
const contextOf = (sessionId: string, row: StaffRow, viaProvider: boolean): StaffContext => ({
  sessionId,
  staff: identityOf(row),
  totpSetupRequired: !viaProvider && needsSecondFactor(row) && row.totpEnabledAt === null,
  passwordChangeRequired: !viaProvider && row.passwordChangeRequired === 1,
  viaProvider,
});

/** The staff behind a session cookie's token, extending its idle window; null when it must not be used. */
export async function authenticateStaff(deps: StaffAuthDeps, token: string, now: number): Promise<StaffContext | null> {
  if (!tokenPattern.test(token)) return null;
  const found = await touchStaffSession(deps.db, {
    tokenHash: staffTokenHash(deps.codeHashKey, token),
    now,
    idleSince: now - idleMs,
    createdSince: now - absoluteMs,
  });
  if (!found || !isStaffRole(found.staff.role)) return null;
  return contextOf(found.sessionId, found.staff, found.viaProvider);
}

/** The member's sign-in before this session (time and address), shown after signing in; null the first time. */
export const previousSignInOf = (db: Db, context: StaffContext) => previousSignIn(db, context.staff.id, context.sessionId);

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
  if (!row) throw new Refusal('unauthenticated');
  if (!(await verifyPassword(body.currentPassword, row.passwordHash))) {
    throw new FieldValidationError([{ field: 'currentPassword', message: adminMessages.currentPasswordWrong }]);
  }
  await assertPasswordAllowed('newPassword', body.newPassword, row);
  const passwordHash = await hashPassword(body.newPassword, deps.passwordLogN);
  await durableTransaction(deps.db, async (trx) => {
    await setStaffPassword(trx, row.id, passwordHash, false, now);
    await revokeSessionsOfStaff(trx, row.id, now, context.sessionId);
    await audit(trx, actor, 'CHANGE_PASSWORD', now);
  });
}

/**
 * The member's second factor asked again, within a request that adds or removes a passkey or changes
 * the password (issue 42, ASVS 5.0 V6.4; decision 0220 addendum): a session alone — a stolen cookie
 * and its CSRF token — is not enough. A fresh code of the authenticator app (each time step once),
 * an unused recovery code, or a passkey's answer to a sign-in challenge. Five failed tries per member
 * in 15 minutes (then 429; a proved answer forgets them): a stolen session cannot guess codes. A wrong answer is a field error on
 * `totpCode` and an audit row. Nothing is asked of a member with no second factor yet (their only
 * way forward is enrolling one) — unless the session came through the bank's provider: such a member
 * has no local factor to prove, so a session alone (a stolen cookie) could add a passkey or set a
 * password that signs in locally; that is refused (403, decision 0253), the provider holds their
 * credentials.
 */
export async function confirmSecondFactorAgain(
  deps: StaffAuthDeps,
  context: StaffContext,
  answer: { totpCode?: string | undefined; reauthPasskey?: { challengeId: string; response: unknown } | undefined },
  attempt: FactorAttempt & { relyingParty: RelyingParty; actor: Actor },
): Promise<void> {
  const row = await findStaffById(deps.db, context.staff.id);
  if (!row) throw new Refusal('unauthenticated');
  if (row.totpEnabledAt === null) {
    if (context.viaProvider) throw new Refusal('forbidden', { message: adminMessages.providerSessionNoLocalFactor });
    return;
  }
  const key = `staff-reauth:${row.id}`;
  await enforceLimits(deps.db, [{ key, limits: [{ max: 5, windowMs: minutes(15) }] }], attempt.now);
  let proved = false;
  if (answer.reauthPasskey) {
    const passkey = { challengeId: answer.reauthPasskey.challengeId, response: answer.reauthPasskey.response as AuthenticationResponseJSON };
    const challenge = await takeSignInChallenge(deps.db, passkey.challengeId, attempt.now);
    proved = await passkeyProves(deps.db, row, attempt.relyingParty, passkey, challenge, attempt.now);
  } else if (answer.totpCode !== undefined) {
    proved = await checkSecondFactor(deps, row, answer.totpCode, attempt);
  }
  if (!proved) {
    await audit(deps.db, attempt.actor, 'REAUTH_FAILED', attempt.now);
    throw new FieldValidationError([{ field: 'totpCode', message: adminMessages.reauthFailed }]);
  }
  // Only failures count against the five: a proved answer forgets the tries before it.
  await forgetThrottleEvents(deps.db, { ids: [], keys: [key] });
}

// ---- TOTP (RFC 6238: SHA-1, 6 digits, 30 seconds, ±1 step) ----

const totpOf = (secretBase32: string, label: string) =>
  new TOTP({ issuer: 'Web口座開設 管理', label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: totpPeriod });

/** A recovery code as shown: two groups of five of an unambiguous alphabet (case and dashes ignored). */
const recoveryAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
const recoveryPattern = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;
const recoveryCodeHash = (key: Buffer, staffId: string, code: string) =>
  keyedHash(key, 'staff-recovery-code', `${staffId}\n${code.toLowerCase().replace('-', '')}`);

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => recoveryAlphabet[b % recoveryAlphabet.length]!).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** Who answers a second factor, from where and when (the sign-in, or a change that asks it again). */
type FactorAttempt = Pick<SignInInput, 'bankCode' | 'ipAddress' | 'userAgent' | 'now'>;

/** The 6 digits of the authenticator app (each time step once), or one unused recovery code (then used up). */
async function checkSecondFactor(deps: StaffAuthDeps, row: StaffRow, code: string, input: FactorAttempt): Promise<boolean> {
  const now = input.now;
  if (recoveryPattern.test(code)) {
    const used = await useRecoveryCode(deps.db, row.id, recoveryCodeHash(deps.codeHashKey, row.id, code), now);
    const actor = { staffId: row.id, loginId: row.loginId, bankCode: input.bankCode, ipAddress: input.ipAddress, userAgent: input.userAgent };
    if (used) await audit(deps.db, actor, 'USE_RECOVERY_CODE', now);
    return used;
  }
  if (!/^\d{6}$/.test(code) || row.totpSecret === null) return false;
  const secret = decryptStoredPin(row.totpSecret, row.id, deps.dataKey);
  const delta = totpOf(secret, row.loginId).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / totpPeriod) + delta;
  return useTotpStep(deps.db, row.id, step);
}

/** A new secret for the signed-in ADMIN (replacing an unconfirmed one): shown once as text and otpauth:// URI. */
export async function startTotpEnrolment(deps: StaffAuthDeps, staffId: string, now: number): Promise<{ secret: string; uri: string }> {
  const row = await findStaffById(deps.db, staffId);
  if (!row || row.totpEnabledAt !== null) throw new Refusal('conflict');
  const secret = new Secret({ size: 20 }).base32;
  await setTotpSecret(deps.db, staffId, encryptPinForStorage(secret, staffId, deps.dataKey), now);
  return { secret, uri: totpOf(secret, row.loginId).toString() };
}

/**
 * The first good code from the app turns the second factor on; the answer carries ten one-time
 * recovery codes, shown once and stored only as keyed hashes.
 */
export async function confirmTotpEnrolment(deps: StaffAuthDeps, staffId: string, code: string, now: number): Promise<{ recoveryCodes: string[] }> {
  const row = await findStaffById(deps.db, staffId);
  if (!row || row.totpEnabledAt !== null || row.totpSecret === null) throw new Refusal('conflict');
  const secret = decryptStoredPin(row.totpSecret, row.id, deps.dataKey);
  const delta = totpOf(secret, row.loginId).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) throw new Refusal('invalid', { code: 'TOTP_WRONG', message: adminMessages.totpWrong });
  const recoveryCodes = Array.from({ length: staffAuth.recoveryCodes }, newRecoveryCode);
  await durableTransaction(deps.db, async (trx) => {
    await enableTotp(trx, staffId, Math.floor(now / 1000 / totpPeriod) + delta, now);
    await replaceRecoveryCodes(
      trx,
      staffId,
      recoveryCodes.map((c) => recoveryCodeHash(deps.codeHashKey, staffId, c)),
      now,
    );
  });
  return { recoveryCodes };
}
