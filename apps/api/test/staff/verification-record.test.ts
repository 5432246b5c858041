import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { currentFormats, formatFileName, verificationRecordColumns } from '../../src/adapters/handover-format.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { startSimulator } from '../helpers/ekyc-simulator.ts';
import type { RunningSimulator } from '../helpers/ekyc-simulator.ts';
import { readyChildApplicant, uploadChildDocuments } from '../helpers/child-application.ts';
import { postEmpty, readyApplicant, sessionIdOf, startEkyc } from '../helpers/ready-application.ts';
import { captures, passAtTheProvider } from '../helpers/provider-pages.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { toJapanIso as japanIso } from '../../src/services/platform/japan-iso-time.ts';
import { approveByTwo, batchFiles, createAdminApp, handoverText, makeStaff, runExporter, signInStaff } from './admin-helpers.ts';
import type { AdminApp } from './admin-helpers.ts';

// Issue 33, item 1 (docs/decisions/0241-verification-record.md): at approval the verification record
// (確認記録, 犯収法 art. 6, ordinance art. 19–20) of each verified person is handed over with the account
// data: a versioned file of the day beside the account file, and the images the method relied on.
// With the REAL simulator over HTTP. Exactly once (decision 0249): approvals on two instances with
// their own HANDOVER_DIR, one killed after its commits, and an export cut short, leave one record and
// one account line per application, all in the files of the one exporter.

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim?.stop());

const japanTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+09:00$/;
const env = () => ({ EKYC_PROVIDER_URL: sim.url, PUBLIC_BASE_URL: 'http://127.0.0.1:9' });

async function capturedAndCompleted(app: AdminApp): Promise<Applicant & { applicationNumber: string; providerSessionId: string }> {
  const a = await readyApplicant(app);
  const page = new URL(((await startEkyc(a)).json() as { url: string }).url);
  await passAtTheProvider(page.href, 'PHOTO_ID_AND_FACE');
  expect((await postEmpty(a, '/api/ekyc/status')).json()).toMatchObject({ status: 4 });
  const completed = await postEmpty(a, '/api/application-complete');
  expect(completed.statusCode).toBe(200);
  return Object.assign(a, {
    applicationNumber: (completed.json() as { applicationNumber: string }).applicationNumber,
    providerSessionId: sessionIdOf(page.href),
  });
}

/** UUIDs (ids, provider references) aside: their last group is 12 digits now and then, and is no individual number. */
const withoutUuids = (text: string): string => text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '(uuid)');

/**
 * Every text value in the database (hashes, ciphertexts, keys and UUIDs aside) holding a run of
 * exactly 12 digits, the shape of an individual number (個人番号): none may be stored anywhere.
 */
async function twelveDigitTexts(app: AdminApp): Promise<string[]> {
  const db = app.deps.db.kysely;
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((n) => !n.startsWith('kysely_') && n !== 'postal_codes');
  const found: string[] = [];
  for (const table of tables) {
    for (const row of (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db)).rows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string' || /^[0-9a-f]{32,}$|^v1:|BEGIN|^[A-Za-z0-9+/=_-]{40,}$/.test(value)) continue;
        if (/(?<![0-9A-Za-z])\d{12}(?![0-9A-Za-z])/.test(withoutUuids(value))) found.push(`${table}.${column}`);
      }
    }
  }
  return found;
}

/** The day's verification records as the bank's batch reads them (header → values). */
function records(app: AdminApp): Record<string, string>[] {
  const path = join(app.handoverDir, '0177', formatFileName(currentFormats.verification, '0177', app.clock.now().getTime()));
  if (!existsSync(path)) return [];
  const fields = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'));
  const [header, ...rows] = readFileSync(path, 'utf8').trimEnd().split('\r\n').map(fields);
  expect(header).toEqual([...verificationRecordColumns]);
  return rows.map((values) => Object.fromEntries(header!.map((name, i) => [name, values[i]!])));
}

