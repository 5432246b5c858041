import { createHash } from 'node:crypto';
import { fieldRegistry, type FieldRegistry } from '@koza/domain/fields/registry';
import { csvField } from './csv.ts';

// The formats of the hand-over files, each declared once and versioned
// (docs/decisions/0243-handover-format-versioned.md). The account file (KOZA_…): this module's own
// columns, and every field of the registry that has a `handover` column, at the place the field
// declares (packages/domain/src/fields/registry.ts). The verification record file (KOZA_KYC_…,
// decision 0241): the columns below. A file's version is looked up by the fingerprint of its
// columns among the versions declared here, so columns that change without a new version declared
// stop the API at its start (and every test) instead of reaching a bank's batch unannounced. A
// file's name carries its version: one file never mixes row shapes.

/** What one line of the account file is made of (the adapter's HandoverRecord is one). */
export interface AccountRecord {
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

export const japanDay = (epochMs: number) => new Date(epochMs + 9 * 3_600_000).toISOString().slice(0, 10).replaceAll('-', '');
const japanStamp = (epochMs: number) => new Date(epochMs + 9 * 3_600_000).toISOString().slice(0, 19).replace(/[-:T]/g, '');

/**
 * The account file's own columns (not fields of the registry), in order, and how each is filled. A
 * registry field's column goes after the column its `handover.after` names, or at the end of the line.
 */
const accountOwnColumns: readonly { column: string; value: (r: AccountRecord) => string }[] = [
  { column: 'record_type', value: () => 'D' },
  { column: 'application_number', value: (r) => r.applicationNumber },
  { column: 'bank_code', value: (r) => r.bankCode },
  { column: 'application_type', value: (r) => r.applicationType },
  // The address in one column, and its kana, as the account system takes them (joined from the
  // address fields by services/staff/review.ts).
  { column: 'address', value: (r) => r.fields.address ?? '' },
  { column: 'kana_address', value: (r) => r.fields.kana_address ?? '' },
  { column: 'pin_rsa_oaep_sha256', value: (r) => r.pinEncrypted },
  { column: 'approved_at', value: (r) => japanStamp(r.approvedAt) },
];
const ownValue = new Map(accountOwnColumns.map((c) => [c.column, c.value]));

/** The account file's columns for a registry, in order: each column followed by the one placed after it. */
export function accountColumns(registry: FieldRegistry = fieldRegistry): string[] {
  const placed = registry.flatMap((f) => (f.handover ? [f.handover] : []));
  const names = new Set(accountOwnColumns.map((c) => c.column));
  for (const { column } of placed) {
    if (names.has(column)) throw new Error(`Hand-over column ${column} is declared twice`);
    names.add(column);
  }
  const next = new Map<string, string>();
  for (const { column, after } of placed) {
    if (after === undefined) continue;
    if (!names.has(after)) throw new Error(`Hand-over column ${column} is placed after ${after}, which is no column of the file`);
    const taken = next.get(after);
    if (taken !== undefined) throw new Error(`Hand-over columns ${taken} and ${column} are both placed after ${after}: place one after the other`);
    next.set(after, column);
  }
  const columns: string[] = [];
  const place = (column: string) => {
    for (let c: string | undefined = column; c !== undefined; c = next.get(c)) columns.push(c);
  };
  for (const { column } of accountOwnColumns) place(column);
  for (const { column, after } of placed) if (after === undefined) place(column);
  if (columns.length !== names.size) throw new Error(`Hand-over columns placed in a circle: ${[...names].filter((n) => !columns.includes(n)).join(', ')}`);
  return columns;
}

/** The columns of the verification record file, in order (decision 0241). */
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

/** A declared version of a file's format: its number and the fingerprint of its columns. */
export interface FormatVersion {
  version: number;
  fingerprint: string;
}

/**
 * Every format the account file has had, oldest first. The columns changed (a registry field's
 * `handover`, an own column above): declare the next version here with the fingerprint the error
 * names, list its columns in a decision record and announce it to the banks before the release.
 */
export const accountFormatVersions: readonly FormatVersion[] = [
  // Decisions 0112 and 0203.
  { version: 1, fingerprint: 'fe0074bc5d265d3a' },
];

/** Every format the verification record file has had, oldest first (as above). */
export const verificationFormatVersions: readonly FormatVersion[] = [
  // Decision 0241 (KOZA-KYC-1).
  { version: 1, fingerprint: '25b141ac4628a7c8' },
];

/** The fingerprint of a list of columns: the first 16 hex digits of the SHA-256 of their names, one a line. */
export const fingerprintOf = (columns: readonly string[]) => createHash('sha256').update(columns.join('\n')).digest('hex').slice(0, 16);

/** The layout of one kind of file in one version. */
export interface FileFormat {
  /** The file name's first part: `KOZA` (the account data) or `KOZA_KYC` (the verification records). */
  prefix: 'KOZA' | 'KOZA_KYC';
  version: number;
  columns: readonly string[];
}

function versioned(prefix: FileFormat['prefix'], columns: readonly string[], versions: readonly FormatVersion[]): FileFormat {
  const fingerprint = fingerprintOf(columns);
  const declared = versions.find((v) => v.fingerprint === fingerprint);
  if (!declared) {
    const next = Math.max(0, ...versions.map((v) => v.version)) + 1;
    throw new Error(
      `The ${prefix} hand-over file's columns changed without a new format version: declare { version: ${next}, fingerprint: '${fingerprint}' } ` +
        'in apps/api/src/adapters/handover-format.ts and announce the format to the banks (docs/decisions/0243-handover-format-versioned.md)',
    );
  }
  return { prefix, version: declared.version, columns: [...columns] };
}

/** The account file's format for a registry, its version found among `versions`. */
export const accountFormat = (registry: FieldRegistry = fieldRegistry, versions: readonly FormatVersion[] = accountFormatVersions): FileFormat =>
  versioned('KOZA', accountColumns(registry), versions);

/** The verification record file's format for a list of columns, its version found among `versions`. */
export const verificationFormat = (
  columns: readonly string[] = verificationRecordColumns,
  versions: readonly FormatVersion[] = verificationFormatVersions,
): FileFormat => versioned('KOZA_KYC', columns, versions);

export interface HandoverFormats {
  account: FileFormat;
  verification: FileFormat;
}

/** The formats this version of the service writes (computed at start: an undeclared change stops it here). */
export const currentFormats: HandoverFormats = { account: accountFormat(), verification: verificationFormat() };

/** The first column of every verification record row: its format's name and version. */
export const verificationRecordFormat = `KOZA-KYC-${currentFormats.verification.version}`;

/** A file's name in its bank's folder: `<prefix>_<bank>_<Japan day of approval>_v<version>.csv`. */
export const formatFileName = (format: Pick<FileFormat, 'prefix' | 'version'>, bankCode: string, approvedAt: number) =>
  `${format.prefix}_${bankCode}_${japanDay(approvedAt)}_v${format.version}.csv`;

/**
 * Whether a name is one of a bank's files of one kind and day, whatever its version (the name without
 * a version is the one written before decision 0243: version 1); its version, or null.
 */
export function dayFileVersion(prefix: FileFormat['prefix'], bankCode: string, approvedAt: number, name: string): number | null {
  const match = new RegExp(`^${prefix}_${bankCode}_${japanDay(approvedAt)}(?:_v([1-9][0-9]*))?\\.csv$`).exec(name);
  return match ? Number(match[1] ?? 1) : null;
}

/**
 * One CSV field through the exports' formula-safe writer (adapters/csv.ts: a mail address starting
 * with = + - @ gets one leading apostrophe, which the batch removes), line breaks (never expected)
 * flattened to spaces first.
 */
const field = (value: string) => csvField(value.replace(/[\r\n]+/g, ' '));

/** The header line of a file: its columns' names. */
export const headerLine = (format: FileFormat) => format.columns.map(field).join(',') + '\r\n';

/** One line of the account file. */
export function accountLine(r: AccountRecord, format: FileFormat = currentFormats.account): string {
  return format.columns.map((c) => field(ownValue.get(c)?.(r) ?? r.fields[c] ?? '')).join(',') + '\r\n';
}

/** One line of the verification record file; its first column names the format it is written in. */
export function verificationLine(row: VerificationRecordRow, format: FileFormat = currentFormats.verification): string {
  const values: Readonly<Record<string, string>> = row;
  return format.columns.map((c) => field(c === 'record_format' ? `KOZA-KYC-${format.version}` : (values[c] ?? ''))).join(',') + '\r\n';
}

/**
 * The rows of a hand-over file, header first: fields separated by commas, lines by CRLF, a field in
 * double quotes with its quotes doubled. (The bank's batch reads them the same way.)
 */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      value += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted || (c !== ',' && !(c === '\r' && text[i + 1] === '\n'))) {
      value += c;
    } else {
      row.push(value);
      value = '';
      if (c === '\r') {
        rows.push(row);
        row = [];
        i++;
      }
    }
  }
  if (value !== '' || row.length > 0) rows.push([...row, value]);
  return rows;
}

