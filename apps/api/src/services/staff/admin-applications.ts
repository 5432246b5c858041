import type { BankCode } from '@koza/domain/constants';
import { normaliseKana, stripSpaces, hiraganaToKatakana } from '@koza/domain/normalise';
import { adminPageSize, adminStatusLabels } from '@koza/domain/admin/rules';
import { ageInDays, businessDaysSince } from '@koza/domain/admin/case';
import { isBankHoliday } from '../platform/bank-calendar.ts';
import { applicationTypeLabels } from '@koza/domain/admin/case-view';
import type { ApplicationDetail, ApplicationListItem, ApplicationListQuery, AuditEntry, AuditListQuery } from '@koza/domain/api/admin';
import { ekycEvidenceLabels } from '@koza/domain/api/admin';
import { adminMessages } from '@koza/domain/admin/messages';
import { methodLabel, ordinanceItem, ordinanceTextOn } from '@koza/domain/admin/ordinance-items';
import type { OrdinanceText } from '@koza/domain/admin/ordinance-items';
import type { DocumentRead, EkycProvider, EvidenceImageKind, ProviderSessionState } from '../../adapters/ekyc-provider.ts';
import type { Db } from '../../db/database.ts';
import { findParentByApplicationId } from '../../db/repositories/applications-repository.ts';
import type { Executor } from '../../db/executor.ts';
import { listDocuments, readDocumentBytes } from '../../db/repositories/documents-repository.ts';
import { findLatestEkycSession } from '../../db/repositories/ekyc-sessions-repository.ts';
import { findApplicationOfBank, findCase, findReview, listCaseEvents, searchApplications } from '../../db/repositories/review-repository.ts';
import { caseActions } from '@koza/domain/admin/case';
import { caseStateOf } from './review.ts';
import type { CaseEventKind } from '@koza/domain/admin/case';
import { can } from '@koza/domain/admin/roles';
import type { StaffRole } from '@koza/domain/admin/roles';
import type { ApplicationListRow, ApplicationSearch } from '../../db/repositories/review-repository.ts';
import { allAudit, listAudit, viewAlreadyAudited } from '../../db/repositories/audit-repository.ts';
import type { AuditFilter, AuditRow } from '../../db/repositories/audit-repository.ts';
import { findStaffById } from '../../db/repositories/staff-repository.ts';
import { Refusal } from '../platform/refusals.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';
import { toApplicationParentView, toApplicationView } from '../applicant/application-view.ts';
import { csvBom, csvLine } from '../../adapters/csv.ts';
import { audit } from './audit.ts';
import type { Actor } from './audit.ts';
import { keyedHash } from '../platform/keyed-hash.ts';

// What staff read: the application list (filters, pages, CSV), one application with every field,
// its documents and eKYC, and the audit log. Always one bank: the staff member's own.

const dayStart = (day: string) => Date.parse(`${day}T00:00:00+09:00`);

/** Who lists, and when: the views 'mine' and the age filter depend on them; the bank's target colours the age. */
export interface QueueReader {
  staffId: string;
  now: number;
  targetBusinessDays: number;
}

export function toSearch(bankCode: BankCode, q: ApplicationListQuery, reader: Pick<QueueReader, 'staffId' | 'now'>): ApplicationSearch {
  const kana = q.kanaName === undefined ? '' : stripSpaces(normaliseKana(hiraganaToKatakana(q.kanaName)));
  const number = q.applicationNumber?.trim() ?? '';
  return {
    bankCode,
    status: q.status,
    applicationType: q.type,
    completedFrom: q.from === undefined ? undefined : dayStart(q.from),
    completedUntil: q.to === undefined ? undefined : dayStart(q.to) + 86_400_000,
    applicationNumber: number === '' ? undefined : number,
    kanaName: kana === '' ? undefined : kana,
    branchCode: q.branch,
    // At least N whole Japan days old: submitted before the start of the Japan day N days ago.
    completedBefore: q.minAge === undefined ? undefined : (Math.floor((reader.now + 9 * 3_600_000) / 86_400_000) - q.minAge + 1) * 86_400_000 - 9 * 3_600_000,
    view: q.view === undefined ? undefined : { kind: q.view, staffId: reader.staffId },
    sort: { key: q.sort, order: q.order },
  };
}

