import { getBank } from '@koza/domain/banks/banks';
import { adminMessages } from '@koza/domain/admin/messages';
import { cancelReasons, caseActions, reasonText, rejectReasons, reviewRules, withdrawReasons } from '@koza/domain/admin/case';
import type { CancelReason, CaseAction, CaseState, RejectReason, WithdrawReason } from '@koza/domain/admin/case';
import { can, type StaffRole } from '@koza/domain/admin/roles';
import type { ShareableRejectionReason } from '@koza/domain/application-status';
import { fieldsOf, type FieldDefinition } from '@koza/domain/fields/registry';
import type { HandoverEntry, HandoverRecord } from '../../adapters/handover-format.ts';
import { insertOutboxEntry } from '../../db/repositories/handover-outbox-repository.ts';
import { encryptPinForAccountSystem } from './handover-pin.ts';
import type { Clock } from '../../adapters/clock.ts';
import type { MailSender } from '../../adapters/mail.ts';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import { findByIdForUpdate, findParentByApplicationId } from '../../db/repositories/applications-repository.ts';
import type { ApplicationParentRow, ApplicationRow } from '../../db/repositories/applications-repository.ts';
import type { CaseRow, ReviewRow } from '../../db/repositories/review-repository.ts';
import type { Executor } from '../../db/executor.ts';
import {
  clearProposal,
  closeCase,
  findCase,
  findReview,
  insertCaseEvent,
  insertReview,
  markApprovedAndErasePin,
  markCancelProposed,
  markCancelled,
  markProposed,
  openProposalsOf,
  markRejectedAndErasePin,
  setAssignee,
} from '../../db/repositories/review-repository.ts';
import { audit } from './audit.ts';
import { Refusal } from '../platform/refusals.ts';
import type { Actor } from './audit.ts';
import { decryptStoredPin } from '../applicant/pin.ts';
import { approvalMail, rejectionMail } from '../platform/review-mail-content.ts';
import { buildVerificationRecords, fetchProviderEvidence } from './verification-record.ts';
import type { ProviderEvidence } from './verification-record.ts';
import type { EkycProvider } from '../../adapters/ekyc-provider.ts';
import { findStaffById } from '../../db/repositories/staff-repository.ts';

// Staff decisions on a completed application (issue 14; docs/decisions/0112-handover-file.md).
// Approve: in one durable transaction, lock the row, decrypt the PIN, store the hand-over in the
// outbox (the account line with the PIN encrypted for the account system, the verification record and
// the provider's images; the exporter writes the bank's files from it, decision 0249), erase the PIN,
// record the decision and the audit line; then mail the applicant. Reject: the same without the
// hand-over. Nothing here touches a file: every instance may serve any approval.
// Cancel: an approved application whose cash card was not collected in time (SPEC.md §1).
// Another bank's application is 404, exactly like one that does not exist.

export interface ReviewDeps {
  db: Db;
  clock: Clock;
  mail: MailSender;
  /** Formats the approval's hand-over for the outbox: this release's formats (decision 0243). */
  formatHandover: (record: HandoverRecord) => HandoverEntry;
  /** PIN_DATA_KEY. */
  dataKey: Buffer;
  /** The account system's public key: the hand-over's PIN is encrypted to it (decision 0203). */
  accountSystemPublicKeyPem: string;
  /** The eKYC provider, asked at approval for the verification record's evidence (decision 0241). */
  provider: EkycProvider;
  providerName: string;
  /** EKYC_JPKI_CUTOVER: the amended ordinance's first day, which the record's items follow (decision 0248). */
  amendedFrom: string;
}

export interface DecisionResult {
  applicationNumber: string;
  /** False when the applicant's mail could not be sent (the decision stands; the route logs it). */
  mailSent: boolean;
}

async function lockOwnApplication(deps: ReviewDeps, trx: Executor, actor: Actor, id: string): Promise<ApplicationRow> {
  const row = await findByIdForUpdate(trx as Parameters<typeof findByIdForUpdate>[0], id, deps.db.dialect);
  if (!row || row.bankCode !== actor.bankCode || row.completedAt === null) throw new Refusal('notFound', { message: adminMessages.notFound });
  return row;
}

/** A member acting on a case: who, and with which role (what caseActions allows depends on both). */
export type Reviewer = Actor & { staffId: string; role: StaffRole };

