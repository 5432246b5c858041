import { randomInt } from 'node:crypto';
import { adminMessages } from '@koza/domain/admin/messages';
import { can, type StaffRole } from '@koza/domain/admin/roles';
import type { AuditAction } from '@koza/domain/admin/rules';
import type { WithdrawReason } from '@koza/domain/admin/case';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import type { Executor } from '../../db/executor.ts';
import {
  addChangeAuthor,
  changeAuthorsOf,
  countActiveAdmins,
  enterFourEyes,
  findStaffForUpdate,
  isFourEyesBank,
  markConfirmed,
  markCreatedBy,
  setPendingFlag,
  setPendingRole,
  setRole,
} from '../../db/repositories/staff-confirmation-repository.ts';
import type { PendingFlag } from '../../db/repositories/staff-confirmation-repository.ts';
import { setOidcLink, setPendingOidcLink, subjectTaken } from '../../db/repositories/staff-oidc-repository.ts';
import { clearTotp, findStaffById, revokeSessionsOfStaff, setStaffDisabled, setStaffPassword, unlockStaff } from '../../db/repositories/staff-repository.ts';
import type { StaffRow } from '../../db/repositories/staff-repository.ts';
import { FieldValidationError, Refusal } from '../platform/refusals.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';
import { withdrawProposalsOf } from './review.ts';
import { passwordPolicyMessage } from './staff-password-policy.ts';
import { hashPassword } from './staff-passwords.ts';
import { forgetAccountThrottle } from './staff-throttle.ts';

// Staff changes by two ADMINs (issues 24 and 32, docs/decisions/0233-staff-changes-confirmed-by-a-second-admin.md).
// A bank is in four-eyes mode once it has had two active ADMINs (kept in bank_staff_modes; only
// `npm run staff -- single-admin` ends it). In that mode a new account, a role change, a reset of a
// member's password or second factor, the stop of an ADMIN, restarting a stopped account and lifting
// an ADMIN's sign-in limit wait until a different ADMIN — none
// of those who created or changed the account since its last confirmation — confirms them. The
// one-time password of a reset (or of a new account) is chosen by the server when the change takes
// effect and answered only then: to the confirming ADMIN, never to the one who asked. A change that
// takes effect withdraws the member's open proposals where it takes their standing to propose.

/** Whether a change by an ADMIN of this bank needs a second ADMIN now: the bank is, or has just become, four-eyes. */
export async function needsSecondAdmin(db: Db | Executor, bankCode: string, now: number): Promise<boolean> {
  if (await isFourEyesBank(db, bankCode)) return true;
  if ((await countActiveAdmins(db, bankCode)) < 2) return false;
  await enterFourEyes(db, bankCode, now);
  return true;
}

/** Records who created a new account and whether it waits for a confirmation (called right after it is inserted). */
export async function recordCreation(db: Db | Executor, actor: Actor, staffId: string, awaiting: boolean, now: number): Promise<void> {
  await markCreatedBy(db, staffId, actor.staffId, awaiting);
  if (awaiting && actor.staffId !== null) await addChangeAuthor(db, staffId, actor.staffId, now);
}

async function memberOfBank(trx: Executor, actor: Actor, staffId: string, dialect?: Db['dialect']): Promise<StaffRow> {
  const row = dialect === undefined ? await findStaffById(trx, staffId) : await findStaffForUpdate(trx, staffId, dialect);
  if (!row || row.bankCode !== actor.bankCode) throw new Refusal('notFound', { message: adminMessages.staffNotFound });
  if (row.id === actor.staffId) throw new Refusal('conflict', { message: adminMessages.notOwnAccount });
  return row;
}

// Letters and digits nobody confuses when reading them out (no 0/O, 1/l/I): 4 groups of 4, 95 bits.
const otpAlphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A one-time password the server chooses for a member (good for one sign-in, which changes it). */
async function oneTimePasswordFor(loginId: string): Promise<string> {
  for (;;) {
    const groups = Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => otpAlphabet[randomInt(otpAlphabet.length)]).join(''));
    const password = groups.join('-');
    if ((await passwordPolicyMessage(password, { loginId })) === null) return password;
  }
}