forEachDialect((dialect) => {
  it('hands over the verification record of a photo-ID application with the images the check relied on', async () => {
    const app = await createAdminApp(await dialect.createDb(), { env: env() });
    try {
      const a = await capturedAndCompleted(app);
      const proposer = await makeStaff(app, '0177', 'REVIEWER');
      const approver = await makeStaff(app, '0177', 'REVIEWER');
      expect((await approveByTwo(await signInStaff(app, proposer), await signInStaff(app, approver), a.applicationId)).statusCode).toBe(200);
      await runExporter(app);

      const [record, ...more] = records(app);
      expect(more).toEqual([]);
      expect(record).toMatchObject({
        record_format: 'KOZA-KYC-1',
        application_number: a.applicationNumber,
        bank_code: '0177',
        application_type: 'GENERAL',
        person: 'APPLICANT',
        method: 'PHOTO_ID_AND_FACE',
        method_label: '本人確認書類の撮影＋容貌の撮影（ホ方式）',
        ordinance_item: '犯収法施行規則6条1項1号ホ',
        provider: new URL(sim.url).host,
        checked_at: expect.stringMatching(japanTime),
        recorded_at: japanIso(app.clock.now().getTime()),
        verified_name: '山田\u3000太郎',
        verified_birthday: '1990-04-01',
        verified_address: '福岡県福岡市中央区天神1-2-3\u3000天神ハイツ101',
        purpose: '生活費決済,給与・年金受取',
        occupation: '会社員',
        result: 'PASSED',
        proposed_by: `REVIEWER ${proposer.loginId.split('.').at(-1)}（${proposer.loginId}）`,
        confirmed_by: `REVIEWER ${approver.loginId.split('.').at(-1)}（${approver.loginId}）`,
      });
      expect(record!.provider_reference).toBe(a.providerSessionId);
      // The four images, byte for byte, the service's user's alone.
      const names = record!.images!.split(';');
      expect(names).toEqual(['front', 'back', 'tilt', 'face'].map((k) => `${a.applicationNumber}/APPLICANT-${k}.${k === 'tilt' ? 'png' : 'jpg'}`));
      for (const [i, kind] of (['front', 'back', 'tilt', 'face'] as const).entries()) {
        const path = join(app.handoverDir, '0177', 'kyc', names[i]!);
        expect(readFileSync(path).equals(captures[kind]), kind).toBe(true);
        expect(statSync(path).mode & 0o777).toBe(0o600);
      }
      // No individual number (12 digits) anywhere in what is handed over or stored.
      const handedOver =
        readFileSync(join(app.handoverDir, '0177', formatFileName(currentFormats.verification, '0177', app.clock.now().getTime())), 'utf8') +
        handoverText(app, '0177');
      expect(withoutUuids(handedOver)).not.toMatch(/(?<!\d)\d{12}(?!\d)/);
      expect(await twelveDigitTexts(app)).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('records IC-chip reading with a face photo, chosen at the provider after the cut-over, under its item of the amended text', async () => {
    const app = await createAdminApp(await dialect.createDb(), { env: env(), now: '2027-04-05T10:00:00+09:00' });
    try {
      const a = await readyApplicant(app);
      await passAtTheProvider(((await startEkyc(a)).json() as { url: string }).url, 'IC_CHIP_AND_FACE');
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toMatchObject({ status: 4 });
      expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(200);
      const [r1, r2] = [await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER')), await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'))];
      expect((await approveByTwo(r1, r2, a.applicationId)).statusCode).toBe(200);
      await runExporter(app);
      expect(records(app)).toEqual([
        expect.objectContaining({
          person: 'APPLICANT',
          method: 'IC_CHIP_AND_FACE',
          // The amended ordinance's letter (decision 0248: packages/domain/src/admin/ordinance-items.ts).
          ordinance_item: '犯収法施行規則6条1項1号ホ',
          method_label: 'ICチップの読取＋容貌の撮影（ホ方式）',
          document: '本人確認書類のICチップ情報（写真付き）と容貌',
          verified_name: '山田\u3000太郎',
          images: expect.stringMatching(/\/APPLICANT-face\.jpg$/),
        }),
      ]);
    } finally {
      await app.close();
    }
  });

  it('records the parent checked by the provider and the child by the uploaded documents in a child application', async () => {
    const app = await createAdminApp(await dialect.createDb(), { env: env() });
    try {
      const a = await readyChildApplicant(app);
      await uploadChildDocuments(a);
      const url = ((await startEkyc(a)).json() as { url: string }).url;
      expect((await sim.call('POST', `/v1/sessions/${sessionIdOf(url)}/simulate`, { outcome: 'PASSED' })).status).toBe(200);
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toMatchObject({ status: 4 });
      expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(200);
      const [r1, r2] = [await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER')), await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'))];
      expect((await approveByTwo(r1, r2, a.applicationId)).statusCode).toBe(200);
      await runExporter(app);

      const rows = records(app);
      expect(rows.map((r) => r.person)).toEqual(['PARENT', 'CHILD']);
      expect(rows[0]).toMatchObject({ method: 'PHOTO_ID_AND_FACE', verified_name: expect.stringContaining('山田'), result: 'PASSED', images: '' });
      expect(rows[0]!.ordinance_item).toBe('犯収法施行規則6条1項1号ホ');
      expect(rows[1]).toMatchObject({
        method: 'DOCUMENT_IMAGES',
        // Before the amendment: the copies of two documents and the cash card sent 転送不要 (decision 0248).
        ordinance_item: '犯収法施行規則6条1項1号リ',
        document: 'マイナンバーカード、住民票の写し',
        verified_name: '山田\u3000花子',
        verified_birthday: '2016-05-05',
        result: 'CHECKED_BY_REVIEWERS',
      });
      const childImages = rows[1]!.images!.split(';');
      expect(childImages).toHaveLength(2);
      for (const name of childImages) expect(existsSync(join(app.handoverDir, '0177', 'kyc', name))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('two instances with HANDOVER_DIRs of their own, one killed after its approvals committed: the one exporter writes each application once, records before accounts', async () => {
    const db = await dialect.createDb();
    const a = await createAdminApp(db, { env: env() });
    const b = await createAdminApp(db, { env: env() });
    expect(b.handoverDir).not.toBe(a.handoverDir);
    try {
      const applicants = [await capturedAndCompleted(a), await capturedAndCompleted(b), await capturedAndCompleted(a)];
      const [a1, a2] = [await signInStaff(a, await makeStaff(a, '0177', 'REVIEWER')), await signInStaff(a, await makeStaff(a, '0177', 'REVIEWER'))];
      const [b1, b2] = [await signInStaff(b, await makeStaff(b, '0177', 'REVIEWER')), await signInStaff(b, await makeStaff(b, '0177', 'REVIEWER'))];
      // Approved in turn on A, B and A; A is killed once its approvals committed, before any export.
      expect((await approveByTwo(a1, a2, applicants[0]!.applicationId)).statusCode).toBe(200);
      expect((await approveByTwo(b1, b2, applicants[1]!.applicationId)).statusCode).toBe(200);
      expect((await approveByTwo(a2, a1, applicants[2]!.applicationId)).statusCode).toBe(200);
      await a.close();
      expect(existsSync(join(a.handoverDir, '0177'))).toBe(false);

      // B exports. Its first run is cut short: the account file cannot be written (a folder of that
      // name stands in the way), after the first application's record and images were written.
      const accountFile = join(b.handoverDir, '0177', formatFileName(currentFormats.account, '0177', b.clock.now().getTime()));
      mkdirSync(accountFile, { recursive: true });
      await expect(runExporter(b)).rejects.toThrow();
      expect(records(b).map((r) => r.application_number)).toEqual([applicants[0]!.applicationNumber]);
      // …and the machine lost power in the middle of the next line of the record file.
      const recordFile = join(b.handoverDir, '0177', formatFileName(currentFormats.verification, '0177', b.clock.now().getTime()));
      appendFileSync(recordFile, `"KOZA-KYC-1","${applicants[1]!.applicationNumber}","01`);
      rmdirSync(accountFile);
      expect((await runExporter(b)).exported).toBe(3);
      expect((await runExporter(b)).exported).toBe(0);

      // Read as the bank's batch reads them (every line whole and as wide as its header): each
      // application once, in the order of approval, in both files; the images the provider has.
      const numbers = applicants.map((x) => x.applicationNumber);
      const [account, ...moreAccount] = batchFiles(b.handoverDir, '0177', 'KOZA');
      const [kyc, ...moreKyc] = batchFiles(b.handoverDir, '0177', 'KOZA_KYC');
      expect([moreAccount, moreKyc]).toEqual([[], []]);
      expect(account!.rows.map((values) => values[account!.header.indexOf('application_number')])).toEqual(numbers);
      expect(kyc!.rows.map((values) => values[kyc!.header.indexOf('application_number')])).toEqual(numbers);
      for (const x of applicants) {
        const names = readdirSync(join(b.handoverDir, '0177', 'kyc', x.applicationNumber)).sort();
        expect(names).toEqual(['APPLICANT-back.jpg', 'APPLICANT-face.jpg', 'APPLICANT-front.jpg', 'APPLICANT-tilt.png']);
        for (const kind of ['front', 'back', 'tilt', 'face'] as const)
          expect(
            readFileSync(join(b.handoverDir, '0177', 'kyc', x.applicationNumber, `APPLICANT-${kind}.${kind === 'tilt' ? 'png' : 'jpg'}`)).equals(
              captures[kind],
            ),
          ).toBe(true);
      }
      // Nothing in A's folder; nothing left in the outbox; each review names the file that holds it.
      expect(existsSync(join(a.handoverDir, '0177'))).toBe(false);
      expect(await db.kysely.selectFrom('handoverOutbox').select('seq').execute()).toEqual([]);
      expect(await db.kysely.selectFrom('handoverOutboxImages').select('seq').execute()).toEqual([]);
      const reviews = await db.kysely.selectFrom('applicationReviews').select(['handedOverAt', 'handoverReference']).execute();
      expect(reviews).toEqual(applicants.map(() => ({ handedOverAt: b.clock.now().getTime(), handoverReference: join('0177', account!.name) })));
      for (const x of applicants) expect((await x.row()).status).toBe('APPROVED');
    } finally {
      await b.close();
    }
  });
  it('refuses an approval that is not allowed in its own terms while the provider is down, without asking it', async () => {
    const db = await dialect.createDb();
    const capturing = await createAdminApp(db, { env: env() });
    const a = await capturedAndCompleted(capturing);
    await capturing.close();
    // The same database on an instance whose provider does not answer (nothing listens on port 9).
    const app = await createAdminApp(db, { env: { ...env(), EKYC_PROVIDER_URL: 'http://127.0.0.1:9' } });
    try {
      const proposer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const url = `/api/admin/applications/${a.applicationId}`;
      expect((await proposer.post(`${url}/propose`)).statusCode).toBe(200);
      // The proposer's own confirmation: four eyes, not "the hand-over failed" (the provider is never asked).
      const own = await proposer.post(`${url}/approve`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toMatchObject({ code: 'FOUR_EYES' });
      // Another member's is allowed, and needs the provider's evidence: refused while it is down.
      const other = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      expect((await other.post(`${url}/approve`)).statusCode).toBe(503);
      expect((await a.row()).status).toBe('COMPLETED');
    } finally {
      await app.close();
    }
  });
});
