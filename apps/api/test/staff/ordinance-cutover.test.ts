import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@koza/domain/admin/messages';
import { forEachDialect } from '../helpers/databases.ts';
import { startSimulator } from '../helpers/ekyc-simulator.ts';
import type { RunningSimulator } from '../helpers/ekyc-simulator.ts';
import { readyChildApplicant, uploadAs, uploadChildDocuments } from '../helpers/child-application.ts';
import { postEmpty, readyApplicant, sessionIdOf, startEkyc } from '../helpers/ready-application.ts';
import { childFace, passAtTheProvider } from '../helpers/provider-pages.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { approveByTwo, batchFiles, createAdminApp, makeStaff, runExporter, signInStaff } from './admin-helpers.ts';
import type { AdminApp } from './admin-helpers.ts';

// Issue 40 (docs/decisions/0248-amended-ordinance-2027.md): the amended 犯収法施行規則 in force on
// 2027-04-01 (EKYC_JPKI_CUTOVER). Every record row cites the item of the text in force on the day
// the identity was checked, never empty; after the cut-over no row rests on images of documents, and
// the child is verified by the IC chip of the child's own card read at the provider (the REAL
// simulator over HTTP, as a phone shows it). The clock is set by configuration on each side.

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim?.stop());

const env = () => ({ EKYC_PROVIDER_URL: sim.url, PUBLIC_BASE_URL: 'http://127.0.0.1:9', EKYC_JPKI_CUTOVER: '2027-04-01' });
const before = '2027-03-25T10:00:00+09:00';
const after = '2027-04-05T10:00:00+09:00';

type Method = 'PHOTO_ID_AND_FACE' | 'JPKI' | 'IC_CHIP_AND_FACE';

/** The applicant passes at the provider by `method` (a child's session: the child's card and face first) and completes. */
async function completedAt(a: Applicant, method: Method, options: { child?: boolean } = {}): Promise<string> {
  const url = ((await startEkyc(a)).json() as { url: string }).url;
  await passAtTheProvider(url, method, options);
  expect((await postEmpty(a, '/api/ekyc/status')).json()).toMatchObject({ status: 4 });
  const completed = await postEmpty(a, '/api/application-complete');
  expect(completed.statusCode, completed.body).toBe(200);
  return sessionIdOf(url);
}

/** Every verification record row of the bank's files, by header. */
function recordRows(app: AdminApp): Record<string, string>[] {
  return batchFiles(app.handoverDir, '0177', 'KOZA_KYC').flatMap(({ header, rows }) =>
    rows.map((values) => Object.fromEntries(header.map((name, i) => [name, values[i]!]))),
  );
}

async function reviewers(app: AdminApp) {
  return [await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER')), await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'))] as const;
}

