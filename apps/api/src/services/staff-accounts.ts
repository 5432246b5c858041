import type { Db } from '../db/database.ts';
import { findStaffById, listStaffOfBank, unlockStaff } from '../db/repositories/staff-repository.ts';
import { ApiError } from '../http/errors.ts';
import { toJapanIso } from '../http/japan-time.ts';
import { bankNameOf, identityOf } from './staff-auth.ts';

// Staff accounts as an ADMIN sees them: one bank only.

export async function listStaff(db: Db, bankCode: string) {
  return (await listStaffOfBank(db, bankCode)).map((row) => ({
    ...identityOf(row),
    bankName: bankNameOf(row.bankCode),
    locked: row.lockedAt !== null,
    totpEnabled: row.totpEnabledAt !== null,
    createdAt: toJapanIso(row.createdAt),
  }));
}

/** Lifts a lock-out of a staff member of the same bank; answers the login id (for the audit). */
export async function unlockStaffOfBank(db: Db, bankCode: string, staffId: string, now: number): Promise<string> {
  const row = await findStaffById(db, staffId);
  if (!row || row.bankCode !== bankCode) throw new ApiError(404);
  await unlockStaff(db, staffId, now);
  return row.loginId;
}
