import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatApplicationNumber } from '../../src/services/applicant/completion.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { applicant, personalPayload, savePagesBefore } from '../helpers/application-steps.ts';
import { hosts } from '../helpers/auth.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { createEkycApp, finishEkycWithWebhook, postEmpty, readyApplicant, startEkyc } from '../helpers/ready-application.ts';

// POST /api/application-complete: every step including eKYC at 4 and the supplement when
// required (409 otherwise, naming what is missing); idempotent; numbers per bank; the token is
// revoked afterwards, except for repeating this very call.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

it('formats <bank>-<Japan day>-<sequence of at least 6 digits>', () => {
  expect(formatApplicationNumber('0177', Date.parse('2026-06-15T23:30:00+09:00'), 42)).toBe('0177-20260615-000042');
  expect(formatApplicationNumber('0587', Date.parse('2026-06-15T15:30:00Z'), 1)).toBe('0587-20260616-000001');
  expect(formatApplicationNumber('0181', 0, 1_234_567)).toBe('0181-19700101-1234567');
});

forEachDialect((dialect) => {
  it('refuses to complete before eKYC and before the PIN, naming the missing steps (409)', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    try {
      const draft = await applicant(app);
      await savePagesBefore(draft, 'seal-less');
      const beforePin = await postEmpty(draft, '/api/application-complete');
      expect(beforePin.statusCode).toBe(409);
      expect(beforePin.json()).toMatchObject({ code: 'CONFLICT', missingSteps: ['sealLess', 'pin', 'ekyc'] });

      const a = await readyApplicant(app);
      expect((await postEmpty(a, '/api/application-complete')).json()).toMatchObject({ missingSteps: ['ekyc'] });
      await startEkyc(a); // status 1: started but not passed
      expect((await postEmpty(a, '/api/application-complete')).json()).toMatchObject({ missingSteps: ['ekyc'] });
      expect((await a.row()).applicationNumber).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('answers the same number and time to a repeated call, also after the token was revoked, and 401 to anything else', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    try {
      const a = await readyApplicant(app);
      await finishEkycWithWebhook(a, fake, 'PASSED');
      const first = await postEmpty(a, '/api/application-complete');
      expect(first.statusCode).toBe(200);
      const body = first.json() as { applicationNumber: string; applicationCompletedAt: string };
      expect(body).toEqual({ applicationNumber: '0177-20260615-000001', applicationCompletedAt: '2026-06-15T10:00:00+09:00' });
      expect(await a.row()).toMatchObject({ status: 'COMPLETED', applicationNumber: body.applicationNumber });

      app.clock.advance(60_000);
      const again = await postEmpty(a, '/api/application-complete');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(body);

      // The session is revoked: every other call (saves, reads, eKYC, uploads) is refused.
      expect((await a.post('/api/applications/personal', personalPayload)).statusCode).toBe(401);
      expect((await a.get('/api/applications')).statusCode).toBe(401);
      expect((await a.post('/api/ekyc', { supplement: false })).statusCode).toBe(401);
      expect((await postEmpty(a, '/api/ekyc/status')).statusCode).toBe(401);

      // The retry window ends with the idle limit (30 minutes after completion).
      app.clock.advance(30 * 60_000);
      expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('counts per bank, never reuses a number, and a token revoked for another reason gets 401', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    try {
      const numbers: string[] = [];
      for (const host of [hosts['0177'], hosts['0587'], hosts['0177']]) {
        const a = await readyApplicant(app, { host });
        await finishEkycWithWebhook(a, fake, 'PASSED');
        numbers.push((await postEmpty(a, '/api/application-complete')).json().applicationNumber);
      }
      expect(numbers).toEqual(['0177-20260615-000001', '0587-20260615-000001', '0177-20260615-000002']);

      const b = await readyApplicant(app);
      await finishEkycWithWebhook(b, fake, 'PASSED');
      await db.kysely.updateTable('authSessions').set({ revokedAt: app.clock.now().getTime() }).where('applicationId', '=', b.applicationId).execute();
      expect((await postEmpty(b, '/api/application-complete')).statusCode).toBe(401);
      expect((await b.row()).applicationNumber).toBeNull();
    } finally {
      await app.close();
    }
  });

  it('does not accept another bank host for the same token', async () => {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    try {
      const a = await readyApplicant(app);
      await finishEkycWithWebhook(a, fake, 'PASSED');
      await postEmpty(a, '/api/application-complete');
      const elsewhere = await app.inject({
        method: 'POST',
        url: '/api/application-complete',
        headers: { host: hosts['0587'], authorization: `Bearer ${a.token}` },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  if (dialect.name === 'sqlite') {
    it('leaves the connection at its normal synchronous level after the durable commit', async () => {
      const db = await dialect.createDb();
      const app = await createEkycApp(db, { providerUrl: fake.url });
      try {
        const a = await readyApplicant(app);
        await finishEkycWithWebhook(a, fake, 'PASSED');
        expect((await postEmpty(a, '/api/application-complete')).statusCode).toBe(200);
        const level = await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely);
        expect(level.rows[0]?.synchronous).toBe(1); // NORMAL (db/node-sqlite.ts)
      } finally {
        await app.close();
      }
    });
  }
});
