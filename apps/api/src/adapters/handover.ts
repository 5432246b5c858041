import { open } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fieldRegistry, type FieldRegistry } from '@koza/domain/fields/registry';
import { ensurePrivateDir, narrow } from '../db/private-files.ts';
import { csvField } from './csv.ts';

// The hand-over to the bank's account system (docs/decisions/0112-handover-file.md). Approval
// calls `handOver` once per application inside its transaction, before the PIN is erased; only
// when it resolves is the application APPROVED. A bank's own system replaces the default adapter
// (buildApp({ handover })) without touching the review code.

export interface HandoverRecord {
  bankCode: string;
  applicationNumber: string;
  applicationType: 'GENERAL' | 'CHILD';
  /** Approval time (epoch ms): also decides which day's file takes the record. */
  approvedAt: number;
  /**
   * The applicant's (and for a child application the parent's) values by column of the file: the
   * field registry's hand-over columns (@koza/domain/fields/registry) and the address columns that
   * join several fields. Empty for a value not given.
   */
  fields: Readonly<Record<string, string>>;
  /**
   * The cash-card PIN encrypted for the account system (RSA-OAEP-256 under its public key, the
   * application number as label; base64): never in clear here (decision 0203).
   */
  pinEncrypted: string;
  /**
   * The verification record (確認記録) of each verified person and the images it names (decision
   * 0241); handed over with the account data, through the same adapter, exactly once.
   */
  verification?: { records: readonly VerificationRecordRow[]; images: readonly VerificationImage[] };
}

/** The columns of the verification record file, in order (format KOZA-KYC-1, decision 0241). */
export const verificationRecordColumns = [
  'record_format',
  'application_number',
  'bank_code',
  'application_type',
  'person',
  'method',
  'method_label',
  'ordinance_item',
  'provider',
  'provider_reference',
  'checked_at',
  'recorded_at',
  'document',
  'certificate_serial_number',
  'certificate_not_after',
  'verified_name',
  'verified_birthday',
  'verified_address',
  'verified_gender',
  'purpose',
  'occupation',
  'result',
  'supplement_document',
  'proposed_by',
  'confirmed_by',
  'images',
] as const;
export type VerificationRecordRow = Readonly<Record<(typeof verificationRecordColumns)[number], string>>;

/** An image a record names: its path under the bank's `kyc` folder (`<application number>/<person>-<kind>.<ext>`). */
export interface VerificationImage {
  name: string;
  bytes: Buffer;
}

export interface AccountSystemHandover {
  /** Durably hands one application over; resolves to a reference for the audit (e.g. the file name). */
  handOver(record: HandoverRecord): Promise<{ reference: string }>;
}

/**
 * Columns of the daily file, in order (the header line names them): the format the bank's batch
 * relies on (decision 0112). Columns of fields, parent fields included, come from the field
 * registry's `handover`; a registry column not listed here is appended after these, so a new field
 * reaches the file without moving any existing column (decision 0206).
 */
export const handoverColumns = [
  'record_type',
  'application_number',
  'bank_code',
  'branch_code',
  'application_type',
  'kana_last_name',
  'kana_first_name',
  'last_name',
  'first_name',
  'gender',
  'birthday',
  'postal_number',
  'address',
  'kana_address',
  'mobile_phone_number',
  'phone_number',
  'mail_address',
  'occupation_name',
  'workplace_name',
  'workplace_phone_number',
  'seal_less',
  'utilization_purpose',
  'parent_last_name',
  'parent_first_name',
  'parent_kana_last_name',
  'parent_kana_first_name',
  'parent_birthday',
  'parent_relationship',
  'pin_rsa_oaep_sha256',
  'approved_at',
] as const;

/** The header of the file for a registry: the fixed columns, then any registry column they do not name. */
export function handoverHeader(registry: FieldRegistry = fieldRegistry): string[] {
  const fixed: readonly string[] = handoverColumns;
  const added = registry.flatMap((f) => (f.handover && !fixed.includes(f.handover) ? [f.handover] : []));
  return [...fixed, ...added];
}

