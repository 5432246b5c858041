import { isBankCode } from '@koza/domain/constants';
import type { BankCode } from '@koza/domain/constants';
import type { Db } from '../../db/database.ts';
import { findBankNotices, findChannelNotices } from '../../db/repositories/notices-repository.ts';

// GET /api/notifications/{bankCode or channel}: four digits name a bank (its notices for applicants
// arriving without a channel); anything else is a channel id (its notices for any bank, or for the
// bank of the host). An unknown bank code or channel has no notices.

export async function activeNotices(db: Db, target: string, hostBank: BankCode, now: Date): Promise<string[]> {
  if (/^\d{4}$/.test(target)) return isBankCode(target) ? findBankNotices(db, target, now.getTime()) : [];
  return findChannelNotices(db, target, hostBank, now.getTime());
}
