import { afterAll, beforeAll, expect, it } from 'vitest';
import { landingText } from '@koza/domain/landing-text';
import { forEachDialect } from '../helpers/databases.ts';
import { sendWebhook, startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { applicant, personalPayload, stepPaths } from '../helpers/application-steps.ts';
import { createEkycApp, postEmpty, readyApplicant, sessionIdOf, startEkyc } from '../helpers/ready-application.ts';

// Issue 27: an applicant already inside meets a maintenance window. Every applicant write and the
// completion answer 503 { code: 'MAINTENANCE', message, startedAt, endedAt } with Retry-After, and
// nothing of the request is done; reads go on; an eKYC result that arrives by webhook during the
// window is kept and applied; after the window the same requests succeed.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

// Active from the start of each test (10:40); the clock moves to its end (20 minutes later, within
// the applicants' 30-minute idle limit).
const window = { startedAt: '2026-06-15T10:30:00+09:00', endedAt: '2026-06-15T11:00:00+09:00' };
const during = '2026-06-15T10:40:00+09:00';

forEachDialect((dialect) => {
  it('refuses writes and the completion during the window with one answer, applies a webhook, and takes the same requests after it', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url, now: during });
    try {
      // One applicant in the middle of the steps, one waiting for the eKYC result.
      const typing = await applicant(app);
      const a = await readyApplicant(app);
      const sessionId = sessionIdOf(((await startEkyc(a)).json() as { url: string }).url);
      const added = await app.inject({ method: 'POST', url: '/__dev/maintenance', headers: { host: a.host }, payload: { ...window, bankCode: '0177' } });
      expect(added.statusCode).toBe(201);

      const changed = { ...personalPayload, subAddress: 'メンテナンス中に入力', kanaSubAddress: 'ﾒﾝﾃﾅﾝｽﾁｭｳﾆﾆｭｳﾘｮｸ' };
      const refused = await typing.post(stepPaths.personal, changed);
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ code: 'MAINTENANCE', message: landingText.maintenanceInFlowLead, ...window });
      expect(refused.headers['retry-after']).toBe(String(20 * 60));
      // Nothing of it was saved.
      expect((await typing.row()).subAddress).toBeNull();

      const completion = await postEmpty(a, '/api/application-complete');
      expect(completion.statusCode).toBe(503);
      expect(completion.json()).toMatchObject({ code: 'MAINTENANCE', endedAt: window.endedAt });

      // Reads go on: the saved application and the eKYC status the page polls.
      expect((await a.get('/api/applications')).statusCode).toBe(200);
      expect((await postEmpty(a, '/api/ekyc/status')).statusCode).toBe(200);

      // The provider's result arrives during the window: kept and applied.
      expect((await sendWebhook(app, { sessionId, status: 'PASSED' })).statusCode).toBe(204);
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 4 });

      // After the window: the same save and the completion go through.
      app.clock.set(window.endedAt);
      expect((await typing.post(stepPaths.personal, changed)).statusCode).toBe(204);
      expect((await typing.row()).subAddress).toBe('メンテナンス中に入力');
      const completed = await postEmpty(a, '/api/application-complete');
      expect(completed.statusCode).toBe(200);
      expect(completed.json()).toMatchObject({ applicationNumber: expect.any(String) });
    } finally {
      await app.close();
    }
  });

  it("leaves another bank's applicants alone", async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url, now: during });
    try {
      const a = await applicant(app);
      await app.inject({ method: 'POST', url: '/__dev/maintenance', headers: { host: a.host }, payload: { ...window, bankCode: '0587' } });
      expect((await a.post(stepPaths.personal, personalPayload)).statusCode).toBe(204);
    } finally {
      await app.close();
    }
  });
});