const displayStatus = (row: { status: string; cancelledAt: number | null }) => (row.cancelledAt !== null ? 'CANCELLED' : row.status);

function toListItem(row: ApplicationListRow, reader: QueueReader): ApplicationListItem {
  const status = displayStatus(row);
  const completedAt = row.completedAt ?? reader.now;
  return {
    id: row.id,
    applicationNumber: row.applicationNumber,
    applicationType: row.applicationType,
    status,
    name: [row.lastName, row.firstName].filter(Boolean).join(' '),
    kanaName: [row.kanaLastName, row.kanaFirstName].filter(Boolean).join(' '),
    branchName: row.branchName,
    branchCode: row.branchCode,
    completedAt: row.completedAt === null ? null : toJapanIso(row.completedAt),
    ageDays: ageInDays(completedAt, reader.now),
    // Only an undecided case can be late.
    overdue: status === 'COMPLETED' && businessDaysSince(completedAt, reader.now, isBankHoliday) > reader.targetBusinessDays,
    assignee: row.assignee,
    // Waiting for a second member: an approval (while undecided) or a cancellation (while approved) proposed.
    proposed: (status === 'COMPLETED' && row.proposedBy !== null) || (status === 'APPROVED' && row.cancelProposedBy !== null),
  };
}

export async function listApplications(db: Db, bankCode: BankCode, q: ApplicationListQuery, reader: QueueReader) {
  const { rows, total } = await searchApplications(db, toSearch(bankCode, q, reader), { limit: adminPageSize, offset: (q.page - 1) * adminPageSize });
  return { items: rows.map((row) => toListItem(row, reader)), total, page: q.page, pageSize: adminPageSize, targetBusinessDays: reader.targetBusinessDays };
}

// ---- CSV (UTF-8 with a BOM so that Excel reads the Japanese; CRLF; every field quoted) ----

// The writer (formula-safe, shared with the hand-over file): adapters/csv.ts.

const applicationCsvHeader = ['受付番号', '申込種別', '状態', '氏名', 'フリガナ', '取引店', '申込完了日時', '経過日数', '目標超過', '担当者', '二次確認待ち'];

/** Every matching application of the view (not only one page), in the view's order, with Japanese words for codes. */
export async function* applicationsCsv(db: Db, bankCode: BankCode, q: ApplicationListQuery, reader: QueueReader): AsyncGenerator<string> {
  yield csvBom + csvLine(applicationCsvHeader);
  const search = toSearch(bankCode, q, reader);
  const batch = 500;
  for (let offset = 0; ; offset += batch) {
    const { rows } = await searchApplications(db, search, { limit: batch, offset });
    for (const item of rows.map((row) => toListItem(row, reader))) {
      yield csvLine([
        item.applicationNumber,
        applicationTypeLabels[item.applicationType],
        adminStatusLabels[item.status] ?? item.status,
        item.name,
        item.kanaName,
        item.branchName,
        item.completedAt === null ? '' : `${item.completedAt.slice(0, 10).replaceAll('-', '/')} ${item.completedAt.slice(11, 16)}`,
        item.ageDays,
        item.overdue ? '超過' : '',
        item.assignee,
        item.proposed ? (item.status === 'APPROVED' ? '取消申請済み' : '承認申請済み') : '',
      ]);
    }
    if (rows.length < batch) return;
  }
}

// ---- one application ----

/** Who reads the case: what they may do on it depends on their id and role (caseActions). */
export interface CaseReader {
  staffId: string;
  role: StaffRole;
  now: number;
}

async function staffRef(db: Db, id: string | null) {
  if (id === null) return null;
  const staff = await findStaffById(db, id);
  return { id, displayName: staff?.displayName ?? id };
}

/**
 * What the provider read from the identity document (or JPKI certified), asked when a case is
 * opened: the bank keeps no second copy of it. null when the provider gives none; 'unavailable'
 * when it could not be asked (the case view says so; the reason goes to the log, nothing personal).
 */
