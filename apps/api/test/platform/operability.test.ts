import { afterAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { countingEkycProvider, createMetrics } from '../../src/plugins/metrics.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { uniqueMailAddress } from '../helpers/auth.ts';
import { metricValue } from '../helpers/instances.ts';

// Operating several instances (decisions 0102–0104): readiness, the client address and request id
// behind a trusted proxy, Prometheus metrics on their own listener, request ids in every log line.

forEachDialect((dialect) => {
  const apps: App[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const appOn = async (options: Parameters<typeof createTestApp>[0]) => {
    const app = await createTestApp(options);
    apps.push(app);
    return app;
  };

  it('is not ready while migrations are pending, ready once they ran', async () => {
    const db = await dialect.createEmptyDb();
    const app = await appOn({ db });
    const before = await app.inject({ method: 'GET', url: '/api/ready', headers: { host: 'unknown.example' } });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not-ready', reason: 'migrations' });
    await migrateToLatest(db);
    const after = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ready' });
  });

  it('takes the client address from X-Forwarded-For only when a trusted proxy sends it', async () => {
    const db = await dialect.createDb();
    const app = await appOn({ db, env: { TRUST_PROXY: '10.0.0.0/8, 192.0.2.10' } });
    const register = (remoteAddress: string, forwardedFor: string) =>
      app.inject({
        method: 'POST',
        url: '/api/verification-codes/register',
        remoteAddress,
        headers: { 'x-forwarded-for': forwardedFor },
        payload: { bankCode: '0177', mailAddress: uniqueMailAddress('proxy'), applicationType: 'GENERAL' },
      });
    expect((await register('10.1.2.3', '203.0.113.7')).statusCode).toBe(204);
    expect((await register('192.0.2.10', '203.0.113.9')).statusCode).toBe(204);
    expect((await register('198.51.100.9', '203.0.113.8')).statusCode).toBe(204); // not a proxy: its header is ignored
    const keys = (await db.kysely.selectFrom('rateLimitEvents').select('key').where('key', 'like', 'register:ip:%').execute()).map((r) => r.key);
    expect(keys.sort()).toEqual(['register:ip:198.51.100.9', 'register:ip:203.0.113.7', 'register:ip:203.0.113.9']);
  });

  it("answers every request with an X-Request-Id, keeps a trusted proxy's id, and logs it on every line", async () => {
    const lines: string[] = [];
    const app = await appOn({
      db: await dialect.createDb(),
      env: { TRUST_PROXY: '10.0.0.1' },
      logger: { stream: { write: (line) => void lines.push(line) }, level: 'info' },
    });
    const fromProxy = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1', headers: { 'x-request-id': 'lb-7f3a9c2e-0001' } });
    expect(fromProxy.headers['x-request-id']).toBe('lb-7f3a9c2e-0001');
    const fromClient = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '198.51.100.4', headers: { 'x-request-id': 'forged-0000000001' } });
    expect(fromClient.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const junk = await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1', headers: { 'x-request-id': 'taro@example.jp' } });
    expect(junk.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/); // not an id's shape: replaced, never logged
    const errors = [
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({ method: 'POST', url: '/api/verification-codes/register', payload: { bankCode: 'x' } }),
      await app.inject({ method: 'GET', url: '/api/applications' }),
    ];
    for (const response of errors) expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(parsed.length).toBeGreaterThanOrEqual(6);
    expect(parsed.every((line) => typeof line.reqId === 'string')).toBe(true);
    expect(parsed.filter((line) => line.reqId === 'lb-7f3a9c2e-0001').map((line) => line.msg)).toContain('request');
    expect(lines.join('\n')).not.toContain('forged-0000000001');
    expect(lines.join('\n')).not.toContain('taro@example.jp');
    for (const response of errors) expect(parsed.some((line) => line.reqId === response.headers['x-request-id'])).toBe(true);
  });

  it('serves Prometheus metrics on their own listener: requests per route, latency, pool, mails', async () => {
    const app = await appOn({ db: await dialect.createDb() });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/applications' }); // 401
    await app.inject({ method: 'GET', url: '/api/notifications/0177' });
    await app.inject({ method: 'GET', url: '/api/nothing/12345' });
    await app.inject({
      method: 'POST',
      url: '/api/verification-codes/register',
      payload: { bankCode: '0177', mailAddress: uniqueMailAddress('metrics'), applicationType: 'GENERAL' },
    });

    const port = await app.metrics.serve('127.0.0.1', 0);
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const text = await response.text();
    expect(metricValue(text, 'koza_http_requests_total', { method: 'GET', route: '/api/health', status: '200' })).toBe(2);
    expect(metricValue(text, 'koza_http_requests_total', { route: '/api/applications', status: '401' })).toBe(1);
    // Route templates, never the path with its values: no cardinality explosion, nothing personal.
    expect(metricValue(text, 'koza_http_requests_total', { route: '/api/notifications/:target' })).toBe(1);
    expect(metricValue(text, 'koza_http_requests_total', { route: 'unmatched', status: '404' })).toBe(1);
    expect(text).not.toContain('12345');
    expect(metricValue(text, 'koza_http_request_duration_seconds_count', { route: '/api/health' })).toBe(2);
    expect(metricValue(text, 'koza_mails_sent_total', { result: 'sent' })).toBe(1);
    expect(text).toContain('koza_completions_total 0');
    expect(text).toContain('koza_process_resident_memory_bytes');
    if (dialect.name === 'postgres') expect(metricValue(text, 'koza_db_pool_connections', { state: 'max' })).toBe(4);
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    // Not on the public port.
    expect((await app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('koza_http_requests_total');
  });
});

it('counts the eKYC status look-ups at the provider', async () => {
  const metrics = createMetrics({ dialect: 'sqlite' } as never, { data: '/nonexistent/data', handover: '/nonexistent/handover' });
  const provider = countingEkycProvider(
    {
      createSession: async () => ({ sessionId: 's', url: 'u' }),
      getImage: async () => null,
      getSession: async (id) => {
        if (id === 'bad') throw new Error('timeout');
        return { sessionId: id, status: 'PASSED' };
      },
    },
    metrics,
  );
  await provider.getSession('s1');
  await provider.getSession('s2');
  await expect(provider.getSession('bad')).rejects.toThrow();
  const text = await metrics.registry.metrics();
  expect(metricValue(text, 'koza_ekyc_polls_total', { result: 'ok' })).toBe(2);
  expect(metricValue(text, 'koza_ekyc_polls_total', { result: 'failed' })).toBe(1);
});
