import { afterAll, beforeAll, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { forEachDialect } from '../helpers/databases.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { createAdminApp, insertCompletedApplication, makeStaff, signInStaff } from './admin-helpers.ts';
import type { AdminApp } from './admin-helpers.ts';

// The case view's eKYC part (issue 24): what the provider read from the identity document is asked
// from the provider when staff open the case, answered beside the outcome; when the provider cannot
// be asked the case still opens and says so.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

async function withEkycSession(app: AdminApp, applicationId: string, providerStatus: string): Promise<string> {
  const providerSessionId = `fake-case-${randomUUID()}`;
  const now = app.clock.now().getTime();
  await app.deps.db.kysely
    .insertInto('ekycSessions')
    .values({
      id: randomUUID(),
      applicationId,
      attempt: 2, // the inserted application's own session is the first
      providerSessionId,
      method: 'PHOTO_ID_AND_FACE',
      providerStatus: providerStatus as 'ADDRESS_MISMATCH',
      status: 4,
      supplementRequired: providerStatus === 'ADDRESS_MISMATCH' ? 1 : 0,
      url: 'http://127.0.0.1:9/s',
      webhookAt: now,
      pulledAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  fake.statuses.set(providerSessionId, providerStatus);
  return providerSessionId;
}

forEachDialect((dialect) => {
  it('answers the provider-read identity of an ADDRESS_MISMATCH case, and says when the provider cannot be asked', async () => {
    const app = await createAdminApp(await dialect.createDb(), { env: { EKYC_PROVIDER_URL: fake.url } });
    try {
      const application = await insertCompletedApplication(app);
      const sessionId = await withEkycSession(app, application.id, 'ADDRESS_MISMATCH');
      const read = { name: '山田\u3000太郎', birthday: '1990-04-01', address: '福岡県福岡市中央区天神２丁目１－１' };
      fake.reads.set(sessionId, read);
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const detail = (await reviewer.get(`/api/admin/applications/${application.id}`)).json();
      expect(detail.ekyc).toMatchObject({ providerStatus: 'ADDRESS_MISMATCH', supplementRequired: true, read, readUnavailable: false });

      fake.mode = 'error';
      const without = await reviewer.get(`/api/admin/applications/${application.id}`);
      expect(without.statusCode).toBe(200);
      expect(without.json().ekyc).toMatchObject({ read: null, readUnavailable: true });
    } finally {
      fake.mode = 'ok';
      await app.close();
    }
  });
});
