import { randomInt } from 'node:crypto';
import type { Bank } from '@koza/domain/banks/banks';
import { isShareableRejectionReason, shareableRejectionReasons } from '@koza/domain/application-status';
import type { ApplicantStatus } from '@koza/domain/application-status';
import type { ApplicationStatusView } from '@koza/domain/api/application-status';
import { verification } from '@koza/domain/constants';
import { findStatusFacts } from '../../db/repositories/application-status-repository.ts';
import type { StatusFacts } from '../../db/repositories/application-status-repository.ts';
import { deleteCode, findLiveCode, replaceCode, takeTry } from '../../db/repositories/verification-repository.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';
import { keyedHash, mailKey, mailLookupHash, sameHash } from '../platform/keyed-hash.ts';
import { statusCodeMail } from '../platform/mail-content.ts';
import { enforceLimits, minutes } from '../platform/rate-limits.ts';
import { sendingLimits } from './verification.ts';
import type { VerificationDeps } from './verification.ts';

// お申込み状況の確認 (docs/decisions/0192-application-status-page.md). The mail verification of
// DECISIONS.md §3, reused: a 6-digit code from the CSPRNG in verification_codes (keyed hash, 10
// minutes, 5 tries, a new one replaces the old), under the same per-address and per-IP sending
// limits (the same counters: a status code counts as a verification mail). The code is bound to
// the receipt number as well. A code is mailed only when the bank has a completed application with
// that receipt number made with that address; the caller answers the same either way, and a wrong
// receipt number, a wrong address and a wrong code fail alike.

/** The use of a status-check code in verification_codes' `application_type` key (never an application's type). */
const statusCodeUse = 'STATUS';

const codeHash = (key: Buffer, c: { bankCode: string; mailAddress: string; applicationNumber: string; code: string }) =>
  keyedHash(key, 'status-code', c.bankCode, mailKey(c.mailAddress), c.applicationNumber, c.code);

interface Lookup {
  bank: Bank;
  mailAddress: string;
  applicationNumber: string;
}

const ownApplication = async (deps: VerificationDeps, input: Lookup): Promise<StatusFacts | null> => {
  const facts = await findStatusFacts(deps.db, input.bank.code, input.applicationNumber);
  return facts && sameHash(facts.mailHash, mailLookupHash(deps.codeHashKey, input.mailAddress)) ? facts : null;
};

/**
 * Mails a code when the application exists for this address; otherwise does nothing. Over a
 * sending limit it throws 429 (both cases count). A mail that cannot be sent is reported to
 * `onMailFailure` and not to the caller, whose answer must not tell whether there was a mail.
 */
export async function sendStatusCode(deps: VerificationDeps, input: Lookup & { ip: string; onMailFailure: () => void }): Promise<void> {
  const now = deps.now();
  await enforceLimits(deps.db, sendingLimits(deps.codeHashKey, input.mailAddress, input.ip), now);
  if (!(await ownApplication(deps, input))) return;

  const code = String(randomInt(0, 10 ** verification.codeDigits)).padStart(verification.codeDigits, '0');
  const key = { bankCode: input.bank.code, applicationType: statusCodeUse, mailHash: mailLookupHash(deps.codeHashKey, input.mailAddress) };
  await replaceCode(deps.db, key, {
    mailAddress: input.mailAddress,
    codeHash: codeHash(deps.codeHashKey, { bankCode: input.bank.code, mailAddress: input.mailAddress, applicationNumber: input.applicationNumber, code }),
    expiresAt: now + minutes(verification.codeValidityMinutes),
    now,
  });
  const content = statusCodeMail(input.bank, code);
  try {
    await deps.mail.send({ bankCode: input.bank.code, to: input.mailAddress, subject: content.subject, text: content.text });
  } catch {
    input.onMailFailure();
  }
}

/** The state an applicant sees, from the review and whether staff have opened the application. */
export function applicantStatusOf(facts: Pick<StatusFacts, 'status' | 'cancelledAt' | 'opened' | 'personalDataErasedAt'>): ApplicantStatus {
  if (facts.personalDataErasedAt !== null) return 'CLOSED';
  if (facts.status === 'APPROVED') return facts.cancelledAt === null ? 'APPROVED' : 'CANCELLED';
  if (facts.status === 'REJECTED') return 'REJECTED';
  return facts.opened ? 'IN_REVIEW' : 'RECEIVED';
}

function statusView(facts: StatusFacts, applicationNumber: string): ApplicationStatusView {
  const status = applicantStatusOf(facts);
  return {
    status,
    applicationNumber,
    applicationType: facts.applicationType === 'CHILD' ? 'CHILD' : 'GENERAL',
    firstName: facts.firstName ?? '',
    branchName: facts.branchName ?? '',
    appliedAt: toJapanIso(facts.completedAt),
    decidedAt: facts.decidedAt === null ? null : toJapanIso(facts.decidedAt),
    cancelledAt: status === 'CANCELLED' && facts.cancelledAt !== null ? toJapanIso(facts.cancelledAt) : null,
    reason: status === 'REJECTED' && isShareableRejectionReason(facts.shareableReason) ? shareableRejectionReasons[facts.shareableReason] : null,
  };
}

/**
 * Checks the code (a try is taken before comparing, as for verification) and answers the state, or
 * null for a wrong, expired or used-up code, another receipt number or another address alike. A
 * right code is consumed: showing the state again asks for a new one.
 */
export async function checkStatus(deps: VerificationDeps, input: Lookup & { verificationCode: string }): Promise<ApplicationStatusView | null> {
  const now = deps.now();
  const key = { bankCode: input.bank.code, applicationType: statusCodeUse, mailHash: mailLookupHash(deps.codeHashKey, input.mailAddress) };
  const row = await findLiveCode(deps.db, key, now);
  if (!row) return null;
  if (!(await takeTry(deps.db, row.id, verification.maxWrongTries))) return null;
  const expected = codeHash(deps.codeHashKey, {
    bankCode: input.bank.code,
    mailAddress: input.mailAddress,
    applicationNumber: input.applicationNumber,
    code: input.verificationCode,
  });
  if (!sameHash(expected, row.codeHash)) return null;
  if (!(await deleteCode(deps.db, row.id))) return null;
  const facts = await ownApplication(deps, input);
  return facts ? statusView(facts, input.applicationNumber) : null;
}