/** An image a verification record names: its path under the bank's `kyc` folder (`<application number>/<person>-<kind>.<ext>`). */
export interface VerificationImage {
  name: string;
  bytes: Uint8Array;
}

/** What the approval hands over for one application (decisions 0112, 0241). */
export interface HandoverRecord extends AccountRecord {
  /** The verification record (確認記録) of each verified person and the images it names (decision 0241). */
  verification: { records: readonly VerificationRecordRow[]; images: readonly VerificationImage[] };
}

/** One application's part of one kind of file: the format's version, the file's header line and the application's lines (CRLF each). */
export interface HandoverLines {
  version: number;
  header: string;
  lines: string;
}

/**
 * One application's hand-over as the approval stores it in the outbox and the exporter writes it
 * (decision 0249): formatted by the approving release, so a rolling deploy's exporter of another
 * release writes exactly those bytes, into the files of that version (decision 0243).
 */
export interface HandoverEntry {
  bankCode: string;
  applicationNumber: string;
  approvedAt: number;
  /** The verification record rows (KOZA_KYC) and the images they name: written before the account line. */
  verification: HandoverLines & { images: readonly VerificationImage[] };
  /** The account line (KOZA). */
  account: HandoverLines;
}

/** Formats an approval's record in `formats` (the release's own unless a test passes another). */
export function handoverEntry(record: HandoverRecord, formats: HandoverFormats = currentFormats): HandoverEntry {
  return {
    bankCode: record.bankCode,
    applicationNumber: record.applicationNumber,
    approvedAt: record.approvedAt,
    verification: {
      version: formats.verification.version,
      header: headerLine(formats.verification),
      lines: record.verification.records.map((row) => verificationLine(row, formats.verification)).join(''),
      images: record.verification.images,
    },
    account: { version: formats.account.version, header: headerLine(formats.account), lines: accountLine(record, formats.account) },
  };
}
