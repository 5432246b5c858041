import { documentTypeLabels } from '@koza/domain/admin/case-view';
import { adminMessages } from '@koza/domain/admin/messages';
import { methodLabel, ordinanceItem, ordinanceTextOn, verificationMethodNames } from '@koza/domain/admin/ordinance-items';
import { typedIdentity } from '@koza/domain/ekyc-identity';
import { EkycProviderError } from '../../adapters/ekyc-provider.ts';
import type { EkycProvider, EvidenceImage, ProviderSessionState } from '../../adapters/ekyc-provider.ts';
import type { VerificationImage } from '../../adapters/handover-format.ts';
import { verificationRecordFormat, type VerificationRecordRow } from '../../adapters/handover-format.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { listDocuments, readDocumentBytes } from '../../db/repositories/documents-repository.ts';
import { findLatestEkycSession } from '../../db/repositories/ekyc-sessions-repository.ts';
import type { ApplicationParentRow, ApplicationRow } from '../../db/repositories/applications-repository.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';
import { Refusal } from '../platform/refusals.ts';

// The verification record (確認記録) of 犯罪収益移転防止法 art. 6 and its ordinance art. 19–20, built at
// approval for every person the application verified and handed over with the account data
// (issue 33 item 1, docs/decisions/0241-verification-record.md). What this service knows of it: the
// method and the ordinance's item, the provider and its reference, when the check and the approval
// happened, the document, the verified identity (as the provider read or certified it), the
// purpose and occupation given, the result, who proposed and who confirmed — and the images the
// method relied on. Never an individual number (個人番号): nothing here reads or carries one.

// The ordinance's item of each method is the one of the text in force on the day the identity was
// checked (packages/domain/src/admin/ordinance-items.ts, decision 0248): never empty. A method the
// text of that day does not have (images of documents after the amendment) is no verification at
// all, and the approval is refused rather than a record made that cites nothing.

const methodDocuments: Readonly<Record<string, string>> = {
  PHOTO_ID_AND_FACE: '本人確認書類（写真付き）と容貌',
  JPKI: 'マイナンバーカード（署名用電子証明書）',
  IC_CHIP_AND_FACE: '本人確認書類のICチップ情報（写真付き）と容貌',
};

/** The item and label of a method checked at `checkedAt`, or the approval's refusal when that day's text has no such method. */
function itemOf(method: string, checkedAt: number, amendedFrom: string): { ordinance_item: string; method_label: string } {
  const text = ordinanceTextOn(toJapanIso(checkedAt).slice(0, 10), amendedFrom);
  const item = ordinanceItem(method, text);
  if (item === null) {
    const name = (verificationMethodNames as Readonly<Record<string, string>>)[method] ?? method;
    throw new Refusal('conflict', { message: adminMessages.methodNotInForce(name) });
  }
  return { ordinance_item: item, method_label: methodLabel(method, text) };
}

/** The evidence of the provider's check, fetched before the approval's transaction (the provider is asked once). */
export interface ProviderEvidence {
  state: ProviderSessionState;
  images: { kind: string; image: EvidenceImage }[];
}

/** The file extension of an image the provider gave (sniffed as JPEG, PNG or WebP) or the service re-encoded (JPEG). */
const extensions: Readonly<Record<EvidenceImage['contentType'], string>> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const extension = (contentType: string): string => extensions[contentType as EvidenceImage['contentType']] ?? 'jpg';

/** Asks the provider for what its check gave and the images it relied on; throws when it cannot answer. */
export async function fetchProviderEvidence(db: Db, provider: EkycProvider, applicationId: string): Promise<ProviderEvidence | null> {
  const session = await findLatestEkycSession(db, applicationId);
  if (!session || (session.providerStatus !== 'PASSED' && session.providerStatus !== 'ADDRESS_MISMATCH')) return null;
  let state: ProviderSessionState;
  try {
    state = await provider.getSession(session.providerSessionId);
  } catch (error) {
    // The provider no longer holds the session (its own retention): the record is made from what this
    // service holds (the typed identity the provider's PASSED confirmed), without the images.
    if (error instanceof EkycProviderError && error.status === 404) return null;
    throw error;
  }
  const images: ProviderEvidence['images'] = [];
  for (const kind of [...(state.images ?? []), ...(state.child?.images ?? [])]) {
    const image = await provider.getImage(session.providerSessionId, kind);
    if (image) images.push({ kind, image });
  }
  return { state, images };
}

export interface RecordContext {
  row: ApplicationRow;
  parent: ApplicationParentRow | null;
  evidence: ProviderEvidence | null;
  providerName: string;
  proposedBy: string;
  confirmedBy: string;
  approvedAt: number;
  /** The first day of the amended ordinance (EKYC_JPKI_CUTOVER, YYYY-MM-DD): which text a check's day falls under. */
  amendedFrom: string;
}

const s = (v: string | null | undefined) => v ?? '';