async function providerEvidence(deps: DetailDeps, providerSessionId: string): Promise<ProviderSessionState | 'unavailable'> {
  try {
    return await deps.provider.getSession(providerSessionId);
  } catch (error) {
    deps.log.warn(
      { event: 'ekyc-read-unavailable', reason: error instanceof Error ? error.message : 'unknown' },
      'the provider read data could not be fetched for a case view',
    );
    return 'unavailable';
  }
}

export interface DetailDeps {
  db: Db;
  provider: EkycProvider;
  /** Where a failure to ask the provider is noted (the request's logger). */
  log: { warn(details: object, message: string): void };
}

export async function applicationDetail(
  deps: DetailDeps & { amendedFrom: string },
  bankCode: BankCode,
  id: string,
  reader: CaseReader,
): Promise<ApplicationDetail> {
  const { db } = deps;
  const row = await findApplicationOfBank(db, bankCode, id);
  if (!row || row.completedAt === null) throw new Refusal('notFound', { message: adminMessages.notFound });
  const parent = await findParentByApplicationId(db, id);
  const review = await findReview(db, id);
  const ekyc = await findLatestEkycSession(db, id);
  const documents = await listDocuments(db, id);
  const decidedBy = review ? await findStaffById(db, review.decidedBy) : null;
  const caseRow = await findCase(db, id);
  const events = await listCaseEvents(db, id);
  const status = displayStatus({ status: row.status, cancelledAt: review?.cancelledAt ?? null });
  const actions = caseActions(caseStateOf(row, caseRow, review), reader.staffId, (p) => can(reader.role, p), reader.now);
  const application = { ...toApplicationView(row), mailAddress: row.mailAddress };
  // Once erased here, the provider's copy is not fetched to show it again (decision 0239).
  const evidence = ekyc && row.personalDataErasedAt === null ? await evidenceOf(deps, ekyc.providerStatus, ekyc.providerSessionId) : noEvidence;
  // The text of the ordinance in force when the provider's check passed (the approval for the reviewers' check of copies).
  const textOn = (at: number | null) => ordinanceTextOn(toJapanIso(at ?? reader.now).slice(0, 10), deps.amendedFrom);
  const providerText = textOn(row.ekycPassedAt);
  const ekycMethod = ekyc ? (evidence.method ?? ekyc.method) : '';
  return {
    id: row.id,
    applicationNumber: row.applicationNumber,
    applicationType: row.applicationType,
    status,
    completedAt: toJapanIso(row.completedAt),
    application,
    applicationParent: parent || row.applicationType === 'CHILD' ? { ...toApplicationParentView(parent) } : null,
    documents: documents.map((d) => ({ id: d.id, type: d.type, contentType: d.contentType, size: d.size, createdAt: toJapanIso(d.createdAt) })),
    ekyc: ekyc
      ? {
          providerStatus: ekyc.providerStatus,
          status: ekyc.status,
          supplementRequired: ekyc.supplementRequired === 1,
          updatedAt: toJapanIso(ekyc.updatedAt),
          read: evidence.read,
          readUnavailable: evidence.readUnavailable,
          images: evidence.images,
          certificate: evidence.certificate,
          // The method the check used, as the provider says (an applicant may choose IC-chip reading on a JPKI session).
          method: ekycMethod,
          methodLabel: methodLabel(ekycMethod, providerText),
          ordinanceItem: ordinanceItem(ekycMethod, providerText),
        }
      : null,
    childVerification: row.applicationType !== 'CHILD' ? null : childVerificationOf(evidence, textOn(row.ekycPassedAt), textOn(review?.decidedAt ?? null)),
    review: review
      ? {
          outcome: review.outcome,
          reason: review.reason,
          // Staff are named to staff by their display name, as in the history (issue 32).
          decidedBy: decidedBy?.displayName ?? review.decidedBy,
          decidedAt: toJapanIso(review.decidedAt),
          handedOverAt: review.handedOverAt === null ? null : toJapanIso(review.handedOverAt),
          cancelledAt: review.cancelledAt === null ? null : toJapanIso(review.cancelledAt),
          cancelReason: review.cancelReason,
        }
      : null,
    pinErased: row.pinCiphertext === null,
    personalDataErasedAt: row.personalDataErasedAt === null ? null : toJapanIso(row.personalDataErasedAt),
    case: {
      proposedBy: await staffRef(db, caseRow?.proposedBy ?? null),
      proposedAt: caseRow?.proposedAt ? toJapanIso(caseRow.proposedAt) : null,
      assignedTo: await staffRef(db, caseRow?.assignedTo ?? null),
      cancelProposedBy: await staffRef(db, caseRow?.cancelProposedBy ?? null),
      cancelReason: caseRow?.cancelReason ?? null,
      actions,
      history: [
        { kind: 'SUBMITTED' as const, at: toJapanIso(row.completedAt), by: null, reason: null },
        ...events.map((e) => ({ kind: e.kind as CaseEventKind, at: toJapanIso(e.at), by: e.displayName ?? null, reason: e.reason })),
      ],
    },
  };
}

