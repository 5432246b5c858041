import { documentTypeLabels, ekycMethodLabels } from '@koza/domain/admin/case-view';
import { typedIdentity } from '@koza/domain/ekyc-identity';
import { EkycProviderError } from '../../adapters/ekyc-provider.ts';
import type { EkycProvider, EvidenceImage, ProviderSessionState } from '../../adapters/ekyc-provider.ts';
import type { VerificationImage } from '../../adapters/handover.ts';
import { verificationRecordFormat, type VerificationRecordRow } from '../../adapters/handover-format.ts';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/executor.ts';
import { listDocuments, readDocumentBytes } from '../../db/repositories/documents-repository.ts';
import { findLatestEkycSession } from '../../db/repositories/ekyc-sessions-repository.ts';
import type { ApplicationParentRow, ApplicationRow } from '../../db/repositories/applications-repository.ts';
import { toJapanIso } from '../platform/japan-iso-time.ts';

// The verification record (確認記録) of 犯罪収益移転防止法 art. 6 and its ordinance art. 19–20, built at
// approval for every person the application verified and handed over with the account data
// (issue 33 item 1, docs/decisions/0241-verification-record.md). What this service knows of it: the
// method and the ordinance's item, the provider and its reference, when the check and the approval
// happened, the document, the verified identity (as the provider read or certified it), the
// purpose and occupation given, the result, who proposed and who confirmed — and the images the
// method relied on. Never an individual number (個人番号): nothing here reads or carries one.

/** The ordinance's item for each provider method (犯収法施行規則 6条1項1号). */
const ordinanceItems: Readonly<Record<string, string>> = {
  PHOTO_ID_AND_FACE: '犯収法施行規則6条1項1号ホ',
  JPKI: '犯収法施行規則6条1項1号ワ',
  IC_CHIP_AND_FACE: '犯収法施行規則6条1項1号ヘ',
};

const methodDocuments: Readonly<Record<string, string>> = {
  PHOTO_ID_AND_FACE: '本人確認書類（写真付き）と容貌',
  JPKI: 'マイナンバーカード（署名用電子証明書）',
  IC_CHIP_AND_FACE: '本人確認書類のICチップ情報（写真付き）と容貌',
};

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
  for (const kind of state.images ?? []) {
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
  const providerImages = (evidence?.images ?? []).map((i) => addImage(providerPerson, i.kind, i.image.contentType, i.image.bytes));
  for (const d of supplement) {
    const bytes = await readDocumentBytes(trx, d.id);
    if (bytes) providerImages.push(addImage(providerPerson, `supplement-${d.id.slice(0, 8)}`, d.contentType, bytes));
  }
  const typed = checked ? typedIdentity({ ...checked }, { ...row }) : { name: '', birthday: '', address: '' };
  // The method the check used, as the provider says; else the session's.
  const method = evidence?.state.method ?? s(session?.method);
  const records: VerificationRecordRow[] = [
    {
      ...common,
      person: providerPerson,
      method,
      method_label: ekycMethodLabels[method] ?? method,
      ordinance_item: ordinanceItems[method] ?? '',
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

  // A child application: the child (the customer), by the documents uploaded and checked by the two reviewers.
  if (row.applicationType === 'CHILD') {
    const order = Object.keys(documentTypeLabels);
    const childDocuments = documents.filter((d) => d.type !== 'CURRENT_ADDRESS_DOCUMENT').sort((x, y) => order.indexOf(x.type) - order.indexOf(y.type));
    const names: string[] = [];
    for (const d of childDocuments) {
      const bytes = await readDocumentBytes(trx, d.id);
      if (bytes) names.push(addImage('CHILD', `${d.type.toLowerCase()}-${d.id.slice(0, 8)}`, d.contentType, bytes));
    }
    const child = typedIdentity({ ...row }, { ...row });
    records.push({
      ...common,
      person: 'CHILD',
      method: 'DOCUMENT_IMAGES',
      method_label: '本人確認書類の画像の送信（親権者による代理の申込み）',
      ordinance_item: '',
      provider: '',
      provider_reference: '',
      checked_at: toJapanIso(c.approvedAt),
      document: childDocuments.map((d) => documentTypeLabels[d.type] ?? d.type).join('、'),
      certificate_serial_number: '',
      certificate_not_after: '',
      verified_name: child.name,
      verified_birthday: child.birthday,
      verified_address: child.address,
      verified_gender: '',
      result: 'CHECKED_BY_REVIEWERS',
      supplement_document: '',
      images: names.join(';'),
    });
  }
  return { records, images };
}