forEachDialect((dialect) => {
  it('cites the items of the text in force on the day of each check, before and after the amendment, and reads the child from the chip after it', async () => {
    // Before the cut-over: a general application (photo ID and face) and a child application (the
    // parent by the provider, the child by the copies of two documents).
    const early = await createAdminApp(await dialect.createDb(), { env: env(), now: before });
    try {
      const general = await readyApplicant(early);
      await completedAt(general, 'PHOTO_ID_AND_FACE');
      const child = await readyChildApplicant(early);
      await uploadChildDocuments(child);
      await completedAt(child, 'PHOTO_ID_AND_FACE');
      const [r1, r2] = await reviewers(early);
      for (const a of [general, child]) expect((await approveByTwo(r1, r2, a.applicationId)).statusCode).toBe(200);
      await runExporter(early);
      const rows = recordRows(early);
      expect(rows.map((r) => [r.application_type, r.person, r.method, r.ordinance_item])).toEqual([
        ['GENERAL', 'APPLICANT', 'PHOTO_ID_AND_FACE', '犯収法施行規則6条1項1号ホ'],
        ['CHILD', 'PARENT', 'PHOTO_ID_AND_FACE', '犯収法施行規則6条1項1号ホ'],
        ['CHILD', 'CHILD', 'DOCUMENT_IMAGES', '犯収法施行規則6条1項1号リ'],
      ]);
      expect(rows.find((r) => r.person === 'CHILD')?.method_label).toBe('本人確認書類の写し（画像）2点の送信＋キャッシュカードの転送不要郵便（リ方式）');
    } finally {
      await early.close();
    }

    // After it: a JPKI general application, an IC-chip one (chosen at the provider) and a child
    // application whose child's own card the provider reads in the parent's session.
    const late = await createAdminApp(await dialect.createDb(), { env: env(), now: after });
    try {
      const jpki = await readyApplicant(late);
      await completedAt(jpki, 'JPKI');
      const icChip = await readyApplicant(late);
      await completedAt(icChip, 'IC_CHIP_AND_FACE');
      const child = await readyChildApplicant(late);
      // The copies of the child's documents are no method any more: refused, nothing stored.
      expect((await uploadAs(child, 'INDIVIDUAL_NUMBER_CARD')).statusCode).toBe(409);
      const childSession = await completedAt(child, 'JPKI', { child: true });
      const [r1, r2] = await reviewers(late);

      // The case view shows the child's method, its item and what the chip gave, and the child's face.
      const detail = (await r1.get(`/api/admin/applications/${child.applicationId}`)).json();
      expect(detail.ekyc).toMatchObject({ method: 'JPKI', ordinanceItem: '犯収法施行規則6条1項1号ル' });
      expect(detail.childVerification).toEqual({
        method: 'IC_CHIP_AND_FACE',
        methodLabel: 'ICチップの読取＋容貌の撮影（ホ方式）',
        ordinanceItem: '犯収法施行規則6条1項1号ホ',
        read: { name: '山田\u3000花子', birthday: '2016-05-05', address: expect.stringContaining('福岡県福岡市中央区天神') },
        images: [{ kind: 'child-face', label: 'お子さまの容貌（顔写真）' }],
      });
      const face = await r1.get(`/api/admin/applications/${child.applicationId}/ekyc-images/child-face`);
      expect(face.statusCode).toBe(200);
      expect(Buffer.from(face.rawPayload).equals(childFace)).toBe(true);

      for (const a of [jpki, icChip, child]) expect((await approveByTwo(r1, r2, a.applicationId)).statusCode).toBe(200);
      await runExporter(late);
      const rows = recordRows(late);
      expect(rows.map((r) => [r.application_type, r.person, r.method, r.ordinance_item])).toEqual([
        ['GENERAL', 'APPLICANT', 'JPKI', '犯収法施行規則6条1項1号ル'],
        ['GENERAL', 'APPLICANT', 'IC_CHIP_AND_FACE', '犯収法施行規則6条1項1号ホ'],
        ['CHILD', 'PARENT', 'JPKI', '犯収法施行規則6条1項1号ル'],
        ['CHILD', 'CHILD', 'IC_CHIP_AND_FACE', '犯収法施行規則6条1項1号ホ'],
      ]);
      // Nothing after the cut-over rests on images of documents.
      expect(rows.filter((r) => r.method === 'DOCUMENT_IMAGES' || r.method === 'PHOTO_ID_AND_FACE')).toEqual([]);
      const childRow = rows.find((r) => r.person === 'CHILD')!;
      expect(childRow).toMatchObject({
        method_label: 'ICチップの読取＋容貌の撮影（ホ方式）',
        provider_reference: childSession,
        document: '本人確認書類のICチップ情報（写真付き）と容貌',
        verified_name: '山田\u3000花子',
        verified_birthday: '2016-05-05',
        result: 'PASSED',
      });
      const [image] = childRow.images!.split(';');
      expect(image).toMatch(/\/CHILD-face\.jpg$/);
      expect(readFileSync(join(late.handoverDir, '0177', 'kyc', image!)).equals(childFace)).toBe(true);
    } finally {
      await late.close();
    }
  });

  it('refuses to approve after the cut-over a child checked only by copies of documents, handing nothing over', async () => {
    const app = await createAdminApp(await dialect.createDb(), { env: env(), now: '2027-03-31T15:00:00+09:00' });
    try {
      const child = await readyChildApplicant(app);
      await uploadChildDocuments(child);
      await completedAt(child, 'PHOTO_ID_AND_FACE');
      app.clock.set('2027-04-01T09:30:00+09:00');
      const [r1, r2] = await reviewers(app);
      const refused = await approveByTwo(r1, r2, child.applicationId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ message: adminMessages.methodNotInForce('本人確認書類の写し（画像）2点の送信＋キャッシュカードの転送不要郵便') });
      expect((await runExporter(app)).exported).toBe(0);
      expect(recordRows(app)).toEqual([]);
      expect(existsSync(join(app.handoverDir, '0177', 'kyc'))).toBe(false);
    } finally {
      await app.close();
    }
  });
});