/** A one-time password and its hash, made before the transaction (scrypt takes a while). */
async function preparedPassword(loginId: string, passwordLogN: number) {
  const password = await oneTimePasswordFor(loginId);
  return { password, hash: await hashPassword(password, passwordLogN) };
}

export interface StaffChangeDeps {
  db: Db;
  /** log2 of scrypt's N for the one-time password's hash. */
  passwordLogN: number;
  /** CODE_HASH_KEY: the sign-in throttle's keys, lifted by an unlock. */
  codeHashKey: Buffer;
}

export type StaffChange =
  | { kind: 'role'; role: StaffRole }
  | { kind: 'password' }
  | { kind: 'second-factor' }
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'unlock' }
  /** The member signs in through the bank's provider as this account (`iss` + `sub`; decision 0253). */
  | { kind: 'link'; issuer: string; subject: string }
  | { kind: 'unlink' };

/** The changes that set a one-time password when they take effect: a reset, and a restart (decision 0233, amended 2026-12-02). */
const setsPassword = (kind: StaffChange['kind']) => kind === 'password' || kind === 'enable';

export interface StaffChangeResult {
  awaitingConfirmation: boolean;
  /** The server's one-time password for the member, when a password reset took effect now. */
  oneTimePassword: string | null;
}

const auditActionOf: Readonly<Record<StaffChange['kind'], AuditAction>> = {
  role: 'CHANGE_STAFF_ROLE',
  password: 'RESET_STAFF_PASSWORD',
  'second-factor': 'RESET_STAFF_TOTP',
  disable: 'DISABLE_STAFF',
  enable: 'ENABLE_STAFF',
  unlock: 'UNLOCK_STAFF',
  link: 'LINK_STAFF_PROVIDER',
  unlink: 'UNLINK_STAFF_PROVIDER',
};

const pendingFlagOf: Readonly<Record<Exclude<StaffChange['kind'], 'role' | 'link'>, PendingFlag>> = {
  password: 'pendingPasswordReset',
  'second-factor': 'pendingSecondFactorReset',
  disable: 'pendingDisable',
  enable: 'pendingEnable',
  unlock: 'pendingUnlock',
  unlink: 'pendingOidcUnlink',
};

/**
 * Whether this change waits for a second ADMIN in four-eyes mode: every change, except those that
 * only take standing away or touch no credential of a privileged account — stopping a member who is
 * not an ADMIN (a leaver is stopped at once) and lifting the sign-in limit of one who is not (they
 * still need their password and second factor). Restarting any stopped account waits.
 */
function waitsInFourEyes(change: StaffChange, row: StaffRow): boolean {
  // Removing a provider link only takes a way in away, as a stop does.
  if (change.kind !== 'disable' && change.kind !== 'unlock' && change.kind !== 'unlink') return true;
  return row.role === 'ADMIN' || row.pendingRole === 'ADMIN';
}

/** Whether the change is asked for already, or changes nothing. */
async function refuseUnchanged(trx: Executor, change: StaffChange, row: StaffRow): Promise<void> {
  if (change.kind === 'role') {
    if ((row.pendingRole ?? row.role) === change.role) throw new Refusal('conflict', { message: adminMessages.roleUnchanged });
    return;
  }
  if (change.kind === 'link') {
    const same = (issuer: string | null, subject: string | null) => issuer === change.issuer && subject === change.subject;
    if (same(row.oidcIssuer, row.oidcSubject)) throw new Refusal('conflict', { message: adminMessages.oidcLinkUnchanged });
    if (same(row.pendingOidcIssuer, row.pendingOidcSubject)) throw new Refusal('conflict', { message: adminMessages.alreadyWaiting });
    await refuseTakenSubject(trx, row, change);
    return;
  }
  if (change.kind === 'unlink' && row.oidcSubject === null) throw new Refusal('conflict', { message: adminMessages.notLinked });
  if (change.kind === 'disable' && row.disabledAt !== null) throw new Refusal('conflict', { message: adminMessages.alreadyDisabled });
  if (change.kind === 'enable' && row.disabledAt === null) throw new Refusal('conflict', { message: adminMessages.notDisabled });
  if (row[pendingFlagOf[change.kind]] === 1) throw new Refusal('conflict', { message: adminMessages.alreadyWaiting });
}

