import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts } from '../helpers/auth.ts';
import { productionEnv } from '../helpers/production-env.ts';

// /__dev routes exist outside production only (DECISIONS.md §1, §4).

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
    production = await createTestApp({ db, env: { ...productionEnv(), SMTP_URL: 'smtp://127.0.0.1:1' } });
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
