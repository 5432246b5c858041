import type { BankCode } from '@koza/domain/constants';
import type { Db } from '../../db/database.ts';
import { findBankNotices, findChannelNotices } from '../../db/repositories/notices-repository.ts';

// GET /api/notifications/{bankCode or channel} and the entry pages' landing modals: the host's bank
// decides whose notices an applicant sees, never the path or the query (issue 42, decisions 0161 and 0250).
// Four digits name a bank: the host's own code lists its notices for applicants
// arriving without a channel; any other four digits — a sister bank's code included — name nothing
// and list nothing, so that an ADMIN of one bank cannot put text on another bank's pages. Anything
// else is a channel id: its notices for every bank (reference data only) or for the host's bank.

export async function activeNotices(db: Db, target: string, hostBank: BankCode, now: Date): Promise<string[]> {
  if (/^\d{4}$/.test(target)) return target === hostBank ? findBankNotices(db, target, now.getTime()) : [];
  return findChannelNotices(db, target, hostBank, now.getTime());
}
