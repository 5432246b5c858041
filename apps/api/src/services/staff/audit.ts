import type { BankCode } from '@koza/domain/constants';
import type { Db } from '../../db/database.ts';
import { appendAudit } from '../../db/repositories/audit-repository.ts';
import type { Executor } from '../../db/executor.ts';
import type { AuditAction } from '@koza/domain/admin/rules';

// Every staff action leaves one line (docs/decisions/0113-audit-log.md). A decision writes its line
// in the same transaction as the change, so there is never a change without its line.

export interface Actor {
  staffId: string | null;
  loginId: string;
  /** The bank the action is taken at (the staff member's, proven equal to the Host's by the guard). */
  bankCode: BankCode;
  ipAddress: string;
  /** The request's user agent (cut to 300 characters), where there is a request. */
  userAgent?: string | null;
}

export async function audit(
  db: Db | Executor,
  actor: Actor,
  action: AuditAction,
  now: number,
  target: { applicationId?: string | null; applicationNumber?: string | null; detail?: string | null } = {},
  /** Asked under the chain's lock: when it answers true, the line is already there and nothing is written. */
  unless?: (trx: Executor) => Promise<boolean>,
): Promise<void> {
  await appendAudit(
    db,
    {
      at: now,
      bankCode: actor.bankCode,
      staffId: actor.staffId,
      staffLoginId: actor.loginId,
      action,
      applicationId: target.applicationId ?? null,
      applicationNumber: target.applicationNumber ?? null,
      detail: target.detail ?? null,
      ipAddress: actor.ipAddress,
      userAgent: actor.userAgent ? actor.userAgent.slice(0, 300) : null,
    },
    unless,
  );
}
