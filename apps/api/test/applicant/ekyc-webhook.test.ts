import { afterAll, beforeAll, expect, it } from 'vitest';
import { findLatestEkycSession } from '../../src/db/repositories/ekyc-sessions-repository.ts';
import { countReceipts } from '../../src/db/repositories/webhook-receipts-repository.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { bankEnv } from '../helpers/production-env.ts';
import { sendWebhook, signature, startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { createEkycApp, readyApplicant, sessionIdOf, startEkyc } from '../helpers/ready-application.ts';

// POST /api/ekyc/webhook: signed by the provider over the raw body, outside the bearer guard.
// GET /api/ekyc reads only what is stored (it never asks the provider), so it shows what the
// webhook did; the fake provider keeps answering CREATED to any pull.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

forEachDialect((dialect) => {
  async function started() {
    const db = await dialect.createDb();
    const app = await createEkycApp(db, { providerUrl: fake.url });
    const a = await readyApplicant(app);
    const sessionId = sessionIdOf(((await startEkyc(a)).json() as { url: string }).url);
    return { db, app, a, sessionId };
  }

  it('records a signed PASSED: status 4, the application READY', async () => {
    const { db, app, a, sessionId } = await started();
    try {
      expect((await sendWebhook(app, { sessionId, status: 'PASSED' })).statusCode).toBe(204);
      expect((await a.get('/api/ekyc')).json()).toEqual({ method: 'PHOTO_ID_AND_FACE', status: 4, supplementRequired: false });
      expect((await a.row()).status).toBe('READY');
      expect((await findLatestEkycSession(db, a.applicationId))?.webhookAt).not.toBeNull();
    } finally {
      await app.close();
    }
  });

  it('refuses a forged, a missing or a malformed signature with 401 and changes nothing', async () => {
    const { app, a, sessionId } = await started();
    try {
      const body = JSON.stringify({ sessionId, status: 'PASSED' });
      for (const sig of [signature(body, 'not-the-secret'), null, 'sha256=zz', signature(`${body} `), 'sha1=abc']) {
        const response = await sendWebhook(app, body, { signature: sig });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 1 });
      expect((await a.row()).status).toBe('EKYC_IN_PROGRESS');
    } finally {
      await app.close();
    }
  });

  it('checks the signature over the exact bytes sent (whitespace and key order included)', async () => {
    const { app, a, sessionId } = await started();
    try {
      const raw = `{ "status" : "PASSED",\n  "sessionId": "${sessionId}" }`;
      expect((await sendWebhook(app, raw)).statusCode).toBe(204);
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 4 });
    } finally {
      await app.close();
    }
  });

  it('takes a duplicate delivery as harmless (204, recorded once)', async () => {
    const { db, app, a, sessionId } = await started();
    try {
      for (let i = 0; i < 3; i++) expect((await sendWebhook(app, { sessionId, status: 'ADDRESS_MISMATCH' })).statusCode).toBe(204);
      expect(await countReceipts(db, sessionId)).toBe(1);
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 4, supplementRequired: true });
      expect((await a.row()).status).toBe('SUPPLEMENT_REQUIRED');
    } finally {
      await app.close();
    }
  });

  it('never moves a result back: a late SUBMITTED or a different result after PASSED changes nothing', async () => {
    const { app, a, sessionId } = await started();
    try {
      await sendWebhook(app, { sessionId, status: 'PASSED' });
      expect((await sendWebhook(app, { sessionId, status: 'SUBMITTED' })).statusCode).toBe(204);
      expect((await sendWebhook(app, { sessionId, status: 'FAILED' })).statusCode).toBe(204);
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 4, supplementRequired: false });
      expect((await a.row()).status).toBe('READY');
    } finally {
      await app.close();
    }
  });

  it('records SUBMITTED as 2 and FAILED as 8 (the application stays in eKYC for a retry)', async () => {
    const { app, a, sessionId } = await started();
    try {
      await sendWebhook(app, { sessionId, status: 'SUBMITTED' });
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 2 });
      await sendWebhook(app, { sessionId, status: 'FAILED' });
      expect((await a.get('/api/ekyc')).json()).toMatchObject({ status: 8 });
      expect((await a.row()).status).toBe('EKYC_IN_PROGRESS');
    } finally {
      await app.close();
    }
  });

  it('answers 204 for a session it does not know (so the provider stops retrying) and 400 for a signed body of the wrong shape', async () => {
    const { app } = await started();
    try {
      expect((await sendWebhook(app, { sessionId: 'nobody', status: 'PASSED' })).statusCode).toBe(204);
      expect((await sendWebhook(app, '{"sessionId":"x","status":"MAYBE"}')).statusCode).toBe(400);
      expect((await sendWebhook(app, 'not json')).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('is not behind the bearer guard, and is served on a host outside BANK_HOSTS in production', async () => {
    const db = await dialect.createDb();
    const production = await createEkycApp(db, {
      providerUrl: 'https://provider.example.jp',
      publicBaseUrl: 'https://hooks.example.jp',
      env: {
        NODE_ENV: 'production',
        ...bankEnv(),
        BANK_HOSTS: '0177=www.example-bank.jp',
        SMTP_URL: 'smtp://mail.example.jp',
        EKYC_API_KEY: 'production-api-key-0123456789',
        EKYC_WEBHOOK_SECRET: 'production-webhook-secret-0123456789',
        PIN_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
        CODE_HASH_KEY: Buffer.alloc(32, 9).toString('base64'),
        PIN_PRIVATE_KEY: (await import('node:crypto'))
          .generateKeyPairSync('rsa', { modulusLength: 3072 })
          .privateKey.export({ format: 'pem', type: 'pkcs8' })
          .toString(),
        ACCOUNT_SYSTEM_PUBLIC_KEY: (await import('node:crypto'))
          .generateKeyPairSync('rsa', { modulusLength: 3072 })
          .publicKey.export({ format: 'pem', type: 'spki' })
          .toString(),
      },
    });
    try {
      const body = JSON.stringify({ sessionId: 'unknown', status: 'PASSED' });
      const signed = await sendWebhook(production, body, { host: 'hooks.example.jp', signature: signature(body, 'production-webhook-secret-0123456789') });
      expect(signed.statusCode).toBe(204);
      const devSigned = await sendWebhook(production, body, { host: 'hooks.example.jp' });
      expect(devSigned.statusCode).toBe(401);
      // Every other API path still needs a bank's host there.
      expect((await production.inject({ method: 'GET', url: '/api/ekyc', headers: { host: 'hooks.example.jp' } })).statusCode).toBe(421);
    } finally {
      await production.close();
    }
  });
});
