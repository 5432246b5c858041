import { adminMessages } from '@koza/domain/admin/messages';
import type { StaffRole } from '@koza/domain/admin/roles';
import type { Db } from '../db/database.ts';
import type { Executor } from '../db/executor.ts';
import { countActiveAdmins, markConfirmed, markCreatedBy, setPendingRole, setRole } from '../db/repositories/staff-confirmation-repository.ts';
import { findStaffById, revokeSessionsOfStaff } from '../db/repositories/staff-repository.ts';
import type { StaffRow } from '../db/repositories/staff-repository.ts';
import { Refusal } from './refusals.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';

// Staff changes by two ADMINs (issue 24, docs/decisions/0233-staff-changes-confirmed-by-a-second-admin.md):
// where the bank has two or more active ADMINs, an account one of them creates cannot sign in, and a
// role one of them changes does not apply, until a different ADMIN confirms it. With one ADMIN
// (a small bank, or the first steps after `npm run staff`) the change applies at once and the list
// says that nobody confirmed it.

/** Whether a change by an ADMIN of this bank needs a second ADMIN now. */
export async function needsSecondAdmin(db: Db | Executor, bankCode: string): Promise<boolean> {
  return (await countActiveAdmins(db, bankCode)) >= 2;
}

/** Records who created a new account and whether it waits for a confirmation (called right after it is inserted). */
export async function recordCreation(db: Db | Executor, actor: Actor, staffId: string, awaiting: boolean): Promise<void> {
  await markCreatedBy(db, staffId, actor.staffId, awaiting);
}

async function memberOfBank(trx: Executor, actor: Actor, staffId: string): Promise<StaffRow> {
  const row = await findStaffById(trx, staffId);
  if (!row || row.bankCode !== actor.bankCode) throw new Refusal('notFound', { message: adminMessages.staffNotFound });
  if (row.id === actor.staffId) throw new Refusal('conflict', { message: adminMessages.notOwnAccount });
  return row;
}

/** A different ADMIN confirms the waiting account or role change of a member. */
export async function confirmStaffChange(db: Db, actor: Actor, staffId: string, now: number): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    const row = await memberOfBank(trx, actor, staffId);
    const waiting = row.awaitingConfirmation === 1 || row.pendingRole !== null;
    if (!waiting) throw new Refusal('conflict', { message: adminMessages.nothingToConfirm });
    const requester = row.pendingRole !== null ? row.roleRequestedBy : row.createdBy;
    if (requester === actor.staffId) throw new Refusal('forbidden', { message: adminMessages.ownStaffChange, code: 'FOUR_EYES' });
    const role = row.pendingRole ?? row.role;
    await markConfirmed(trx, row.id, actor.staffId!, role, now);
    // A new role takes effect at the member's next sign-in.
    if (row.pendingRole !== null) await revokeSessionsOfStaff(trx, row.id, now);
    await audit(trx, actor, 'CONFIRM_STAFF', now, { detail: `${row.loginId} ${role}` });
  });
}

/** An ADMIN changes a member's role: waits for a second ADMIN where there are two or more. */
export async function requestRoleChange(db: Db, actor: Actor, staffId: string, role: StaffRole, now: number): Promise<{ awaiting: boolean }> {
  return db.kysely.transaction().execute(async (trx) => {
    const row = await memberOfBank(trx, actor, staffId);
    if (row.role === role && row.pendingRole === null) throw new Refusal('conflict', { message: adminMessages.roleUnchanged });
    const awaiting = await needsSecondAdmin(trx, actor.bankCode);
    if (awaiting) await setPendingRole(trx, row.id, role, actor.staffId, now);
    else {
      await setRole(trx, row.id, role, actor.staffId!, now);
      await revokeSessionsOfStaff(trx, row.id, now);
    }
    await audit(trx, actor, 'CHANGE_STAFF_ROLE', now, { detail: `${row.loginId} ${row.role}→${role}${awaiting ? ' (確認待ち)' : ''}` });
    return { awaiting };
  });
}