/** The case's state as caseActions reads it: the case view and every action of the API read it the same way. */
export function caseStateOf(row: { status: string }, caseRow: CaseRow | null | undefined, review: ReviewRow | null | undefined): CaseState {
  return {
    status: review?.cancelledAt ? 'CANCELLED' : row.status,
    proposedBy: caseRow?.proposedBy ?? null,
    approvedAt: review?.outcome === 'APPROVED' ? review.decidedAt : null,
    assignedTo: caseRow?.assignedTo ?? null,
    cancelProposedBy: caseRow?.cancelProposedBy ?? null,
  };
}

/**
 * Refuses an action the case's state and the member do not allow, with the function the screen's
 * buttons come from (caseActions, decision 0234). `refusal` says why, in the action's own terms.
 */
async function allowedOrRefuse(trx: Executor, actor: Reviewer, row: ApplicationRow, action: CaseAction, now: number, refusal: (state: CaseState) => Refusal) {
  const caseRow = await findCase(trx, row.id);
  const review = await findReview(trx, row.id);
  const state = caseStateOf(row, caseRow, review);
  if (!caseActions(state, actor.staffId, (p) => can(actor.role, p), now).includes(action)) throw refusal(state);
  return { caseRow, review, state };
}

const s = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

/** A field's value in the hand-over file: digits of a postal code, 0/1 of a flag, else the text ('' for none). */
function handoverValue(field: FieldDefinition, value: unknown): string {
  if (field.kind === 'postalCode') return s(value as string | null).replace(/\D/g, '');
  return s(value as string | number | null);
}

export function handoverRecordOf(
  row: ApplicationRow,
  parent: ApplicationParentRow | null,
  pinEncrypted: string,
  now: number,
  verification: HandoverRecord['verification'],
): HandoverRecord {
  const fields: Record<string, string> = {};
  for (const [record, values] of [
    ['application', row],
    ['parent', parent],
  ] as const) {
    for (const f of fieldsOf(record)) if (f.handover) fields[f.handover.column] = handoverValue(f, (values as Record<string, unknown> | null)?.[f.key]);
  }
  // The address in one column, as the account system takes it (and its kana).
  const address = [row.addressPrefecture, row.addressMunicipality, row.addressSection, row.addressChome, row.address].map(s).join('');
  fields.address = [address, s(row.subAddress)].filter(Boolean).join(' ');
  fields.kana_address = [
    row.kanaAddressPrefecture,
    row.kanaAddressMunicipality,
    row.kanaAddressSection,
    row.kanaAddressChome,
    row.kanaAddress,
    row.kanaSubAddress,
  ]
    .map(s)
    .filter(Boolean)
    .join(' ');
  return {
    bankCode: row.bankCode,
    applicationNumber: s(row.applicationNumber),
    applicationType: row.applicationType,
    approvedAt: now,
    fields,
    pinEncrypted,
    verification,
  };
}

async function mailApplicant(deps: ReviewDeps, row: ApplicationRow, build: typeof approvalMail): Promise<boolean> {
  const content = build(getBank(row.bankCode), `${s(row.lastName)} ${s(row.firstName)}`.trim(), s(row.applicationNumber));
  try {
    await deps.mail.send({ bankCode: row.bankCode, to: row.mailAddress, subject: content.subject, text: content.text });
    return true;
  } catch {
    return false;
  }
}

/**
 * The first of the two people of an approval (decision 0230): proposes it (承認申請). The hand-over
 * waits for a different member's confirmation (approveApplication).
 */
export async function proposeApproval(deps: ReviewDeps, actor: Reviewer, id: string): Promise<{ applicationNumber: string }> {
  return durableTransaction(deps.db, async (trx) => {
    const row = await lockOwnApplication(deps, trx, actor, id);
    const now = deps.clock.now().getTime();
    const { state } = await allowedOrRefuse(trx, actor, row, 'propose', now, (state) =>
      state.status === 'COMPLETED'
        ? new Refusal('conflict', { message: adminMessages.alreadyProposed })
        : new Refusal('conflict', { message: adminMessages.notDecidable }),
    );
    if (state.proposedBy !== null || !(await markProposed(trx, row.id, actor.staffId, now)))
      throw new Refusal('conflict', { message: adminMessages.alreadyProposed });
    await insertCaseEvent(trx, { applicationId: row.id, at: now, staffId: actor.staffId, kind: 'PROPOSED' });
    await audit(trx, actor, 'PROPOSE_APPROVAL', now, { applicationId: row.id, applicationNumber: row.applicationNumber });
    return { applicationNumber: s(row.applicationNumber) };
  });
}

