import { randomUUID } from 'node:crypto';
import { link, open, readdir, readFile, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ensurePrivateDir, narrow } from '../db/private-files.ts';
import {
  accountLine,
  currentFormats,
  dayFileVersion,
  formatFileName,
  headerLine,
  readCsv,
  verificationLine,
  type AccountRecord,
  type FileFormat,
  type HandoverFormats,
  type VerificationRecordRow,
} from './handover-format.ts';

// The hand-over to the bank's account system (docs/decisions/0112-handover-file.md). Approval
// calls `handOver` once per application inside its transaction, before the PIN is erased; only
// when it resolves is the application APPROVED. A bank's own system replaces the default adapter
// (buildApp({ handover })) without touching the review code.

export interface HandoverRecord extends AccountRecord {
  /**
   * The verification record (確認記録) of each verified person and the images it names (decision
   * 0241); handed over with the account data, through the same adapter, exactly once.
   */
  verification?: { records: readonly VerificationRecordRow[]; images: readonly VerificationImage[] };
}

/** An image a record names: its path under the bank's `kyc` folder (`<application number>/<person>-<kind>.<ext>`). */
export interface VerificationImage {
  name: string;
  bytes: Buffer;
}

export interface AccountSystemHandover {
  /** Durably hands one application over; resolves to a reference for the audit (e.g. the file name). */
  handOver(record: HandoverRecord): Promise<{ reference: string }>;
}

/** Fsyncs a folder: a file created in it stays after a crash. */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Creates `path` holding its header line, unless it exists: the header is written and fsynced in a
 * temporary file (`.<name>.<random>.tmp`, a header only) that is then linked to the name, so no
 * instance ever sees the file without its header, nor writes a second one.
 */
async function createWithHeader(path: string, header: string): Promise<void> {
  const dir = dirname(path);
  const temporary = join(dir, `.${basename(path)}.${randomUUID()}.tmp`);
  const file = await open(temporary, 'wx', 0o600);
  try {
    await file.writeFile(header, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(temporary);
  }
  await syncDir(dir);
}

/**
 * Appends `lines` to the bank's file of the day in `format` unless one of the day's files of that
 * kind, of any version, already holds a line of the application — a hand-over retried after a crash
 * between the write and the approval's commit writes nothing twice (decision 0241), also when a
 * deploy of a new format came in between (decision 0243). fsynced before it resolves. Resolves to
 * the name of the file that holds the application's lines. Only one approval of an application runs
 * at a time (its row is locked), so nothing comes between the look and the append for it.
 */
async function appendOnce(bankDir: string, format: FileFormat, r: AccountRecord, lines: string): Promise<string> {
  const name = formatFileName(format, r.bankCode, r.approvedAt);
  const versionOf = (file: string) => dayFileVersion(format.prefix, r.bankCode, r.approvedAt, file);
  const ofTheDay = (await readdir(bankDir)).filter((file) => versionOf(file) !== null).sort((x, y) => versionOf(x)! - versionOf(y)! || x.length - y.length);
  for (const file of ofTheDay) {
    const [header = [], ...rows] = readCsv(await readFile(join(bankDir, file), 'utf8'));
    if (file === name && header.join(',') !== format.columns.join(','))
      throw new Error(`${file} has another header than its format, v${format.version}: nothing appended`);
    const column = header.indexOf('application_number');
    if (rows.some((values) => values[column] === r.applicationNumber)) return file;
  }
  const path = join(bankDir, name);
  if (!ofTheDay.includes(name)) await createWithHeader(path, headerLine(format));
  const file = await open(path, 'a', 0o600);
  narrow(path, 0o600);
  try {
    await file.appendFile(lines, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  return name;
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
 * Default: one CSV file per bank, Japan day and format version under `dir` (HANDOVER_DIR):
 * `<bank>/KOZA_<bank>_<day>_v<version>.csv`, UTF-8, CRLF, its header line first, one line per
 * approved application appended (once over the day's files: a retry finds it) and fsynced before
 * approval commits; beside it the day's verification records (`KOZA_KYC_<bank>_<day>_v<version>.csv`)
 * and their images under `<bank>/kyc/<application number>/`. Files and folders are readable by the
 * service's user only (personal data; the PIN only encrypted for the account system); the bank's
 * batch picks up the previous day's files and removes them (the contract: decision 0243).
 * `formats`: the formats this version writes (tests pass another).
 */
export function fileHandover(dir: string, formats: HandoverFormats = currentFormats): AccountSystemHandover {
  return {
    async handOver(record) {
      const bankDir = join(dir, record.bankCode);
      ensurePrivateDir(dir);
      ensurePrivateDir(bankDir);
      // The record and its images first, the account data last: the batch that finds an account line
      // finds its verification record too.
      if (record.verification) {
        await writeImages(join(bankDir, 'kyc'), record.verification.images);
        const lines = record.verification.records.map((r) => verificationLine(r, formats.verification)).join('');
        await appendOnce(bankDir, formats.verification, record, lines);
      }
      const name = await appendOnce(bankDir, formats.account, record, accountLine(record, formats.account));
      return { reference: join(record.bankCode, name) };
    },
  };
}
