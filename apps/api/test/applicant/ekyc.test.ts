import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import { httpEkycProvider } from '../../src/adapters/ekyc-provider.ts';
import { findLatestEkycSession } from '../../src/db/repositories/ekyc-sessions-repository.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, saveBefore } from '../helpers/application-steps.ts';
import { freePort, startSimulator } from '../helpers/ekyc-simulator.ts';
import type { RunningSimulator } from '../helpers/ekyc-simulator.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { createEkycApp, imagePart, jpegBytes, postEmpty, readyApplicant, sessionIdOf, startEkyc, uploadDocument } from '../helpers/ready-application.ts';

// Step 7 against the REAL simulator process (apps/ekyc-sim on a free port, in-memory database),
// through the API's HTTP interface; provider failures against a small fake provider.

let sim: RunningSimulator;
let fake: FakeProvider;
beforeAll(async () => {
  [sim, fake] = await Promise.all([startSimulator(), startFakeProvider()]);
});
afterAll(async () => {
  await Promise.all([sim?.stop(), fake?.close()]);
});

const waitFor = async (what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

forEachDialect((dialect) => {
  it('starts eKYC at the simulator, gets the PASSED webhook, reaches status 4 and completes', async () => {
    const db = await dialect.createDb();
    const port = await freePort();
    const app = await createEkycApp(db, { providerUrl: sim.url, publicBaseUrl: `http://127.0.0.1:${port}` });
    await app.listen({ port, host: '127.0.0.1' }); // the simulator's webhook comes over real HTTP
    try {
      const a = await readyApplicant(app);
      const started = await startEkyc(a);
      expect(started.statusCode).toBe(200);
      const { url } = started.json() as { url: string };
      expect(url.startsWith(`${sim.url}/s/`)).toBe(true);

      // The provider got an opaque reference, our return and callback addresses and the applicant.
      const providerId = sessionIdOf(url);
      const atProvider = await sim.call('GET', `/v1/sessions/${providerId}`);
      expect(atProvider.json).toMatchObject({ method: 'PHOTO_ID_AND_FACE', status: 'CREATED' });
      expect(atProvider.json.reference).toMatch(/^[0-9a-f-]{36}$/);
      expect(atProvider.json.reference).not.toContain('@');

      expect((await a.get('/api/ekyc')).json()).toEqual({ method: 'PHOTO_ID_AND_FACE', status: 1, supplementRequired: false, url });
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 1, supplementRequired: false });
      // While the session is open, starting again hands back the same url.
      expect((await startEkyc(a)).json()).toEqual({ url });
      expect((await a.row()).status).toBe('EKYC_IN_PROGRESS');

      const passedAt = performance.now();
      expect((await sim.call('POST', `/v1/sessions/${providerId}/simulate`, { outcome: 'PASSED' })).status).toBe(200);
      await waitFor('the webhook', async () => (await findLatestEkycSession(db, a.applicationId))?.webhookAt != null);
      expect((await a.row()).status).toBe('READY');
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 4, supplementRequired: false });
      const completed = await postEmpty(a, '/api/application-complete');
      const ms = performance.now() - passedAt;
      expect(completed.statusCode).toBe(200);
      expect(completed.json()).toEqual({
        applicationNumber: expect.stringMatching(/^0177-20260615-\d{6}$/),
        applicationCompletedAt: '2026-06-15T10:00:00+09:00',
      });
      console.log(`[ekyc ${dialect.name}] PASSED (simulate call) → webhook → status 4 → completion answer: ${ms.toFixed(0)} ms`);
    } finally {
      await app.close();
    }
  });

  it('completes through polling when the webhook is lost', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: sim.url }); // PUBLIC_BASE_URL: a closed port
    try {
      const a = await readyApplicant(app);
      const { url } = (await startEkyc(a)).json() as { url: string };
      await sim.call('POST', `/v1/sessions/${sessionIdOf(url)}/simulate`, { outcome: 'PASSED' });
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 4, supplementRequired: false });
      expect((await findLatestEkycSession(db, a.applicationId))?.webhookAt).toBeNull();
      expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 8 after FAILED, starts a new session on the next POST /api/ekyc, and completes after PASSED', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: sim.url });
    try {
      const a = await readyApplicant(app);
      const first = ((await startEkyc(a)).json() as { url: string }).url;
      await sim.call('POST', `/v1/sessions/${sessionIdOf(first)}/simulate`, { outcome: 'FAILED' });
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 8, supplementRequired: false });
      expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(409);

      const retry = await startEkyc(a);
      expect(retry.statusCode).toBe(200);
      const second = (retry.json() as { url: string }).url;
      expect(second).not.toBe(first);
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 1, url: second });
      await sim.call('POST', `/v1/sessions/${sessionIdOf(second)}/simulate`, { outcome: 'PASSED' });
      app.clock.advance(5000);
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 4, supplementRequired: false });
      expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 9 for an expired session, and starts a new one', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: sim.url });
    try {
      const a = await readyApplicant(app);
      const first = ((await startEkyc(a)).json() as { url: string }).url;
      await sim.call('POST', `/v1/sessions/${sessionIdOf(first)}/simulate`, { outcome: 'EXPIRED' });
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 9, supplementRequired: false });
      const second = ((await startEkyc(a)).json() as { url: string }).url;
      expect(second).not.toBe(first);
    } finally {
      await app.close();
    }
  });

  it('ADDRESS_MISMATCH gives 4 with supplementRequired; a JPEG of the current address then completes', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: sim.url });
    try {
      const a = await readyApplicant(app);
      const { url } = (await startEkyc(a)).json() as { url: string };
      await sim.call('POST', `/v1/sessions/${sessionIdOf(url)}/simulate`, { outcome: 'ADDRESS_MISMATCH' });
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 4, supplementRequired: true });
      expect((await a.row()).status).toBe('SUPPLEMENT_REQUIRED');

      const early = await postEmpty(a, '/api/application-complete');
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'CONFLICT', missingSteps: ['currentAddressDocument'] });

      const upload = await uploadDocument(a, [{ name: 'type', value: 'CURRENT_ADDRESS_DOCUMENT' }, imagePart(jpegBytes(300_000))]);
      expect(upload.statusCode).toBe(204);
      expect((await a.row()).status).toBe('READY');
      expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('uses photo ID + face until the day before the cut-over and JPKI from 2027-04-01 (Japan time)', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: sim.url, now: '2027-03-31T23:59:00+09:00' });
    try {
      const before = await readyApplicant(app);
      expect((await before.get('/api/ekyc')).json()).toEqual({ method: 'PHOTO_ID_AND_FACE', status: null, supplementRequired: false });
      const beforeUrl = ((await startEkyc(before)).json() as { url: string }).url;
      expect((await sim.call('GET', `/v1/sessions/${sessionIdOf(beforeUrl)}`)).json.method).toBe('PHOTO_ID_AND_FACE');

      app.clock.set('2027-04-01T00:00:00+09:00'); // 2027-03-31T15:00Z: already the 1st in Japan
      const after = await readyApplicant(app);
      expect((await after.get('/api/ekyc')).json()).toMatchObject({ method: 'JPKI', status: null });
      const afterUrl = ((await startEkyc(after)).json() as { url: string }).url;
      expect((await sim.call('GET', `/v1/sessions/${sessionIdOf(afterUrl)}`)).json.method).toBe('JPKI');
      expect((await after.get('/api/ekyc')).json()).toMatchObject({ method: 'JPKI', status: 1 });
    } finally {
      await app.close();
    }
  });

  it('sends the provider the return and callback addresses and the applicant, never the mail address', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url, publicBaseUrl: 'https://api.example.jp' });
    try {
      const a = await readyApplicant(app, { host: 'kumamoto.localhost' });
      fake.requests.length = 0;
      expect((await startEkyc(a)).statusCode).toBe(200);
      const create = fake.requests.find((r) => r.method === 'POST')!;
      expect(create.apiKey).toBe('dev-ekyc-api-key');
      expect(create.body).toEqual({
        reference: expect.stringMatching(/^[0-9a-f-]{36}$/),
        returnUrl: 'http://kumamoto.localhost/ekyc-callback',
        callbackUrl: 'https://api.example.jp/api/ekyc/webhook',
        method: 'PHOTO_ID_AND_FACE',
        applicant: { name: '山田\u3000太郎', birthday: '1990-04-01', address: '福岡県福岡市中央区天神1-2-3\u3000天神ハイツ101', gender: '男' },
      });
      expect(JSON.stringify(create.body)).not.toContain('@');
    } finally {
      await app.close();
    }
  });

  it('refuses to start before the PIN (409 with the missing steps) and has no status before a session', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    try {
      const a = await applicant(app);
      await saveBefore(a, 'pin');
      const early = await startEkyc(a);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({ code: 'CONFLICT', missingSteps: ['pin'] });
      expect((await postEmpty(a, '/api/ekyc/status')).statusCode).toBe(409);
      expect((await a.app.inject({ method: 'POST', url: '/api/ekyc', payload: { supplement: false } })).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['a 500', 'error'],
    ['no answer within the timeout', 'hang'],
    ['an answer that is not the contract', 'garbage'],
  ] as const)('answers 503 EKYC_UNAVAILABLE when the provider gives %s, and nothing changes', async (_label, mode) => {
    const db = await dialect.createDb();
    const provider = httpEkycProvider({ baseUrl: fake.url, apiKey: 'dev-ekyc-api-key', timeoutMs: 300 });
    const app = await createEkycApp(db, { providerUrl: fake.url, provider });
    try {
      const a = await readyApplicant(app);
      fake.mode = mode;
      const started = performance.now();
      const response = await startEkyc(a);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'EKYC_UNAVAILABLE', message: messages.ekycError });
      expect(performance.now() - started).toBeLessThan(3000);
      expect((await a.row()).status).toBe('PIN_SET');
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: null });
    } finally {
      fake.mode = 'ok';
      await app.close();
    }
  });

  it('keeps answering the stored status while the provider is down, and catches up afterwards', async () => {
    const db = await dialect.createDb();
    const provider = httpEkycProvider({ baseUrl: fake.url, apiKey: 'dev-ekyc-api-key', timeoutMs: 300 });
    const app = await createEkycApp(db, { providerUrl: fake.url, provider });
    try {
      const a = await readyApplicant(app);
      const { url } = (await startEkyc(a)).json() as { url: string };
      fake.statuses.set(sessionIdOf(url), 'SUBMITTED');
      fake.mode = 'error';
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 1, supplementRequired: false });
      fake.mode = 'ok';
      app.clock.advance(5000);
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 2, supplementRequired: false });
    } finally {
      fake.mode = 'ok';
      await app.close();
    }
  });

  it('answers simultaneous polls from the database while one of them asks the provider, once', async () => {
    const db = await dialect.createDb();
    const provider = httpEkycProvider({ baseUrl: fake.url, apiKey: 'dev-ekyc-api-key', timeoutMs: 2000 });
    const app = await createEkycApp(db, { providerUrl: fake.url, provider });
    try {
      const a = await readyApplicant(app);
      const { url } = (await startEkyc(a)).json() as { url: string };
      const path = `/v1/sessions/${sessionIdOf(url)}`;
      const pulls = () => fake.requests.filter((r) => r.method === 'GET' && r.path === path).length;
      fake.statuses.set(sessionIdOf(url), 'SUBMITTED');
      fake.mode = 'hang';

      // The first poll takes the turn and waits for the provider, which does not answer …
      const first = postEmpty(a, '/api/ekyc/status');
      await waitFor('the pull', async () => pulls() === 1);
      // … while the others answer the stored state at once, without a second pull.
      const started = performance.now();
      const others = await Promise.all(Array.from({ length: 5 }, () => postEmpty(a, '/api/ekyc/status')));
      expect(performance.now() - started).toBeLessThan(1500);
      for (const other of others) expect(other.json()).toEqual({ status: 1, supplementRequired: false });
      expect(pulls()).toBe(1);
      expect((await first).json()).toEqual({ status: 1, supplementRequired: false });

      // The provider back, and the webhook lost: the next poll after the interval brings the result.
      fake.mode = 'ok';
      fake.statuses.set(sessionIdOf(url), 'PASSED');
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 1, supplementRequired: false });
      app.clock.advance(5000);
      expect((await postEmpty(a, '/api/ekyc/status')).json()).toEqual({ status: 4, supplementRequired: false });
      expect(pulls()).toBe(2);
      expect((await findLatestEkycSession(db, a.applicationId))?.webhookAt).toBeNull();
      expect((await a.row()).status).toBe('READY');
    } finally {
      fake.mode = 'ok';
      await app.close();
    }
  });
});