/** Assigns the case to the caller (take) or to nobody (release), while it waits for a decision. */
export async function assignApplication(deps: ReviewDeps, actor: Reviewer, id: string, take: boolean): Promise<void> {
  await durableTransaction(deps.db, async (trx) => {
    const row = await lockOwnApplication(deps, trx, actor, id);
    const now = deps.clock.now().getTime();
    // Only the holder releases a case; anyone who may decide takes it (over), in the history (decision 0234).
    await allowedOrRefuse(trx, actor, row, take ? 'take' : 'release', now, (state) =>
      state.status !== 'COMPLETED'
        ? new Refusal('conflict', { message: adminMessages.notAssignable })
        : new Refusal('forbidden', { message: take ? adminMessages.alreadyYours : adminMessages.notYourCase, code: 'NOT_ALLOWED' }),
    );
    await setAssignee(trx, row.id, take ? actor.staffId : null, now);
    await insertCaseEvent(trx, { applicationId: row.id, at: now, staffId: actor.staffId, kind: take ? 'ASSIGNED' : 'RELEASED' });
    await audit(trx, actor, take ? 'TAKE_APPLICATION' : 'RELEASE_APPLICATION', now, { applicationId: row.id, applicationNumber: row.applicationNumber });
  });
}

/** Why an approval is refused: a decided case, no proposal yet, or the member's own proposal. */
function approvalRefusal(state: CaseState): Refusal {
  if (state.status !== 'COMPLETED') return new Refusal('conflict', { message: adminMessages.notDecidable });
  if (state.proposedBy === null) return new Refusal('conflict', { message: adminMessages.proposalRequired, code: 'PROPOSAL_REQUIRED' });
  return new Refusal('forbidden', { message: adminMessages.ownProposal, code: 'FOUR_EYES' });
}

/**
 * The second person of an approval: confirms another member's proposal and hands the application
 * over. Without a proposal, or on one's own proposal, it is refused (403, a clear message).
 */
export async function approveApplication(deps: ReviewDeps, actor: Reviewer, id: string): Promise<DecisionResult> {
  // Who may approve is settled first: a refused approval (no proposal, one's own, a decided case)
  // is refused in its own terms and never asks the provider.
  await durableTransaction(deps.db, async (trx) => {
    const row = await lockOwnApplication(deps, trx, actor, id);
    await allowedOrRefuse(trx, actor, row, 'approve', deps.clock.now().getTime(), approvalRefusal);
  });
  // The provider's evidence for the verification record, asked before the row is locked for the
  // decision; without it nothing is handed over (the record would be incomplete).
  let evidence: ProviderEvidence | null;
  try {
    evidence = await fetchProviderEvidence(deps.db, deps.provider, id);
  } catch (error) {
    throw new Refusal('unavailable', { message: adminMessages.handoverFailed, cause: error });
  }
  const row = await durableTransaction(deps.db, async (trx) => {
    const row = await lockOwnApplication(deps, trx, actor, id);
    const now = deps.clock.now().getTime();
    // Checked again under the lock: another member may have decided meanwhile.
    const { caseRow: proposal } = await allowedOrRefuse(trx, actor, row, 'approve', now, approvalRefusal);
    // A completed application always has its PIN; without one there is nothing to hand over.
    if (row.pinCiphertext === null || !proposal?.proposedBy) throw new Refusal('conflict', { message: adminMessages.notDecidable });
    const parent = row.applicationType === 'CHILD' ? await findParentByApplicationId(trx, row.id) : null;
    // In clear only between these two lines, in memory.
    const pinEncrypted = encryptPinForAccountSystem(
      decryptStoredPin(row.pinCiphertext, row.id, deps.dataKey),
      s(row.applicationNumber),
      deps.accountSystemPublicKeyPem,
    );
    const staffName = async (staffId: string) => {
      const staff = await findStaffById(trx, staffId);
      return staff ? `${staff.displayName}（${staff.loginId}）` : staffId;
    };
    const verification = await buildVerificationRecords(trx, {
      row,
      parent,
      evidence,
      providerName: deps.providerName,
      proposedBy: await staffName(proposal.proposedBy),
      confirmedBy: await staffName(actor.staffId!),
      approvedAt: now,
      amendedFrom: deps.amendedFrom,
    });
    const entry = deps.formatHandover(handoverRecordOf(row, parent, pinEncrypted, now, verification));
    if (!(await markApprovedAndErasePin(trx, row.id, now))) throw new Refusal('conflict', { message: adminMessages.notDecidable });
    await insertReview(trx, {
      applicationId: row.id,
      outcome: 'APPROVED',
      reason: null,
      shareableReason: null,
      decidedBy: actor.staffId!,
      now,
      proposedBy: proposal.proposedBy,
    });
    await closeCase(trx, row.id);
    await insertCaseEvent(trx, { applicationId: row.id, at: now, staffId: actor.staffId, kind: 'APPROVED' });
    // Last: the outbox's sequence is locked from here to the commit (handover-outbox-repository.ts).
    const seq = await insertOutboxEntry(trx, row.id, entry);
    await audit(trx, actor, 'APPROVE', now, { applicationId: row.id, applicationNumber: row.applicationNumber, detail: `handover outbox ${seq}` });
    return row;
  });
  return { applicationNumber: s(row.applicationNumber), mailSent: await mailApplicant(deps, row, approvalMail) };
}