const noEvidence: Evidence = { read: null, readUnavailable: false, images: [], certificate: null, child: null };

interface Evidence {
  method?: string;
  read: DocumentRead | null;
  readUnavailable: boolean;
  images: { kind: EvidenceImageKind; label: string }[];
  certificate: NonNullable<ProviderSessionState['certificate']> | null;
  child: NonNullable<ProviderSessionState['child']> | null;
}

/**
 * How the child was verified: by the provider (the IC chip of the child's card and the child's face)
 * where its session says so, else by the copies of documents the reviewers check at the approval.
 */
function childVerificationOf(evidence: Evidence, providerText: OrdinanceText, approvalText: OrdinanceText): ApplicationDetail['childVerification'] {
  const child = evidence.child;
  if (child) {
    return {
      method: child.method,
      methodLabel: methodLabel(child.method, providerText),
      ordinanceItem: ordinanceItem(child.method, providerText),
      read: child.read,
      images: child.images.map((kind) => ({ kind, label: ekycEvidenceLabels[kind] })),
    };
  }
  return {
    method: 'DOCUMENT_IMAGES',
    methodLabel: methodLabel('DOCUMENT_IMAGES', approvalText),
    ordinanceItem: ordinanceItem('DOCUMENT_IMAGES', approvalText),
    read: null,
    images: [],
  };
}

/** What the provider read, certified and photographed, asked when the case is opened (nothing of it kept). */
async function evidenceOf(deps: DetailDeps, providerStatus: string, providerSessionId: string): Promise<Evidence> {
  if (providerStatus !== 'PASSED' && providerStatus !== 'ADDRESS_MISMATCH') return noEvidence;
  const state = await providerEvidence(deps, providerSessionId);
  if (state === 'unavailable') return { ...noEvidence, readUnavailable: true };
  return {
    // The method the check used, as the provider says (an applicant may choose IC-chip reading on a JPKI session).
    ...(state.method ? { method: state.method } : {}),
    read: state.read ?? null,
    readUnavailable: false,
    images: (state.images ?? []).map((kind) => ({ kind, label: ekycEvidenceLabels[kind] })),
    certificate: state.certificate ?? null,
    child: state.child ?? null,
  };
}

/**
 * One image the provider's check relied on, fetched from the provider for this view (decision 0240):
 * only for an application of this bank whose latest eKYC session passed (or found the address
 * different) and whose personal data is still kept. The service stores no copy.
 */