const japanDay = (epochMs: number) => new Date(epochMs + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
const japanStamp = (epochMs: number) => new Date(epochMs + 9 * 3_600_000).toISOString().slice(0, 19).replace(/[-:T]/g, '');

/**
 * One CSV field through the exports' formula-safe writer (adapters/csv.ts: a mail address starting
 * with = + - @ gets one leading apostrophe, which the batch removes), line breaks (never expected)
 * flattened to spaces first.
 */
const field = (value: string) => csvField(value.replace(/[\r\n]+/g, ' '));

export function handoverLine(r: HandoverRecord, header: readonly string[] = handoverHeader()): string {
  const record: Readonly<Record<string, string>> = {
    record_type: 'D',
    application_number: r.applicationNumber,
    bank_code: r.bankCode,
    application_type: r.applicationType,
    pin_rsa_oaep_sha256: r.pinEncrypted,
    approved_at: japanStamp(r.approvedAt),
  };
  return header.map((c) => field(record[c] ?? r.fields[c] ?? '')).join(',') + '\r\n';
}

export const handoverFileName = (bankCode: string, approvedAt: number) => join(bankCode, `KOZA_${bankCode}_${japanDay(approvedAt)}.csv`);
export const verificationRecordFileName = (bankCode: string, approvedAt: number) => join(bankCode, `KOZA_KYC_${bankCode}_${japanDay(approvedAt)}.csv`);

/**
 * Appends `lines` (with `header` when the file is new) unless the file already holds a line of
 * `applicationNumber` — a hand-over retried after a crash between the write and the approval's
 * commit writes nothing twice (decision 0241). fsynced before it resolves.
 */
async function appendOnce(path: string, header: readonly string[], applicationNumber: string, lines: string): Promise<void> {
  const file = await open(path, 'a+', 0o600);
  narrow(path, 0o600);
  try {
    const text = await file.readFile('utf8');
    if (text.includes(`,${field(applicationNumber)},`)) return;
    await file.appendFile((text.length === 0 ? header.map(field).join(',') + '\r\n' : '') + lines, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
}

/** Writes each image 0600 (again, the same bytes, when retried) and fsyncs it. */
async function writeImages(dir: string, images: readonly VerificationImage[]): Promise<void> {
  for (const image of images) {
    const path = join(dir, image.name);
    ensurePrivateDir(dirname(path));
    const file = await open(path, 'w', 0o600);
    try {
      await file.writeFile(image.bytes);
      await file.sync();
    } finally {
      await file.close();
    }
  }
}

/**
 * Default: one CSV file per bank and Japan day under `dir` (HANDOVER_DIR), UTF-8, CRLF, a header line
 * when the file is new, one line per approved application appended (once: a retry finds it) and
 * fsynced before approval commits; beside it the day's verification records (KOZA_KYC_…) and their
 * images under `<bank>/kyc/<application number>/`. Files and folders are readable by the service's user only (personal data; the PIN only
 * encrypted for the account system); the bank's
 * batch picks up the previous day's file and removes it.
 */
export function fileHandover(dir: string): AccountSystemHandover {
  return {
    async handOver(record) {
      const name = handoverFileName(record.bankCode, record.approvedAt);
      ensurePrivateDir(dir);
      ensurePrivateDir(join(dir, record.bankCode));
      // The record and its images first, the account data last: the batch that finds an account line
      // finds its verification record too.
      if (record.verification) {
        await writeImages(join(dir, record.bankCode, 'kyc'), record.verification.images);
        const lines = record.verification.records.map((r) => verificationRecordColumns.map((c) => field(r[c])).join(',') + '\r\n').join('');
        await appendOnce(join(dir, verificationRecordFileName(record.bankCode, record.approvedAt)), verificationRecordColumns, record.applicationNumber, lines);
      }
      const columns = handoverHeader();
      await appendOnce(join(dir, name), columns, record.applicationNumber, handoverLine(record, columns));
      return { reference: name };
    },
  };
}