/** `shareableReason`: the fixed reason the applicant's status page may show, or null (decision 0192). */
export async function rejectApplication(
  deps: ReviewDeps,
  actor: Reviewer,
  id: string,
  choice: { reasonCode: RejectReason; reason?: string | undefined },
  shareableReason: ShareableRejectionReason | null = null,
): Promise<DecisionResult> {
  const reason = reasonText(rejectReasons[choice.reasonCode], choice.reason);
  const row = await durableTransaction(deps.db, async (trx) => {
    const row = await lockOwnApplication(deps, trx, actor, id);
    const now = deps.clock.now().getTime();
    await allowedOrRefuse(trx, actor, row, 'reject', now, () => new Refusal('conflict', { message: adminMessages.notDecidable }));
    if (!(await markRejectedAndErasePin(trx, row.id, now))) throw new Refusal('conflict', { message: adminMessages.notDecidable });
    await insertReview(trx, { applicationId: row.id, outcome: 'REJECTED', reason, shareableReason, decidedBy: actor.staffId!, now });
    await closeCase(trx, row.id);
    await insertCaseEvent(trx, { applicationId: row.id, at: now, staffId: actor.staffId, kind: 'REJECTED', reasonCode: choice.reasonCode, reason });
    // The audit line keeps the reason's fixed words, not the staff's note, which may name the applicant
    // and is erased with the application's personal data (decision 0239); the note stays in the case.
    await audit(trx, actor, 'REJECT', now, { applicationId: row.id, applicationNumber: row.applicationNumber, detail: rejectReasons[choice.reasonCode] });
    return row;
  });
  return { applicationNumber: s(row.applicationNumber), mailSent: await mailApplicant(deps, row, rejectionMail) };
}

/** Why an approved application cannot be cancelled by this member now, in the terms of the case's state. */
function cancelRefusal(state: CaseState, actor: Reviewer, now: number, confirming: boolean): Refusal {
  if (state.status !== 'APPROVED' || state.approvedAt === null) return new Refusal('conflict', { message: adminMessages.notCancellable });
  // Not right after the hand-over: the card first has its time to arrive and be collected.
  if (now - state.approvedAt < reviewRules.cardCollectionDays * 86_400_000) return new Refusal('conflict', { message: adminMessages.notCancellableYet });
  if (confirming && state.cancelProposedBy === null)
    return new Refusal('conflict', { message: adminMessages.cancelProposalRequired, code: 'PROPOSAL_REQUIRED' });
  if (confirming && state.cancelProposedBy === actor.staffId) return new Refusal('forbidden', { message: adminMessages.ownCancelProposal, code: 'FOUR_EYES' });
  return new Refusal('conflict', { message: adminMessages.alreadyCancelProposed });
}

/**
 * The first of the two people of a cancellation (decision 0230): proposes it with the reason (取消申請).
 * The application stays approved until a different member confirms (cancelApplication).
 */
