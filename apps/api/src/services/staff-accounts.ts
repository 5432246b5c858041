import { adminMessages } from '@koza/domain/admin/messages';
import type { AuditAction } from '@koza/domain/admin/rules';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/repositories/applications-repository.ts';
import {
  clearTotp,
  findStaffById,
  listStaffOfBank,
  revokeSessionsOfStaff,
  setStaffDisabled,
  setStaffPassword,
  unlockStaff,
} from '../db/repositories/staff-repository.ts';
import type { StaffRow } from '../db/repositories/staff-repository.ts';
import { ApiError } from '../http/errors.ts';
import { toJapanIso } from '../http/japan-time.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';
import { bankNameOf, identityOf } from './staff-auth.ts';
import { hashPassword } from './staff-passwords.ts';

// Staff accounts as an ADMIN sees them: one bank only (docs/decisions/0164-staff-account-life-cycle.md).
// Each change, the end of the member's sessions it implies, and its audit line are one transaction.

export async function listStaff(db: Db, bankCode: string) {
  return (await listStaffOfBank(db, bankCode)).map((row) => ({
    ...identityOf(row),
    bankName: bankNameOf(row.bankCode),
    locked: row.lockedAt !== null,
    disabled: row.disabledAt !== null,
    totpEnabled: row.totpEnabledAt !== null,
    createdAt: toJapanIso(row.createdAt),
  }));
}

/** A member of the actor's bank (404 for another bank's, as for one that does not exist); never the actor. */
async function otherMemberOfBank(trx: Executor, actor: Actor, staffId: string): Promise<StaffRow> {
  const row = await findStaffById(trx, staffId);
  if (!row || row.bankCode !== actor.bankCode) throw new ApiError(404, { message: adminMessages.staffNotFound });
  if (row.id === actor.staffId) throw new ApiError(409, { message: adminMessages.notOwnAccount });
  return row;
}

async function changeMember(db: Db, actor: Actor, staffId: string, action: AuditAction, now: number, change: (trx: Executor, row: StaffRow) => Promise<void>): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await otherMemberOfBank(trx, actor, staffId);
    await change(trx, row);
    await audit(trx, actor, action, now, { detail: row.loginId });
  });
}

/** Lifts a lock-out of a staff member of the same bank. */
export async function unlockStaffOfBank(db: Db, actor: Actor, staffId: string, now: number): Promise<void> {
  await changeMember(db, actor, staffId, 'UNLOCK_STAFF', now, (trx, row) => unlockStaff(trx, row.id, now).then(() => undefined));
}

/** Stops an account (a leaver, a long absence): no more sign-in, and its sessions end at once. */
export async function disableStaffOfBank(db: Db, actor: Actor, staffId: string, now: number): Promise<void> {
  await changeMember(db, actor, staffId, 'DISABLE_STAFF', now, async (trx, row) => {
    await setStaffDisabled(trx, row.id, now, now);
    await revokeSessionsOfStaff(trx, row.id, now);
  });
}

/** Lets a stopped account sign in again (with its password, and its second factor if it had one). */
export async function enableStaffOfBank(db: Db, actor: Actor, staffId: string, now: number): Promise<void> {
  await changeMember(db, actor, staffId, 'ENABLE_STAFF', now, (trx, row) => setStaffDisabled(trx, row.id, null, now));
}

/** Forgets a member's second factor (a lost phone): they enrol again at their next sign-in; their sessions end. */
export async function resetStaffTotpOfBank(db: Db, actor: Actor, staffId: string, now: number): Promise<void> {
  await changeMember(db, actor, staffId, 'RESET_STAFF_TOTP', now, async (trx, row) => {
    await clearTotp(trx, row.id, now);
    await revokeSessionsOfStaff(trx, row.id, now);
  });
}

/** Sets a new initial password for a member who forgot theirs; their sessions end. */
export async function resetStaffPasswordOfBank(db: Db, actor: Actor, staffId: string, password: string, passwordLogN: number, now: number): Promise<void> {
  // Hashing takes a while (scrypt): outside the transaction.
  const passwordHash = await hashPassword(password, passwordLogN);
  await changeMember(db, actor, staffId, 'RESET_STAFF_PASSWORD', now, async (trx, row) => {
    await setStaffPassword(trx, row.id, passwordHash, now);
    await revokeSessionsOfStaff(trx, row.id, now);
  });
}
