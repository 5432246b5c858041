import { afterAll, beforeAll, expect, it } from 'vitest';
import { ekycEvidenceLabels } from '@koza/domain/api/admin';
import { forEachDialect } from '../helpers/databases.ts';
import { startSimulator } from '../helpers/ekyc-simulator.ts';
import type { RunningSimulator } from '../helpers/ekyc-simulator.ts';
import { postEmpty, readyApplicant, startEkyc } from '../helpers/ready-application.ts';
import { captures, passAtTheProvider } from '../helpers/provider-pages.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { createAdminApp, makeStaff, signInStaff } from './admin-helpers.ts';
import type { AdminApp } from './admin-helpers.ts';

// Issue 33, item 2 (docs/decisions/0240-ekyc-evidence-in-the-case-view.md): the reviewer sees what
// the provider checked. With the REAL simulator over HTTP: an applicant sends the four captures on
// the simulator's own page (as the phone does), the case view lists the document and face photos,
// each fetched from the provider when shown (the service keeps no copy), audited; a JPKI check
// shows the signing certificate's four items and validity instead.

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim?.stop());

async function completedAfterProviderCheck(app: AdminApp, method: Parameters<typeof passAtTheProvider>[1]): Promise<Applicant> {
  const a = await readyApplicant(app);
  const started = await startEkyc(a);
  expect(started.statusCode).toBe(200);
  await passAtTheProvider((started.json() as { url: string }).url, method);
  // The webhook goes to a closed port here: the status poll pulls the result, as the web does.
  expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 4, supplementRequired: false });
  expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(200);
  return a;
}

forEachDialect((dialect) => {
  it('shows the reviewer the document and face photos the provider checked, fetched from the provider each time and audited', async () => {
    const app = await createAdminApp(await dialect.createDb(), { env: { EKYC_PROVIDER_URL: sim.url, PUBLIC_BASE_URL: 'http://127.0.0.1:9' } });
    try {
      const a = await completedAfterProviderCheck(app, 'PHOTO_ID_AND_FACE');
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const detail = (await reviewer.get(`/api/admin/applications/${a.applicationId}`)).json();
      expect(detail.ekyc).toMatchObject({
        method: 'PHOTO_ID_AND_FACE',
        providerStatus: 'PASSED',
        readUnavailable: false,
        certificate: null,
        images: (['front', 'back', 'tilt', 'face'] as const).map((kind) => ({ kind, label: ekycEvidenceLabels[kind] })),
      });
      for (const [kind, bytes] of Object.entries(captures)) {
        const image = await reviewer.get(`/api/admin/applications/${a.applicationId}/ekyc-images/${kind}`);
        expect(image.statusCode, kind).toBe(200);
        expect(image.headers['content-type']).toBe(kind === 'tilt' ? 'image/png' : 'image/jpeg');
        expect(image.headers['cache-control']).toBe('no-store');
        expect(image.rawPayload.equals(bytes), kind).toBe(true);
      }
      // Every view is an audit line; the service holds none of the images.
      const views = await app.deps.db.kysely.selectFrom('auditLog').select('detail').where('action', '=', 'VIEW_DOCUMENT').execute();
      expect(views.map((v) => v.detail).sort()).toEqual(['eKYC back', 'eKYC face', 'eKYC front', 'eKYC tilt']);
      expect(await app.deps.db.kysely.selectFrom('documents').select('id').where('applicationId', '=', a.applicationId).execute()).toEqual([]);
      // Not a kind of the contract, not another bank's case.
      expect((await reviewer.get(`/api/admin/applications/${a.applicationId}/ekyc-images/passport`)).statusCode).toBe(400);
      const other = await signInStaff(app, await makeStaff(app, '0587', 'REVIEWER'));
      expect((await other.get(`/api/admin/applications/${a.applicationId}/ekyc-images/face`)).statusCode).toBe(404);
      // Once its personal data is erased (decision 0239), the provider's copy is not shown either.
      await app.deps.db.kysely.updateTable('applications').set({ personalDataErasedAt: Date.now() }).where('id', '=', a.applicationId).execute();
      expect((await reviewer.get(`/api/admin/applications/${a.applicationId}/ekyc-images/face`)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('shows the JPKI signing certificate’s four items and validity after the cut-over', async () => {
    const app = await createAdminApp(await dialect.createDb(), {
      env: { EKYC_PROVIDER_URL: sim.url, PUBLIC_BASE_URL: 'http://127.0.0.1:9' },
      now: '2027-04-05T10:00:00+09:00',
    });
    try {
      const a = await completedAfterProviderCheck(app, 'JPKI');
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const { ekyc } = (await reviewer.get(`/api/admin/applications/${a.applicationId}`)).json();
      expect(ekyc).toMatchObject({
        method: 'JPKI',
        images: [],
        certificate: {
          name: '山田\u3000太郎',
          birthday: '1990-04-01',
          address: '福岡県福岡市中央区天神1-2-3\u3000天神ハイツ101',
          gender: '男',
          serialNumber: expect.stringMatching(/^[0-9A-F]{16}$/),
        },
      });
      expect(Date.parse(ekyc.certificate.notAfter)).toBeGreaterThan(Date.parse(ekyc.certificate.notBefore));
      expect((await reviewer.get(`/api/admin/applications/${a.applicationId}/ekyc-images/face`)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('shows the method an applicant chose at the provider after the cut-over: IC-chip reading with the face photo', async () => {
    const app = await createAdminApp(await dialect.createDb(), {
      env: { EKYC_PROVIDER_URL: sim.url, PUBLIC_BASE_URL: 'http://127.0.0.1:9' },
      now: '2027-04-05T10:00:00+09:00',
    });
    try {
      const a = await completedAfterProviderCheck(app, 'IC_CHIP_AND_FACE');
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const { ekyc } = (await reviewer.get(`/api/admin/applications/${a.applicationId}`)).json();
      expect(ekyc).toMatchObject({
        method: 'IC_CHIP_AND_FACE',
        certificate: null,
        read: { name: '山田\u3000太郎', birthday: '1990-04-01' },
        images: [{ kind: 'face', label: ekycEvidenceLabels.face }],
      });
      const face = await reviewer.get(`/api/admin/applications/${a.applicationId}/ekyc-images/face`);
      expect(face.rawPayload.equals(captures.face)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