export async function proposeCancellation(
  deps: ReviewDeps,
  actor: Reviewer,
  id: string,
  choice: { reasonCode: CancelReason; reason?: string | undefined },
): Promise<{ applicationNumber: string }> {
  const reason = reasonText(cancelReasons[choice.reasonCode], choice.reason);
  return durableTransaction(deps.db, async (trx) => {
    const row = await lockOwnApplication(deps, trx, actor, id);
    const now = deps.clock.now().getTime();
    await allowedOrRefuse(trx, actor, row, 'proposeCancel', now, (state) => cancelRefusal(state, actor, now, false));
    if (!(await markCancelProposed(trx, row.id, { staffId: actor.staffId, now, reasonCode: choice.reasonCode, reason })))
      throw new Refusal('conflict', { message: adminMessages.alreadyCancelProposed });
    await insertCaseEvent(trx, { applicationId: row.id, at: now, staffId: actor.staffId, kind: 'CANCEL_PROPOSED', reasonCode: choice.reasonCode, reason });
    // The reason's fixed words in the audit line; the staff's note stays in the case (decision 0239).
    await audit(trx, actor, 'PROPOSE_CANCEL', now, {
      applicationId: row.id,
      applicationNumber: row.applicationNumber,
      detail: cancelReasons[choice.reasonCode],
    });
    return { applicationNumber: s(row.applicationNumber) };
  });
}

/** The second person of a cancellation: confirms another member's proposal, with the proposal's reason. */
export async function cancelApplication(deps: ReviewDeps, actor: Reviewer, id: string): Promise<{ applicationNumber: string }> {
  return durableTransaction(deps.db, async (trx) => {
    const row = await lockOwnApplication(deps, trx, actor, id);
    const now = deps.clock.now().getTime();
    const { caseRow } = await allowedOrRefuse(trx, actor, row, 'cancel', now, (state) => cancelRefusal(state, actor, now, true));
    const reason = caseRow?.cancelReason ?? '';
    if (!(await markCancelled(trx, row.id, { reason, by: actor.staffId, now }))) throw new Refusal('conflict', { message: adminMessages.notCancellable });
    await clearProposal(trx, row.id, 'cancel');
    await insertCaseEvent(trx, {
      applicationId: row.id,
      at: now,
      staffId: actor.staffId,
      kind: 'CANCELLED',
      reasonCode: caseRow?.cancelReasonCode ?? null,
      reason,
    });
    const code = caseRow?.cancelReasonCode;
    const words = code && Object.hasOwn(cancelReasons, code) ? cancelReasons[code as CancelReason] : null;
    await audit(trx, actor, 'CANCEL', now, { applicationId: row.id, applicationNumber: row.applicationNumber, detail: words });
    return { applicationNumber: s(row.applicationNumber) };
  });
}

/**
 * Withdraws a member's open proposals (approval and cancellation) when they are stopped, lose the
 * right to decide, or have their password or second factor reset (issue 32): a proposal counts only
 * while its proposer may propose. Each case gets a WITHDRAWN row naming the proposer and the reason,
 * and waits for a new proposal. Called inside the staff change's transaction.
 */
export async function withdrawProposalsOf(
  trx: Executor,
  dialect: ReviewDeps['db']['dialect'],
  actor: Actor,
  staffId: string,
  why: WithdrawReason,
  now: number,
): Promise<number> {
  let withdrawn = 0;
  for (const proposal of await openProposalsOf(trx, staffId)) {
    // The application's row lock, as a decision takes it: a confirmation running now either finished
    // before (the proposal is gone with the case closed) or reads the case after this withdrawal.
    await findByIdForUpdate(trx as Parameters<typeof findByIdForUpdate>[0], proposal.applicationId, dialect);
    if (!(await clearProposal(trx, proposal.applicationId, proposal.kind, staffId))) continue;
    withdrawn += 1;
    const reason = `${proposal.kind === 'approval' ? '承認申請' : '取消申請'}：${withdrawReasons[why]}`;
    await insertCaseEvent(trx, { applicationId: proposal.applicationId, at: now, staffId, kind: 'WITHDRAWN', reasonCode: why, reason });
    await audit(trx, actor, 'WITHDRAW_PROPOSAL', now, { applicationId: proposal.applicationId, detail: reason });
  }
  return withdrawn;
}
