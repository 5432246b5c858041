import { displayNames } from '../../db/repositories/staff-confirmation-repository.ts';
import { isStaffRole } from '@koza/domain/admin/roles';
import { adminMessages } from '@koza/domain/admin/messages';
import { staffAuth } from '@koza/domain/admin/rules';
import type { AuditAction } from '@koza/domain/admin/rules';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import type { Executor } from '../../db/executor.ts';
import { findStaffById, listStaffOfBank, liveSessionsOfStaff, revokeSessionsOfStaff } from '../../db/repositories/staff-repository.ts';
import type { StaffRow } from '../../db/repositories/staff-repository.ts';
import { Refusal } from '../platform/refusals.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';
import { bankNameOf, identityOf } from './staff-auth.ts';
import { accountLimitedUntil } from './staff-throttle.ts';
import { changeAuthorsByMember } from './staff-confirmation.ts';

// Staff accounts as an ADMIN sees them: one bank only (docs/decisions/0164-staff-account-life-cycle.md).
// Each change, the end of the member's sessions it implies, and its audit line are one transaction.

/** The bank's members, each with whether the sign-in throttle holds them back now (and until when), who created and who confirmed them. */
export async function listStaff(db: Db, codeHashKey: Buffer, bankCode: string, now: number) {
  const rows = await listStaffOfBank(db, bankCode);
  const limits = await Promise.all(rows.map((row) => accountLimitedUntil(db, codeHashKey, row.bankCode, row.loginId, now)));
  const authors = await changeAuthorsByMember(
    db,
    rows.map((r) => r.id),
  );
  const names = await displayNames(db, [
    ...rows.flatMap((r) => [r.createdBy, r.confirmedBy].filter((id): id is string => id !== null)),
    ...[...authors.values()].flat(),
  ]);
  const nameOf = (id: string | null) => (id === null ? null : (names.get(id) ?? id));
  return rows.map((row, i) => ({
    ...identityOf(row),
    bankName: bankNameOf(row.bankCode),
    locked: row.lockedAt !== null,
    signInLimitedUntil: toJapanIsoOrNull(limits[i] ?? null),
    disabled: row.disabledAt !== null,
    totpEnabled: row.totpEnabledAt !== null,
    createdAt: toJapanIso(row.createdAt),
    createdBy: nameOf(row.createdBy),
    confirmedBy: nameOf(row.confirmedBy),
    awaitingConfirmation: row.awaitingConfirmation === 1,
    pendingRole: isStaffRole(row.pendingRole) ? row.pendingRole : null,
    pendingPasswordReset: row.pendingPasswordReset === 1,
    pendingSecondFactorReset: row.pendingSecondFactorReset === 1,
    pendingDisable: row.pendingDisable === 1,
    pendingEnable: row.pendingEnable === 1,
    pendingUnlock: row.pendingUnlock === 1,
    changedBy: (authors.get(row.id) ?? []).map((id) => nameOf(id) ?? id),
    oidcSubject: row.oidcSubject,
    pendingOidcSubject: row.pendingOidcSubject,
    pendingOidcUnlink: row.pendingOidcUnlink === 1,
    lastOidcSignInAt: toJapanIsoOrNull(row.lastOidcSignInAt === null ? null : Number(row.lastOidcSignInAt)),
  }));
}

const toJapanIsoOrNull = (at: number | null) => (at === null ? null : toJapanIso(at));

/** A member of the actor's bank (404 for another bank's, as for one that does not exist); never the actor. */
async function otherMemberOfBank(trx: Executor, actor: Actor, staffId: string): Promise<StaffRow> {
  const row = await findStaffById(trx, staffId);
  if (!row || row.bankCode !== actor.bankCode) throw new Refusal('notFound', { message: adminMessages.staffNotFound });
  if (row.id === actor.staffId) throw new Refusal('conflict', { message: adminMessages.notOwnAccount });
  return row;
}

async function changeMember(
  db: Db,
  actor: Actor,
  staffId: string,
  action: AuditAction,
  now: number,
  change: (trx: Executor, row: StaffRow) => Promise<void>,
): Promise<void> {
  await durableTransaction(db, async (trx) => {
    const row = await otherMemberOfBank(trx, actor, staffId);
    await change(trx, row);
    await audit(trx, actor, action, now, { detail: row.loginId });
  });
}

/** Ends every live session of a member of the same bank (an ADMIN who sees one it does not trust). */
export async function endStaffSessionsOfBank(db: Db, actor: Actor, staffId: string, now: number): Promise<void> {
  await changeMember(db, actor, staffId, 'END_STAFF_SESSIONS', now, (trx, row) => revokeSessionsOfStaff(trx, row.id, now));
}

/** A member's live sessions: when and where each was opened, when last used. */
export async function staffSessionsOfBank(db: Db, actor: Actor, staffId: string, now: number) {
  const row = await findStaffById(db, staffId);
  if (!row || row.bankCode !== actor.bankCode) throw new Refusal('notFound', { message: adminMessages.staffNotFound });
  const sessions = await liveSessionsOfStaff(db, row.id, {
    now,
    idleSince: now - staffAuth.idleMinutes * 60_000,
    createdSince: now - staffAuth.absoluteHours * 3_600_000,
  });
  return {
    items: sessions.map((s) => ({
      createdAt: toJapanIso(Number(s.createdAt)),
      lastSeenAt: toJapanIso(Number(s.lastSeenAt)),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      viaProvider: s.viaProvider === 1,
    })),
  };
}
