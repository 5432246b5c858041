import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import { entryStartScript } from '@koza/domain/entry-start';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { signIn } from '../helpers/auth.ts';
import { productionEnv } from '../helpers/production-env.ts';

// The one inline script allowed: the entry pages' start after the first paint (decision 0218), by its hash.
const startScriptHash = createHash('sha256').update(entryStartScript).digest('base64');
const expectedCsp =
  `default-src 'self';script-src 'self' 'sha256-${startScriptHash}';style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self' blob:;` +
  "media-src 'self' blob:;worker-src 'self' blob:;object-src 'none';frame-ancestors 'none';form-action 'self';base-uri 'none'";
// The API's own answers are no page (decision 0246): nothing may load or frame them.
const apiCsp = "default-src 'none';frame-ancestors 'none'";
/** The page headers an API answer does without. */
const pageOnly = [
  'referrer-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** The headers of a page (the document set), or of an answer of the API (its own set). */
function expectSecurityHeaders(headers: Record<string, unknown>, label: string): void {
  if (/^(\S+ )?\/api([/?\s]|$)/.test(label)) {
    expect(headers['content-security-policy'], label).toBe(apiCsp);
    for (const name of pageOnly) expect(headers[name], `${label} ${name}`).toBeUndefined();
  } else {
    expect(headers['content-security-policy'], label).toBe(expectedCsp);
    expect(headers['referrer-policy'], label).toBe('strict-origin-when-cross-origin');
    expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
  }
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['x-frame-options'], label).toBe('DENY');
  expect(headers['cross-origin-resource-policy'], label).toBe('same-origin');
}

forEachDialect((dialect) => {
  it("sends the security headers on every answer, errors included: the API's own set on /api, the page set on pages", async () => {
    const app = await createTestApp({ db: await dialect.createDb() });
    for (const url of ['/api/health', '/api/addresses?postalNumber=1', '/api/nothing', '/apinothing', '/personal']) {
      const response = await app.inject({ method: 'GET', url });
      expectSecurityHeaders(response.headers, url);
      // Not in production: HSTS would pin http://localhost to https in a developer's browser.
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
    await app.close();
  });

  it('forbids caching of every /api answer, success or error', async () => {
    const app = await createTestApp({ db: await dialect.createDb() });
    const { headers } = await signIn(app, { host: 'localhost' });
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/addresses?postalNumber=8100001', 200],
      ['/api/addresses?postalNumber=1', 400],
      ['/api/nothing', 404],
    ] as const) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(status);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    await app.close();
  });

  it('sends every header on each kind of entry answer: JSON, 204, 401, 404, 429, HTML', async () => {
    const app = await createTestApp({ db: await dialect.createDb() });
    const signedIn = await signIn(app, { host: 'localhost' });
    const register = { bankCode: '0177', mailAddress: 'headers@example.jp', applicationType: 'GENERAL' };
    const calls = [
      { method: 'GET', url: '/api/maintenance', status: 404 },
      { method: 'GET', url: '/api/notifications/0177', status: 200 },
      { method: 'POST', url: '/api/verification-codes/register', payload: register, status: 204 },
      { method: 'POST', url: '/api/verification-codes/register', payload: register, status: 429 },
      { method: 'POST', url: '/api/verification-codes/verify', payload: { ...register, verificationCode: '000000' }, status: 401 },
      { method: 'POST', url: '/api/verification-codes/verify', payload: { ...register, bankCode: '0587' }, status: 400 },
      { method: 'GET', url: '/api/applications', status: 401 },
      { method: 'GET', url: '/api/applications', headers: signedIn.headers, status: 200 },
      { method: 'POST', url: '/api/page-views', payload: { path: '/term', bankCode: '0177' }, status: 204 },
      { method: 'GET', url: '/__dev/mails?to=headers%40example.jp', status: 200 },
      { method: 'GET', url: '/__dev/mailbox', status: 200 },
    ] as const;
    for (const call of calls) {
      const response = await app.inject({
        method: call.method,
        url: call.url,
        headers: 'headers' in call ? call.headers : { host: 'localhost' },
        ...('payload' in call ? { payload: call.payload } : {}),
      });
      const label = `${call.method} ${call.url} ${call.status}`;
      expect(response.statusCode, label).toBe(call.status);
      expectSecurityHeaders(response.headers, label);
      expect(response.headers['cache-control'], label).toBe('no-store');
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

    for (const url of ['/api/maintenance', '/api/notifications/0587', '/api/applications']) {
      const response = await app.inject({ method: 'GET', url, headers: { host: 'koza.kumamoto.example.jp' } });
      expect(response.headers['strict-transport-security'], url).toBe('max-age=63072000; includeSubDomains');
    }
    await app.close();
  });
});
