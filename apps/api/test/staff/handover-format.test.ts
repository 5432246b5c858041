import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { fieldRegistry, type FieldDefinition } from '@koza/domain/fields/registry';
import { fileHandover, type AccountSystemHandover } from '../../src/adapters/handover.ts';
import {
  handoverEntry,
  accountColumns,
  accountFormat,
  accountFormatVersions,
  accountLine,
  currentFormats,
  fingerprintOf,
  headerLine,
  readCsv,
  verificationFormat,
  verificationFormatVersions,
  verificationRecordColumns,
  type FormatVersion,
  type HandoverFormats,
  type HandoverRecord,
} from '../../src/adapters/handover-format.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { approveByTwo, batchFiles, createAdminApp, insertCompletedApplication, makeStaff, runExporter, signInStaff, type AdminApp } from './admin-helpers.ts';

// The hand-over files' formats, declared once and versioned (docs/decisions/0243-handover-format-versioned.md):
// each file names its format's version, a change of columns is a new version in files of its own,
// and an application is handed over once over all of a day's files — also when a deploy of a new
// format comes in the middle of the day, and when an exporter dies between its write and the marking
// in the database just before that deploy. The approving release formats the lines (decision 0249):
// whichever release's exporter writes them, they go to the files of that release's version.

const next = (versions: readonly FormatVersion[]) => Math.max(...versions.map((v) => v.version)) + 1;

