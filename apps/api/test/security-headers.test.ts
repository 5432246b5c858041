import { generateKeyPairSync } from 'node:crypto';
import { expect, it } from 'vitest';
import { forEachDialect } from './helpers/databases.ts';
import { createTestApp } from './helpers/app.ts';

const expectedCsp =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self';" +
  "media-src 'self' blob:;worker-src 'self' blob:;object-src 'none';frame-ancestors 'none';form-action 'self';base-uri 'none'";

const productionEnv = () => ({
  NODE_ENV: 'production',
  BANK_HOSTS: '0177=koza.fukuoka.example.jp;0587=koza.kumamoto.example.jp;0181=koza.juhachishinwa.example.jp',
  SMTP_URL: 'smtp://mail.internal:587',
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

forEachDialect((dialect) => {
  it('sends the security headers on API answers, errors included', async () => {
    const app = await createTestApp({ db: await dialect.createDb() });
    for (const url of ['/api/health', '/api/addresses?postalNumber=1', '/api/nothing', '/personal']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(expectedCsp);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      // Not in production: HSTS would pin http://localhost to https in a developer's browser.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
    await app.close();
  });

  it('forbids caching of every /api answer, success or error', async () => {
    const app = await createTestApp({ db: await dialect.createDb() });
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/addresses?postalNumber=8100001', 200],
      ['/api/addresses?postalNumber=1', 400],
      ['/api/nothing', 404],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    await app.close();
  });

  it('sends HSTS in production, serves only configured hosts, and lets the health check through any host', async () => {
    const app = await createTestApp({ db: await dialect.createDb(), env: productionEnv() });
    const known = await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'koza.kumamoto.example.jp' } });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toMatchObject({ bankCode: '0587' });
    expect(known.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');

    const unknown = await app.inject({ method: 'GET', url: '/api/addresses?postalNumber=8100001', headers: { host: 'evil.example.com' } });
    expect(unknown.statusCode).toBe(421);
    expect(unknown.json()).toEqual({ code: 'MISDIRECTED_REQUEST', message: expect.any(String) });
    const devHost = await app.inject({ method: 'GET', url: '/personal', headers: { host: 'fukuoka.localhost' } });
    expect(devHost.statusCode).toBe(421);

    const probe = await app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.12:3000' } });
    expect(probe.statusCode).toBe(200);
    await app.close();
  });
});
