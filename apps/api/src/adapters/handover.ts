import { randomUUID } from 'node:crypto';
import { link, open, readdir, readFile, truncate, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ensurePrivateDir, narrow } from '../db/private-files.ts';
import { dayFileVersion, formatFileName, readCsv, type FileFormat, type HandoverEntry, type HandoverLines, type VerificationImage } from './handover-format.ts';

// Where the hand-over's files go (docs/decisions/0112-handover-file.md, 0243, 0249). Approval stores
// each application's lines in the database (the outbox); the one exporter of the moment
// (services/platform/handover-export.ts) calls `handOver` for each entry in approval order and
// deletes the entry once it resolves. This adapter is the exporter's only file-system concern: the
// folder HANDOVER_DIR of the host that runs it. A bank's own system replaces it
// (buildApp({ handover })) without touching the review or the exporter.

export interface AccountSystemHandover {
  /**
   * Durably hands one application over; resolves to a reference for the review row (e.g. the file
   * name). Called again with the same entry after a crash before the exporter marked it: must then
   * write nothing twice.
   */
  handOver(entry: HandoverEntry): Promise<{ reference: string }>;
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
 * reader ever sees the file without its header, nor a second one.
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
 * A file's text without a last line cut short (a crash of the machine in the middle of an append):
 * such a tail is removed from the file, so that the line is written again whole.
 */
async function withoutTornTail(path: string, text: string): Promise<string> {
  if (text === '' || text.endsWith('\r\n')) return text;
  const whole = text.slice(0, text.lastIndexOf('\r\n') + 2);
  await truncate(path, Buffer.byteLength(whole, 'utf8'));
  return whole;
}

/**
 * Appends the application's `part` to the bank's file of the day in its format unless one of the
 * day's files of that kind, of any version, already holds a line of the application — an export
 * retried after a crash between the write and the marking in the database writes nothing twice
 * (decisions 0241, 0249), also when a deploy of a new format came in between (decision 0243).
 * fsynced before it resolves. Resolves to the name of the file that holds the application's lines.
 * Only one exporter writes an entry (it is claimed in the database), so nothing comes between the
 * look and the append.
 */
async function appendOnce(bankDir: string, prefix: FileFormat['prefix'], entry: HandoverEntry, part: HandoverLines): Promise<string> {
  const name = formatFileName({ prefix, version: part.version }, entry.bankCode, entry.approvedAt);
  const versionOf = (file: string) => dayFileVersion(prefix, entry.bankCode, entry.approvedAt, file);
  const ofTheDay = (await readdir(bankDir)).filter((file) => versionOf(file) !== null).sort((x, y) => versionOf(x)! - versionOf(y)! || x.length - y.length);
  for (const file of ofTheDay) {
    const path = join(bankDir, file);
    const [header = [], ...rows] = readCsv(await withoutTornTail(path, await readFile(path, 'utf8')));
    if (file === name && readCsv(part.header)[0]?.join(',') !== header.join(','))
      throw new Error(`${file} has another header than its format, v${part.version}: nothing appended`);
    const column = header.indexOf('application_number');
    if (rows.some((values) => values[column] === entry.applicationNumber)) return file;
  }
  const path = join(bankDir, name);
  if (!ofTheDay.includes(name)) await createWithHeader(path, part.header);
  const file = await open(path, 'a', 0o600);
  narrow(path, 0o600);
  try {
    await file.appendFile(part.lines, 'utf8');
    await file.sync();
  } finally {
    await file.close();
  }
  return name;
}

/** Writes each image 0600 in 0700 folders (again, the same bytes, when retried), fsyncs it and its folder. */
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
  for (const folder of new Set(images.map((image) => dirname(join(dir, image.name))))) await syncDir(folder);
}

/**
 * Default: one CSV file per bank, Japan day and format version under `dir` (HANDOVER_DIR):
 * `<bank>/KOZA_<bank>_<day>_v<version>.csv`, UTF-8, CRLF, its header line first, one line per
 * approved application appended (once over the day's files: a retry finds it) and fsynced; beside it
 * the day's verification records (`KOZA_KYC_<bank>_<day>_v<version>.csv`) and their images under
 * `<bank>/kyc/<application number>/`. Files and folders are readable by the service's user only
 * (personal data; the PIN only encrypted for the account system); the bank's batch picks up the
 * previous day's files and removes them (the contract: decision 0243).
 */
export function fileHandover(dir: string): AccountSystemHandover {
  return {
    async handOver(entry) {
      const bankDir = join(dir, entry.bankCode);
      ensurePrivateDir(dir);
      ensurePrivateDir(bankDir);
      // The record and its images first, the account data last: the batch that finds an account line
      // finds its verification record too.
      await writeImages(join(bankDir, 'kyc'), entry.verification.images);
      if (entry.verification.lines !== '') await appendOnce(bankDir, 'KOZA_KYC', entry, entry.verification);
      const name = await appendOnce(bankDir, 'KOZA', entry, entry.account);
      return { reference: join(entry.bankCode, name) };
    },
  };
}
