import { open } from 'node:fs/promises';
import { join } from 'node:path';
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

/**
 * Default: one CSV file per bank and Japan day under `dir` (HANDOVER_DIR), UTF-8, CRLF, a header line
 * when the file is new, one line per approved application appended and fsynced before approval
 * commits. Files and folders are readable by the service's user only (personal data; the PIN only
 * encrypted for the account system); the bank's
 * batch picks up the previous day's file and removes it.
 */
export function fileHandover(dir: string): AccountSystemHandover {
  return {
    async handOver(record) {
      const name = handoverFileName(record.bankCode, record.approvedAt);
      const path = join(dir, name);
      ensurePrivateDir(dir);
      ensurePrivateDir(join(dir, record.bankCode));
      const file = await open(path, 'a', 0o600);
      narrow(path, 0o600);
      try {
        const { size } = await file.stat();
        const columns = handoverHeader();
        const header = size === 0 ? columns.map(field).join(',') + '\r\n' : '';
        await file.appendFile(header + handoverLine(record, columns), 'utf8');
        await file.sync();
      } finally {
        await file.close();
      }
      return { reference: name };
    },
  };
}