export async function applicationEvidenceImage(deps: DetailDeps, bankCode: BankCode, applicationId: string, kind: EvidenceImageKind) {
  const row = await findApplicationOfBank(deps.db, bankCode, applicationId);
  if (!row || row.completedAt === null || row.personalDataErasedAt !== null) throw new Refusal('notFound', { message: adminMessages.notFound });
  const ekyc = await findLatestEkycSession(deps.db, applicationId);
  if (!ekyc || (ekyc.providerStatus !== 'PASSED' && ekyc.providerStatus !== 'ADDRESS_MISMATCH')) throw new Refusal('notFound');
  let image;
  try {
    image = await deps.provider.getImage(ekyc.providerSessionId, kind);
  } catch (error) {
    deps.log.warn({ event: 'ekyc-image-unavailable', reason: error instanceof Error ? error.message : 'unknown' }, 'an eKYC image could not be fetched');
    throw new Refusal('unavailable', { retryAfter: 5, cause: error });
  }
  if (!image) throw new Refusal('notFound');
  return { row, ...image };
}

/** A document's bytes, if it belongs to an application of this bank that staff may see. */
export async function applicationDocument(db: Db, bankCode: BankCode, applicationId: string, documentId: string) {
  const row = await findApplicationOfBank(db, bankCode, applicationId);
  if (!row || row.completedAt === null) throw new Refusal('notFound', { message: adminMessages.notFound });
  const doc = (await listDocuments(db, applicationId)).find((d) => d.id === documentId);
  const bytes = doc ? await readDocumentBytes(db, doc.id) : null;
  if (!doc || !bytes) throw new Refusal('notFound');
  return { row, contentType: doc.contentType, bytes, type: doc.type };
}

// ---- audit log ----

/**
 * The VIEW_APPLICATION row of one view of an application's detail (decision 0221): one view is one
 * history entry of the detail screen in one session, named by the app's view key (X-View-Key). Its
 * reloads (the screen's own after a decision, or the browser's) write no second row. The row's
 * detail names the view by a keyed hash of session and key; a call without a key is a view each time.
 */
export async function auditApplicationView(
  db: Db,
  codeHashKey: Buffer,
  actor: Actor,
  view: { sessionId: string; key: string | null },
  application: { id: string; applicationNumber: string | null },
  now: number,
): Promise<void> {
  const detail = view.key === null ? null : `view ${keyedHash(codeHashKey, 'staff-view', view.sessionId, view.key).slice(0, 16)}`;
  const staffId = actor.staffId;
  // Checked under the audit chain's lock, so two requests of the same view at once write one line.
  const seen = detail !== null && staffId !== null ? (trx: Executor) => viewAlreadyAudited(trx, { applicationId: application.id, staffId, detail }) : undefined;
  await audit(db, actor, 'VIEW_APPLICATION', now, { applicationId: application.id, applicationNumber: application.applicationNumber, detail }, seen);
}

const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  at: toJapanIso(row.at),
  staffLoginId: row.staffLoginId,
  action: row.action,
  applicationId: row.applicationId,
  applicationNumber: row.applicationNumber,
  detail: row.detail,
  ipAddress: row.ipAddress,
});

/** The audit filter of a validated query: Japan days as [start of from, start of the day after to). */
const toAuditFilter = (bankCode: BankCode, q: AuditListQuery): AuditFilter => ({
  bankCode,
  staffLoginId: q.staff,
  action: q.action,
  atFrom: q.from === undefined ? undefined : dayStart(q.from),
  atUntil: q.to === undefined ? undefined : dayStart(q.to) + 86_400_000,
  applicationNumber: q.applicationNumber,
});

export async function auditPage(db: Db, bankCode: BankCode, q: AuditListQuery) {
  const { rows, total } = await listAudit(db, toAuditFilter(bankCode, q), { limit: adminPageSize, offset: (q.page - 1) * adminPageSize });
  return { items: rows.map(toAuditEntry), total, page: q.page, pageSize: adminPageSize };
}

export async function* auditCsv(db: Db, bankCode: BankCode, q: AuditListQuery): AsyncGenerator<string> {
  yield csvBom + csvLine(['番号', '日時', 'ログインID', '操作', '受付番号', '申込ID', '内容', '接続元']);
  for await (const row of allAudit(db, toAuditFilter(bankCode, q))) {
    const e = toAuditEntry(row);
    yield csvLine([e.id, e.at, e.staffLoginId, e.action, e.applicationNumber, e.applicationId, e.detail, e.ipAddress]);
  }
}