it('declares every version once, numbered from 1, and writes the newest', () => {
  for (const versions of [accountFormatVersions, verificationFormatVersions]) {
    expect(versions.map((v) => v.version)).toEqual(versions.map((_, i) => i + 1));
    expect(new Set(versions.map((v) => v.fingerprint)).size).toBe(versions.length);
  }
  expect(currentFormats.account.version).toBe(accountFormatVersions.at(-1)!.version);
  expect(currentFormats.verification.version).toBe(verificationFormatVersions.at(-1)!.version);
  expect(fingerprintOf(currentFormats.account.columns)).toBe(accountFormatVersions.at(-1)!.fingerprint);
  // The verification record's columns changed without a version: refused.
  expect(() => verificationFormat([...verificationRecordColumns, 'format_b_test_column'])).toThrow(/KOZA_KYC hand-over file's columns changed/);
  expect(() => verificationFormat(verificationRecordColumns.filter((c) => c !== 'images'))).toThrow(/declare \{ version: \d+/);
});

it('writes lines the reader gives back field for field', () => {
  const format = currentFormats.account;
  const record = {
    bankCode: '0177',
    applicationNumber: '0177-20261129-000001',
    applicationType: 'GENERAL' as const,
    approvedAt: Date.parse('2026-11-29T09:30:00+09:00'),
    fields: { last_name: '山田', first_name: 'a "quoted", name', mail_address: '=1+2@example.jp', address: '福岡県福岡市' },
    pinEncrypted: 'cGlu',
  };
  const [header, values] = readCsv(headerLine(format) + accountLine(record, format));
  expect(header).toEqual(format.columns);
  const byColumn = Object.fromEntries(header!.map((c, i) => [c, values![i]]));
  expect(byColumn).toMatchObject({
    record_type: 'D',
    application_number: record.applicationNumber,
    first_name: 'a "quoted", name',
    mail_address: "'=1+2@example.jp",
    address: '福岡県福岡市',
    approved_at: '20261129093000',
  });
});

/**
 * Format B: the registry with one more optional field, and one more verification record column, each
 * declared as the next version. Their names are this test's own, so that a real new field or column
 * never meets them.
 */
const formatBPhone: FieldDefinition = {
  key: 'formatBTestPhoneNumber',
  record: 'application',
  kind: 'phone',
  label: '試験用の電話番号（形式B）',
  group: 'applicant',
  flows: ['GENERAL', 'CHILD'],
  view: 'text',
  handover: { column: 'format_b_test_phone_number' },
};
const extended = [...fieldRegistry, formatBPhone];
const kycColumnsB = [...verificationRecordColumns, 'format_b_test_column'];
const formatB: HandoverFormats = {
  account: accountFormat(extended, [...accountFormatVersions, { version: next(accountFormatVersions), fingerprint: fingerprintOf(accountColumns(extended)) }]),
  verification: verificationFormat(kycColumnsB, [
    ...verificationFormatVersions,
    { version: next(verificationFormatVersions), fingerprint: fingerprintOf(kycColumnsB) },
  ]),
};

/** The release with format B: the new field's value comes with the record (the registry's migration and screens are not part of this test). */
const releaseB = (record: HandoverRecord) => handoverEntry({ ...record, fields: { ...record.fields, format_b_test_phone_number: '092-555-0101' } }, formatB);

/** The exporter of an instance of release A that dies after its write, before it marks the entry written. */
const dyingA = (dir: string): AccountSystemHandover => ({
  async handOver(entry) {
    await fileHandover(dir).handOver(entry);
    throw new Error('the process was killed here');
  },
});

async function twoReviewers(app: AdminApp) {
  return Promise.all([signInStaff(app, await makeStaff(app, '0177', 'REVIEWER')), signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'))]);
}

forEachDialect((dialect) => {
  it('a deploy of a new format in the middle of a day: files of their own, every line as wide as its header, each application once', async () => {
    const db = await dialect.createDb();
    const a = await createAdminApp(db); // release A, 10:00
    const dying = await createAdminApp(db, { handoverDir: a.handoverDir, handover: dyingA });
    const b = await createAdminApp(db, { handoverDir: a.handoverDir, formatHandover: releaseB });
    dying.clock.advance(30 * 60_000);
    b.clock.advance(60 * 60_000); // release B is deployed at 11:00, A still runs (a rolling deploy)
    try {
      const applications = [];
      for (let i = 0; i < 6; i++) applications.push(await insertCompletedApplication(a, { pin: `135${i}` }));
      const [one, two, three, four, five, six] = applications;
      const [a1, a2] = await twoReviewers(a);
      expect((await approveByTwo(a1, a2, one!.id)).statusCode).toBe(200);
      expect((await approveByTwo(a2, a1, two!.id)).statusCode).toBe(200);
      expect((await runExporter(a)).exported).toBe(2);
      // An instance of A approves the third; its exporter writes it, then dies before marking it.
      const [d1, d2] = await twoReviewers(dying);
      expect((await approveByTwo(d1, d2, three!.id)).statusCode).toBe(200);
      await expect(runExporter(dying)).rejects.toThrow('killed');

      // Release B: its approvals in a new file.
      const [b1, b2] = await twoReviewers(b);
      expect((await approveByTwo(b1, b2, four!.id)).statusCode).toBe(200);
      expect((await approveByTwo(b2, b1, five!.id)).statusCode).toBe(200);
      // The last instance of A, not yet replaced, approves one more: A's format, whoever exports it.
      a.clock.advance(90 * 60_000);
      const [a3, a4] = await twoReviewers(a);
      expect((await approveByTwo(a3, a4, six!.id)).statusCode).toBe(200);
      // B's exporter, on the same host and folder, completes the third (found in A's file, not written
      // again) and writes the others, each in the files of the version it was approved in.
      expect((await runExporter(b)).exported).toBe(4);

      const numbers = (files: ReturnType<typeof batchFiles>) =>
        files.flatMap((f) => f.rows.map((values) => values[f.header.indexOf('application_number')]!)).sort();
      const everyOnce = applications.map((x) => x!.applicationNumber).sort();
      const versionA = currentFormats.account.version;
      const versionB = formatB.account.version;

      // The account data, read as the bank's batch reads it.
      const account = batchFiles(a.handoverDir, '0177', 'KOZA');
      expect(account.map((f) => f.name)).toEqual([`KOZA_0177_20260616_v${versionA}.csv`, `KOZA_0177_20260616_v${versionB}.csv`]);
      expect(account.map((f) => f.header)).toEqual([currentFormats.account.columns, formatB.account.columns]);
      expect(account[1]!.header.length).toBe(account[0]!.header.length + 1);
      for (const file of account) for (const values of file.rows) expect(values, file.name).toHaveLength(file.header.length);
      expect(numbers(account)).toEqual(everyOnce);
      expect(numbers(account.slice(0, 1))).toEqual([one, two, three, six].map((x) => x!.applicationNumber).sort());
      const [, fileB] = account;
      expect(fileB!.rows.map((values) => values[fileB!.header.indexOf('format_b_test_phone_number')])).toEqual(['092-555-0101', '092-555-0101']);

      // The verification records: the same, one file per version; each row names its file's format.
      const kyc = batchFiles(a.handoverDir, '0177', 'KOZA_KYC');
      expect(kyc.map((f) => [f.name, f.header])).toEqual([
        [`KOZA_KYC_0177_20260616_v${currentFormats.verification.version}.csv`, currentFormats.verification.columns],
        [`KOZA_KYC_0177_20260616_v${formatB.verification.version}.csv`, kycColumnsB],
      ]);
      for (const file of kyc) {
        for (const values of file.rows) {
          expect(values, file.name).toHaveLength(file.header.length);
          expect(values[0]).toBe(`KOZA-KYC-${file.version}`);
        }
      }
      expect([...new Set(numbers(kyc))]).toEqual(everyOnce);
      for (const number of everyOnce)
        expect(
          kyc.filter((f) => numbers([f]).includes(number)),
          number,
        ).toHaveLength(1);

      // The audit names the file that holds each application: the third's is A's.
      const reviews = await a.deps.db.kysely.selectFrom('applicationReviews').select(['applicationId', 'handoverReference']).execute();
      const reference = (id: string) => reviews.find((r) => r.applicationId === id)?.handoverReference;
      expect(reference(three!.id)).toBe(join('0177', account[0]!.name));
      expect(reference(four!.id)).toBe(join('0177', account[1]!.name));
      // Nothing else in the folder the batch would have to skip: the temporary header files are gone.
      expect(readdirSync(join(a.handoverDir, '0177')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      await Promise.all([a.close(), dying.close(), b.close()]);
    }
  });

  it('refuses to append to a file of its version whose header is another: nothing is written, the entry waits in the outbox', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      const [one, two] = await twoReviewers(app);
      // A release that declared the same version number for other columns left this file.
      mkdirSync(join(app.handoverDir, '0177'), { recursive: true, mode: 0o700 });
      const name = `KOZA_0177_20260616_v${currentFormats.account.version}.csv`;
      writeFileSync(join(app.handoverDir, '0177', name), headerLine(formatB.account), { mode: 0o600 });
      expect((await approveByTwo(one, two, application.id)).statusCode).toBe(200);
      await expect(runExporter(app)).rejects.toThrow(/another header than its format/);
      expect(batchFiles(app.handoverDir, '0177', 'KOZA')[0]!.rows).toEqual([]);
      expect(await app.deps.db.kysely.selectFrom('handoverOutbox').select('applicationId').execute()).toEqual([{ applicationId: application.id }]);
    } finally {
      await app.close();
    }
  });
});