/** One provider account is one member of a bank: linked to, or waiting for, another member is refused (400 on the field). */
async function refuseTakenSubject(trx: Executor, row: StaffRow, link: { issuer: string; subject: string }): Promise<void> {
  if (await subjectTaken(trx, row.bankCode, link.issuer, link.subject, row.id)) {
    throw new FieldValidationError([{ field: 'subject', message: adminMessages.oidcSubjectTaken }]);
  }
}

/** Makes one change take effect: the member's sessions end (not for lifting a sign-in limit), and their proposals go where the change takes their standing to propose. */
async function applyChange(
  trx: Executor,
  dialect: Db['dialect'],
  actor: Actor,
  row: StaffRow,
  change: StaffChange,
  passwordHash: string | null,
  now: number,
): Promise<void> {
  let withdraw: WithdrawReason | null = null;
  if (change.kind === 'role') {
    await setRole(trx, row.id, change.role, actor.staffId!, now);
    if (!can(change.role, 'applications.decide')) withdraw = 'MEMBER_ROLE_CHANGED';
  } else if (change.kind === 'password') {
    await setStaffPassword(trx, row.id, passwordHash!, true, now);
    withdraw = 'MEMBER_RESET';
  } else if (change.kind === 'second-factor') {
    await clearTotp(trx, row.id, now);
    withdraw = 'MEMBER_RESET';
  } else if (change.kind === 'enable') {
    // A restarted account comes back with a new one-time password and no second factor: its old
    // password, TOTP secret, recovery codes and passkeys (a leaver may still hold them) are gone, and
    // the member enrols again at the next sign-in.
    await setStaffDisabled(trx, row.id, null, now);
    await setStaffPassword(trx, row.id, passwordHash!, true, now);
    await clearTotp(trx, row.id, now);
  } else if (change.kind === 'unlock') {
    await unlockStaff(trx, row.id, now);
  } else if (change.kind === 'link') {
    await setOidcLink(trx, row.id, { issuer: change.issuer, subject: change.subject }, now);
  } else if (change.kind === 'unlink') {
    await setOidcLink(trx, row.id, null, now);
  } else {
    await setStaffDisabled(trx, row.id, now, now);
    withdraw = 'MEMBER_STOPPED';
  }
  // Lifting a sign-in limit takes nothing away: the member's open session stays.
  if (change.kind !== 'unlock') await revokeSessionsOfStaff(trx, row.id, now);
  if (withdraw !== null) await withdrawProposalsOf(trx, dialect, actor, row.id, withdraw, now);
}

/**
 * An ADMIN changes another member of the bank: at once with one ADMIN (the ADMIN then is the only
 * one who can hand the one-time password over), or waiting for a different ADMIN in four-eyes mode.
 */
export async function requestStaffChange(deps: StaffChangeDeps, actor: Actor, staffId: string, change: StaffChange, now: number): Promise<StaffChangeResult> {
  const target = await memberOfBank(deps.db.kysely, actor, staffId);
  const prepared = setsPassword(change.kind) ? await preparedPassword(target.loginId, deps.passwordLogN) : null;
  const result = await durableTransaction(deps.db, async (trx) => {
    const row = await memberOfBank(trx, actor, staffId, deps.db.dialect);
    await refuseUnchanged(trx, change, row);
    const awaiting = (await needsSecondAdmin(trx, actor.bankCode, now)) && waitsInFourEyes(change, row);
    if (awaiting) {
      if (change.kind === 'role') await setPendingRole(trx, row.id, change.role, actor.staffId, now);
      else if (change.kind === 'link') await setPendingOidcLink(trx, row.id, change, now);
      else await setPendingFlag(trx, row.id, pendingFlagOf[change.kind], now);
      await addChangeAuthor(trx, row.id, actor.staffId!, now);
    } else {
      await applyChange(trx, deps.db.dialect, actor, row, change, prepared?.hash ?? null, now);
    }
    const what =
      change.kind === 'role' ? `${row.loginId} ${row.role}→${change.role}` : change.kind === 'link' ? `${row.loginId} sub=${change.subject}` : row.loginId;
    await audit(trx, actor, auditActionOf[change.kind], now, { detail: `${what}${awaiting ? ' (確認待ち)' : ''}` });
    return { awaitingConfirmation: awaiting, oneTimePassword: awaiting ? null : (prepared?.password ?? null) };
  });
  if (change.kind === 'unlock' && !result.awaitingConfirmation) await forgetAccountThrottle(deps.db, deps.codeHashKey, target.bankCode, target.loginId);
  return result;
}

