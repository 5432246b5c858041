import type { BankCode } from '@koza/domain/constants';
import type { Db } from '../database.ts';
import type { EpochMs } from '../schema.ts';

// The applicant's status check (docs/decisions/0192-application-status-page.md): one completed
// application of a bank by its receipt number, with only what the status page may show, and its
// review. Read-only.

export interface StatusFacts {
  id: string;
  mailHash: string;
  applicationType: string;
  status: string;
  firstName: string | null;
  branchName: string | null;
  completedAt: EpochMs;
  decidedAt: EpochMs | null;
  cancelledAt: EpochMs | null;
  shareableReason: string | null;
  /** When the retention job erased its personal data (the applicant then sees CLOSED). */
  personalDataErasedAt: EpochMs | null;
  /** Whether a staff member has opened the application (its VIEW_APPLICATION audit line). */
  opened: boolean;
}

/** The completed application of the bank with this receipt number, or null. */
export async function findStatusFacts(db: Db, bankCode: BankCode, applicationNumber: string): Promise<StatusFacts | null> {
  const row = await db.kysely
    .selectFrom('applications as a')
    .leftJoin('applicationReviews as r', 'r.applicationId', 'a.id')
    .select([
      'a.id',
      'a.mailHash',
      'a.applicationType',
      'a.status',
      'a.firstName',
      'a.branchName',
      'a.completedAt',
      'r.decidedAt',
      'r.cancelledAt',
      'r.shareableReason',
      'a.personalDataErasedAt',
    ])
    .select((eb) =>
      eb.exists(eb.selectFrom('auditLog as l').select('l.id').whereRef('l.applicationId', '=', 'a.id').where('l.action', '=', 'VIEW_APPLICATION')).as('opened'),
    )
    .where('a.bankCode', '=', bankCode)
    .where('a.applicationNumber', '=', applicationNumber)
    .where('a.completedAt', 'is not', null)
    .executeTakeFirst();
  if (!row || row.completedAt === null) return null;
  return { ...row, completedAt: row.completedAt, opened: Boolean(row.opened) };
}
