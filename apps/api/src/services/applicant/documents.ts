import { createHash, randomUUID } from 'node:crypto';
import { documentSaveCall, isSaveCallOf, missingSteps } from '@koza/domain/flows';
import type { SavedStep } from '@koza/domain/flows';
import type { ApplicationType, DocumentType, EkycMethod } from '@koza/domain/constants';
import { documentTypes, upload } from '@koza/domain/constants';
import type { Clock } from '../../adapters/clock.ts';
import type { Db } from '../../db/database.ts';
import { durableTransaction } from '../../db/durable-transaction.ts';
import { documentTypesOf, replaceDocument } from '../../db/repositories/documents-repository.ts';
import { findByIdForUpdate, markSupplementSaved } from '../../db/repositories/applications-repository.ts';
import type { ApplicationRow } from '../../db/repositories/applications-repository.ts';
import type { Executor } from '../../db/executor.ts';
import { conflict, Refusal } from '../platform/refusals.ts';
import { savedStepsOf } from './applications.ts';
import { reencodeImage } from './image-check.ts';
import { methodFor } from './ekyc-method.ts';

// POST /api/documents (DECISIONS.md §5, docs/decisions/0051-documents.md): an image of an identity
// or address document, JPEG, PNG or HEIC by its CONTENT (magic bytes) and declared as what it is,
// at most 10 MiB, decoded and kept re-encoded as JPEG in the database (image-check.ts); the
// current-address document ends the supplement.

export const documentLimitBytes = upload.serverLimitBytes;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/heic';

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** HEIF brands of still images and sequences coded with HEVC, and the generic HEIF brands. */
const heicBrands = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1']);

/** The image type the bytes are, or null when they are none of JPEG, PNG, HEIC/HEIF. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && Buffer.from(bytes.subarray(0, 8)).equals(pngSignature)) return 'image/png';
  // ISO BMFF: [size:4]['ftyp'][major brand:4][minor version:4][compatible brands:4×n]
  if (bytes.length >= 12 && Buffer.from(bytes.subarray(4, 8)).toString('latin1') === 'ftyp') {
    const box = Buffer.from(bytes);
    const size = Math.min(box.readUInt32BE(0), box.length);
    const brands = [box.toString('latin1', 8, 12)];
    for (let at = 16; at + 4 <= size; at += 4) brands.push(box.toString('latin1', at, at + 4));
    if (brands.some((b) => heicBrands.has(b))) return 'image/heic';
  }
  return null;
}

/** Content types a client may declare for each detected type. */
const declaredNames: Readonly<Record<ImageType, readonly string[]>> = {
  'image/jpeg': ['image/jpeg', 'image/jpg', 'image/pjpeg'],
  'image/png': ['image/png'],
  'image/heic': ['image/heic', 'image/heif', 'image/heic-sequence', 'image/heif-sequence'],
};

/** Whether the declared content type (the multipart part's) names what the bytes are. */
export function declaredTypeMatches(declared: string | undefined, detected: ImageType): boolean {
  const name = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  return declaredNames[detected].includes(name);
}

export const isDocumentType = (v: unknown): v is DocumentType => typeof v === 'string' && (documentTypes as readonly string[]).includes(v);

/**
 * From the amended ordinance on (the JPKI cut-over), a child's identity is read from the IC chip of
 * the child's own card at the provider, in the parent's session: the copies of the child's documents
 * are no method any more, and their upload steps are neither asked nor taken (decision 0248).
 */
export const childDocumentsByChip = (type: ApplicationType, method: EkycMethod | null): boolean => type === 'CHILD' && method === 'JPKI';

/**
 * Saved steps including what the documents and the supplement record (for the flow's order checks).
 * `method`: the eKYC method of the application's session (or today's before one): for a child from
 * the amended ordinance on, the document steps count as done by the chip read (childDocumentsByChip).
 */
export async function savedStepsWithDocuments(db: Db | Executor, row: ApplicationRow, method: EkycMethod | null = null): Promise<SavedStep[]> {
  const steps = new Set<SavedStep>(savedStepsOf(row));
  if (childDocumentsByChip(row.applicationType, method)) {
    steps.add('identificationDocument');
    steps.add('supplementaryDocument');
  }
  for (const type of await documentTypesOf(db, row.id)) {
    if (isDocumentType(type) && type !== 'CURRENT_ADDRESS_DOCUMENT') steps.add(documentSaveCall[type]);
  }
  if (row.supplementSavedAt !== null) steps.add('currentAddressDocument');
  return [...steps];
}

export interface DocumentDeps {
  db: Db;
  clock: Clock;
  /** EKYC_JPKI_CUTOVER: from it on the child's documents are read from the chip, not uploaded. */
  jpkiCutover: string;
}

export interface UploadedDocument {
  type: DocumentType;
  declaredContentType: string | undefined;
  bytes: Buffer;
}

/** 415 unless the bytes are JPEG/PNG/HEIC and declared as such. */
export function checkImage(declared: string | undefined, bytes: Buffer): ImageType {
  const detected = detectImageType(bytes);
  if (detected === null || !declaredTypeMatches(declared, detected)) throw new Refusal('unsupportedMediaType');
  return detected;
}

/**
 * Stores a checked document for the application, when the flow expects it now (409 otherwise):
 * general — CURRENT_ADDRESS_DOCUMENT only while the supplement is required (then status READY);
 * child — the individual number card after the PIN, then the certificate of residence or the
 * maternity handbook; the parent's eKYC needs both; they are locked once it has passed.
 */
export async function saveDocument({ db, clock, jpkiCutover }: DocumentDeps, application: ApplicationRow, doc: UploadedDocument): Promise<void> {
  const claimed = checkImage(doc.declaredContentType, doc.bytes);
  const call = documentSaveCall[doc.type];
  const type = application.applicationType;
  if (!isSaveCallOf(type, call)) throw conflict();
  // The amended ordinance: images of the child's documents are no method (decision 0248).
  if (call !== 'currentAddressDocument' && childDocumentsByChip(type, methodFor(clock.now(), jpkiCutover))) throw conflict();
  // Decoded as what it claims and re-encoded: only the JPEG made from its pixels is kept (image-check.ts).
  const { contentType, bytes } = await reencodeImage(claimed, doc.bytes);
  const now = clock.now().getTime();
  const sha256 = createHash('sha256').update(bytes).digest('hex');

  await durableTransaction(db, async (trx) => {
    const row = await findByIdForUpdate(trx, application.id, db.dialect);
    if (!row) throw new Refusal('unauthenticated');
    if (missingSteps(type, call, await savedStepsWithDocuments(trx, row)).length > 0) throw conflict();
    if (call === 'currentAddressDocument') {
      if (row.status !== 'SUPPLEMENT_REQUIRED') throw conflict();
    } else if (row.status !== 'PIN_SET' && row.status !== 'EKYC_IN_PROGRESS') {
      // The child's documents go in after the PIN and may be retaken until the parent's eKYC has
      // passed (Back from the parent's eKYC preparation); the latest of each type counts
      // (docs/decisions/0134-child-documents.md).
      throw conflict();
    }
    await replaceDocument(trx, { id: randomUUID(), applicationId: row.id, type: doc.type, contentType, sha256, bytes, now });
    if (call === 'currentAddressDocument' && !(await markSupplementSaved(trx, row.id, now))) throw conflict();
  });
}