/**
 * A different ADMIN confirms what waits for a member: the new account, a role, resets, a stop. None
 * of the ADMINs who created or changed the account since its last confirmation may (403 FOUR_EYES).
 * A new account's or a reset password's one-time password is chosen now and answered to this ADMIN
 * only, to hand to the member in person.
 */
export async function confirmStaffChange(deps: StaffChangeDeps, actor: Actor, staffId: string, now: number): Promise<StaffChangeResult> {
  const target = await memberOfBank(deps.db.kysely, actor, staffId);
  const prepared = await preparedPassword(target.loginId, deps.passwordLogN);
  let unlocked = false;
  const result = await durableTransaction(deps.db, async (trx) => {
    const row = await memberOfBank(trx, actor, staffId, deps.db.dialect);
    const changes: StaffChange[] = [
      ...(row.pendingRole !== null ? [{ kind: 'role' as const, role: row.pendingRole as StaffRole }] : []),
      ...(row.pendingPasswordReset === 1 ? [{ kind: 'password' as const }] : []),
      ...(row.pendingSecondFactorReset === 1 ? [{ kind: 'second-factor' as const }] : []),
      ...(row.pendingDisable === 1 ? [{ kind: 'disable' as const }] : []),
      ...(row.pendingEnable === 1 ? [{ kind: 'enable' as const }] : []),
      ...(row.pendingUnlock === 1 ? [{ kind: 'unlock' as const }] : []),
      ...(row.pendingOidcSubject !== null && row.pendingOidcIssuer !== null
        ? [{ kind: 'link' as const, issuer: row.pendingOidcIssuer, subject: row.pendingOidcSubject }]
        : []),
      ...(row.pendingOidcUnlink === 1 ? [{ kind: 'unlink' as const }] : []),
    ];
    const newAccount = row.awaitingConfirmation === 1;
    if (!newAccount && changes.length === 0) throw new Refusal('conflict', { message: adminMessages.nothingToConfirm });
    const authors = (await changeAuthorsOf(trx, [row.id])).map((a) => a.changedBy);
    if (newAccount && row.createdBy !== null) authors.push(row.createdBy);
    if (row.pendingRole !== null && row.roleRequestedBy !== null) authors.push(row.roleRequestedBy);
    if (authors.includes(actor.staffId!)) throw new Refusal('forbidden', { message: adminMessages.ownStaffChange, code: 'FOUR_EYES' });
    for (const change of changes) if (change.kind === 'link') await refuseTakenSubject(trx, row, change);
    for (const change of changes) await applyChange(trx, deps.db.dialect, actor, row, change, prepared.hash, now);
    // A new account's password was chosen by the ADMIN who created it: replaced, so they cannot use it.
    if (newAccount) await setStaffPassword(trx, row.id, prepared.hash, true, now);
    await markConfirmed(trx, row.id, actor.staffId!, changes.find((c) => c.kind === 'role')?.role ?? row.role, now);
    const what = [newAccount ? 'account' : null, ...changes.map((c) => (c.kind === 'role' ? c.role : c.kind === 'link' ? `link sub=${c.subject}` : c.kind))]
      .filter(Boolean)
      .join(',');
    await audit(trx, actor, 'CONFIRM_STAFF', now, { detail: `${row.loginId} ${what}` });
    const handsPassword = newAccount || changes.some((c) => setsPassword(c.kind));
    unlocked = row.pendingUnlock === 1;
    return { awaitingConfirmation: false, oneTimePassword: handsPassword ? prepared.password : null };
  });
  if (unlocked) await forgetAccountThrottle(deps.db, deps.codeHashKey, target.bankCode, target.loginId);
  return result;
}

/** Who asked for what waits, per member (they may not confirm it). */
export async function changeAuthorsByMember(db: Db, staffIds: readonly string[]): Promise<Map<string, string[]>> {
  const byMember = new Map<string, string[]>();
  for (const { staffId, changedBy } of await changeAuthorsOf(db, staffIds)) byMember.set(staffId, [...(byMember.get(staffId) ?? []), changedBy]);
  return byMember;
}
