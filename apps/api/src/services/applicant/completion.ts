import type { EkycMethod } from '@koza/domain/constants';
import { ekycStatus } from '@koza/domain/constants';
import { missingSteps } from '@koza/domain/flows';
import type { SavedStep } from '@koza/domain/flows';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import { findByIdForUpdate, markCompleted } from '../../db/repositories/applications-repository.ts';
import type { ApplicationRow } from '../../db/repositories/applications-repository.ts';
import { allocateSequence, findSessionClosedByCompletion } from '../../db/repositories/application-numbers-repository.ts';
import { findLatestEkycSession } from '../../db/repositories/ekyc-sessions-repository.ts';
import { Refusal } from '../platform/refusals.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';
import { savedStepsWithDocuments } from './documents.ts';
import { idleLimitMs, revokeSessionsOfApplication, tokenHash } from '../platform/sessions.ts';
import type { AuthContext } from '../platform/sessions.ts';
import type { BankCode } from '@koza/domain/constants';
import { getBank } from '@koza/domain/banks/banks';
import type { MailSender } from '../../adapters/mail.ts';
import { completionMail } from '../platform/review-mail-content.ts';

// POST /api/application-complete (DECISIONS.md §5, docs/decisions/0052-completion-numbers.md and
// 0053-token-after-completion.md). One durable transaction: lock the application, check every step
// (eKYC at 4, the supplement when required), take the bank's next number, mark COMPLETED, revoke
// the sessions; the answer leaves only after COMMIT is on disk. Again → the same number and time.

export interface Completion {
  applicationNumber: string;
  applicationCompletedAt: string;
}

/** 409 naming what is still missing (SavedStep names of @koza/domain/flows; 'ekyc' = not at status 4 yet). */
export class NotReadyError extends Refusal {
  readonly missingSteps: readonly SavedStep[];
  constructor(steps: readonly SavedStep[]) {
    super('conflict');
    this.missingSteps = steps;
  }
}

/**
 * `<bank code>-<YYYYMMDD completion day in Japan>-<sequence of the bank, at least 6 digits>`,
 * e.g. 0177-20260615-000042. The sequence alone is unique per bank and never restarts; the day is
 * there for people (the contact centre, the applicant quoting it).
 */
export function formatApplicationNumber(bankCode: string, completedAt: number, sequence: number): string {
  const day = toJapanIso(completedAt).slice(0, 10).replaceAll('-', '');
  return `${bankCode}-${day}-${String(sequence).padStart(6, '0')}`;
}

const completionOf = (row: ApplicationRow): Completion => ({
  applicationNumber: row.applicationNumber!,
  applicationCompletedAt: toJapanIso(row.completedAt!),
});

export async function completeApplication({ db, clock, mail }: { db: Db; clock: Clock; mail?: MailSender }, applicationId: string): Promise<Completion> {
  let completedRow: ApplicationRow | null = null;
  const completion = await durableTransaction(db, async (trx) => {
    const row = await findByIdForUpdate(trx, applicationId, db.dialect);
    if (!row) throw new Refusal('unauthenticated');
    if (row.completedAt !== null && row.applicationNumber !== null) return completionOf(row);

    const type = row.applicationType;
    const ekyc = await findLatestEkycSession(trx, row.id);
    const missing = missingSteps(type, 'complete', await savedStepsWithDocuments(trx, row, (ekyc?.method ?? null) as EkycMethod | null));
    if (ekyc?.status !== ekycStatus.BANKER_PROCESSING && !missing.includes('ekyc')) missing.push('ekyc');
    if (row.status === 'SUPPLEMENT_REQUIRED' || (row.supplementRequired === 1 && row.supplementSavedAt === null)) {
      missing.push('currentAddressDocument');
    }
    if (missing.length > 0 || row.status !== 'READY') throw new NotReadyError(missing);

    const now = clock.now().getTime();
    const number = formatApplicationNumber(row.bankCode, now, await allocateSequence(trx, row.bankCode));
    if (!(await markCompleted(trx, row.id, number, now))) throw new Refusal('conflict');
    // DECISIONS.md §3: the token is revoked at completion (only this call may be repeated with it).
    await revokeSessionsOfApplication(trx, row.id, now);
    completedRow = row;
    return { applicationNumber: number, applicationCompletedAt: toJapanIso(now) };
  });
  // The completion mail (issue 14) leaves once, after the commit; a failed mail never undoes it.
  if (mail && completedRow) await sendCompletionMail(mail, completedRow, completion.applicationNumber);
  return completion;
}

async function sendCompletionMail(mail: MailSender, row: ApplicationRow, applicationNumber: string): Promise<void> {
  const name = [row.lastName, row.firstName].filter(Boolean).join(' ');
  const content = completionMail(getBank(row.bankCode), name, applicationNumber);
  await mail.send({ bankCode: row.bankCode, to: row.mailAddress, subject: content.subject, text: content.text }).catch(() => undefined);
}

/** How long after completion the completion call may be repeated with the session it revoked. */
export const completionRetryWindowMs = idleLimitMs;

/**
 * The caller of a repeated completion call whose session the completion itself revoked (within
 * the retry window): a lost answer can be fetched again. Null for any other revoked session.
 */
export async function authContextClosedByCompletion(db: Db, key: Buffer, token: string, bankCode: BankCode, now: number): Promise<AuthContext | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const s = await findSessionClosedByCompletion(db, { tokenHash: tokenHash(key, token), bankCode, completedSince: now - completionRetryWindowMs });
  if (!s) return null;
  return {
    sessionId: s.sessionId,
    applicationId: s.applicationId,
    bankCode: s.bankCode as BankCode,
    applicationType: s.applicationType as AuthContext['applicationType'],
    mailAddress: s.mailAddress,
  };
}