/** The records (one per verified person) and the images they name, inside the approval's transaction. */
export async function buildVerificationRecords(trx: Executor, c: RecordContext): Promise<{ records: VerificationRecordRow[]; images: VerificationImage[] }> {
  const { row, parent, evidence } = c;
  const number = s(row.applicationNumber);
  const session = await findLatestEkycSession(trx, row.id);
  const documents = await listDocuments(trx, row.id);
  const images: VerificationImage[] = [];
  const addImage = (person: string, kind: string, contentType: string, bytes: Buffer) => {
    const name = `${number}/${person}-${kind}.${extension(contentType)}`;
    images.push({ name, bytes });
    return name;
  };
  const common = {
    record_format: verificationRecordFormat,
    application_number: number,
    bank_code: row.bankCode,
    application_type: row.applicationType,
    recorded_at: toJapanIso(c.approvedAt),
    purpose: [s(row.utilizationPurpose), s(row.utilizationPurposeOther)].filter(Boolean).join(' '),
    occupation: [s(row.occupationName), s(row.occupationOther)].filter(Boolean).join(' '),
    proposed_by: c.proposedBy,
    confirmed_by: c.confirmedBy,
  };

  // The person the provider checked: the applicant, or the parent of a child application.
  const checked = row.applicationType === 'CHILD' ? parent : row;
  const certificate = evidence?.state.certificate ?? null;
  const verified = evidence?.state.read ?? null;
  const supplement = documents.filter((d) => d.type === 'CURRENT_ADDRESS_DOCUMENT');
  const providerPerson = row.applicationType === 'CHILD' ? 'PARENT' : 'APPLICANT';
  const isChildImage = (kind: string) => kind.startsWith('child-');
  const providerImages = (evidence?.images ?? [])
    .filter((i) => !isChildImage(i.kind))
    .map((i) => addImage(providerPerson, i.kind, i.image.contentType, i.image.bytes));
  for (const d of supplement) {
    const bytes = await readDocumentBytes(trx, d.id);
    if (bytes) providerImages.push(addImage(providerPerson, `supplement-${d.id.slice(0, 8)}`, d.contentType, bytes));
  }
  const typed = checked ? typedIdentity({ ...checked }, { ...row }) : { name: '', birthday: '', address: '' };
  // The method the check used, as the provider says; else the session's.
  const method = evidence?.state.method ?? s(session?.method);
  const checkedAt = row.ekycPassedAt ?? c.approvedAt;
  const records: VerificationRecordRow[] = [
    {
      ...common,
      person: providerPerson,
      method,
      ...itemOf(method, checkedAt, c.amendedFrom),
      provider: c.providerName,
      provider_reference: s(session?.providerSessionId),
      checked_at: row.ekycPassedAt === null ? '' : toJapanIso(row.ekycPassedAt),
      document: methodDocuments[method] ?? '',
      certificate_serial_number: s(certificate?.serialNumber),
      certificate_not_after: s(certificate?.notAfter),
      verified_name: certificate?.name ?? verified?.name ?? typed.name,
      verified_birthday: certificate?.birthday ?? verified?.birthday ?? typed.birthday,
      verified_address: certificate?.address ?? verified?.address ?? typed.address,
      verified_gender: s(certificate?.gender),
      result: session?.providerStatus === 'ADDRESS_MISMATCH' ? 'PASSED_WITH_CURRENT_ADDRESS_DOCUMENT' : s(session?.providerStatus),
      supplement_document: supplement.length > 0 ? documentTypeLabels.CURRENT_ADDRESS_DOCUMENT! : '',
      images: providerImages.join(';'),
    },
  ];

  // A child application: the child (the customer). From the amended ordinance on, the provider read
  // the IC chip of the child's own card and took the child's face in the parent's session; before
  // it, the two reviewers checked the uploaded copies of two documents (decision 0248).
  if (row.applicationType === 'CHILD') {
    const childCheck = evidence?.state.child ?? null;
    const child = typedIdentity({ ...row }, { ...row });
    const childRow = { ...common, person: 'CHILD', certificate_serial_number: '', certificate_not_after: '', verified_gender: '', supplement_document: '' };
    if (childCheck) {
      const names = (evidence?.images ?? [])
        .filter((i) => isChildImage(i.kind))
        .map((i) => addImage('CHILD', i.kind.slice('child-'.length), i.image.contentType, i.image.bytes));
      records.push({
        ...childRow,
        method: childCheck.method,
        ...itemOf(childCheck.method, checkedAt, c.amendedFrom),
        provider: c.providerName,
        provider_reference: s(session?.providerSessionId),
        checked_at: row.ekycPassedAt === null ? '' : toJapanIso(row.ekycPassedAt),
        document: methodDocuments[childCheck.method] ?? '',
        verified_name: childCheck.read.name,
        verified_birthday: childCheck.read.birthday,
        verified_address: childCheck.read.address,
        result: s(session?.providerStatus),
        images: names.join(';'),
      });
    } else {
      const order = Object.keys(documentTypeLabels);
      const childDocuments = documents.filter((d) => d.type !== 'CURRENT_ADDRESS_DOCUMENT').sort((x, y) => order.indexOf(x.type) - order.indexOf(y.type));
      const names: string[] = [];
      for (const d of childDocuments) {
        const bytes = await readDocumentBytes(trx, d.id);
        if (bytes) names.push(addImage('CHILD', `${d.type.toLowerCase()}-${d.id.slice(0, 8)}`, d.contentType, bytes));
      }
      records.push({
        ...childRow,
        method: 'DOCUMENT_IMAGES',
        // The reviewers' check at the approval is when the copies are verified.
        ...itemOf('DOCUMENT_IMAGES', c.approvedAt, c.amendedFrom),
        provider: '',
        provider_reference: '',
        checked_at: toJapanIso(c.approvedAt),
        document: childDocuments.map((d) => documentTypeLabels[d.type] ?? d.type).join('、'),
        verified_name: child.name,
        verified_birthday: child.birthday,
        verified_address: child.address,
        result: 'CHECKED_BY_REVIEWERS',
        images: names.join(';'),
      });
    }
  }
  return { records, images };
}
