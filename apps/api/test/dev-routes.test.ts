import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { forEachDialect } from './helpers/databases.ts';
import { createTestApp } from './helpers/app.ts';
import { hosts } from './helpers/auth.ts';

// /__dev routes exist outside production only (DECISIONS.md §1, §4).

const productionEnv = () => ({
  NODE_ENV: 'production',
  BANK_HOSTS: '0177=koza.fukuoka.example.jp;0587=koza.kumamoto.example.jp;0181=koza.juhachishinwa.example.jp',
  SMTP_URL: 'smtp://127.0.0.1:1',
  MAIL_FROM_0177: 'no-reply@fukuoka.example.jp',
  MAIL_FROM_0587: 'no-reply@kumamoto.example.jp',
  MAIL_FROM_0181: 'no-reply@juhachishinwa.example.jp',
  EKYC_PROVIDER_URL: 'https://ekyc.example.com',
  EKYC_API_KEY: 'prod-api-key-0123456789',
  EKYC_WEBHOOK_SECRET: 'prod-webhook-secret-0123456789',
  PUBLIC_BASE_URL: 'https://koza.fukuoka.example.jp',
  PIN_DATA_KEY: Buffer.alloc(32, 7).toString('base64'),
  CODE_HASH_KEY: Buffer.alloc(32, 9).toString('base64'),
  PIN_PRIVATE_KEY: generateKeyPairSync('rsa', { modulusLength: 3072 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
});

const devCalls = [
  ['GET', '/__dev/mails?to=a%40example.jp'],
  ['GET', '/__dev/mailbox'],
  ['POST', '/__dev/maintenance'],
  ['DELETE', '/__dev/maintenance'],
  ['POST', '/__dev/sessions/expire'],
] as const;

forEachDialect((dialect) => {
  let production: App;
  let development: App;
  beforeAll(async () => {
    const db = await dialect.createDb();
    production = await createTestApp({ db, env: productionEnv() });
    development = await createTestApp({ db });
  });
  afterAll(async () => {
    await production.close();
    await development.close();
  });

  it('does not exist in production: 404 JSON', async () => {
    for (const [method, url] of devCalls) {
      const response = await production.inject({ method, url, headers: { host: 'koza.fukuoka.example.jp' }, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
  });

  it('exists outside production and validates its input', async () => {
    expect((await development.inject({ method: 'GET', url: '/__dev/mailbox' })).statusCode).toBe(200);
    const bad = [
      { startedAt: 'tomorrow', endedAt: '2026-04-01T12:00:00+09:00' },
      { startedAt: '2026-04-01T12:00:00+09:00', endedAt: '2026-04-01T11:00:00+09:00' },
      { startedAt: '2026-04-01T10:00:00+09:00', endedAt: '2026-04-01T12:00:00+09:00', bankCode: '9999' },
    ];
    for (const payload of bad) {
      const response = await development.inject({ method: 'POST', url: '/__dev/maintenance', headers: { host: hosts['0177'] }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const everyBank = await development.inject({
      method: 'POST',
      url: '/__dev/maintenance',
      payload: { startedAt: '2026-04-01T10:00:00+09:00', endedAt: '2026-04-01T12:00:00+09:00', bankCode: null },
    });
    expect(everyBank.statusCode).toBe(201);
    expect((await development.inject({ method: 'DELETE', url: '/__dev/maintenance' })).statusCode).toBe(204);
    expect((await development.inject({ method: 'POST', url: '/__dev/sessions/expire', payload: {} })).statusCode).toBe(400);
  });
});
