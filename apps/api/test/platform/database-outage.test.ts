import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import { loadConfig } from '../../src/config.ts';
import { adminQuery, postgresUrlFor, quoteIdent } from '../helpers/postgres-admin.ts';
import { emptyWebDist } from '../helpers/app.ts';
import { signIn } from '../helpers/auth.ts';
import type { SignedIn } from '../helpers/auth.ts';
import { personalPayload, testNow } from '../helpers/application-steps.ts';
import { startTcpProxy } from '../helpers/tcp-proxy.ts';
import type { TcpProxy } from '../helpers/tcp-proxy.ts';

// PostgreSQL goes away under a running instance (decision 0101): a TCP proxy between the app and the
// shared server is cut — open connections dropped, new ones swallowed unanswered — then restored.
// While it is cut every request answers 503 within the configured pool timeouts, never hangs; once
// it is back the same app instance serves again, nothing restarted.

const ctx = inject('kozaTest');
const connectTimeoutMs = 500;
const queryTimeoutMs = 1000;
/** The longest a request may take while the database is gone: a connect timeout, a query timeout, margin. */
const boundMs = connectTimeoutMs + queryTimeoutMs + 2000 + 1500;

describe.skipIf(!ctx.postgres.available)('PostgreSQL stopped during requests', () => {
  let database: string;
  let proxy: TcpProxy;
  let app: App;
  let user: SignedIn;

  beforeAll(async () => {
    database = `${ctx.postgres.prefix}_outage_${process.env.VITEST_POOL_ID ?? '0'}_${Date.now().toString(36)}`;
    await adminQuery(`create database ${quoteIdent(database)} template ${quoteIdent(ctx.postgres.template!)}`);
    const direct = new URL(postgresUrlFor(database));
    proxy = await startTcpProxy(direct.hostname, Number(direct.port || 5432));
    direct.host = `127.0.0.1:${proxy.port}`;
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: direct.toString(),
      WEB_DIST_DIR: emptyWebDist(),
      DB_POOL_MAX: '4',
      DB_CONNECT_TIMEOUT_MS: String(connectTimeoutMs),
      DB_QUERY_TIMEOUT_MS: String(queryTimeoutMs),
    });
    app = await buildApp({ config, clock: fixedClock(testNow), logger: false }); // opens config.database itself
    user = await signIn(app);
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    if (database) await adminQuery(`drop database if exists ${quoteIdent(database)} with (force)`).catch(() => undefined);
  });

  const savePersonal = () => app.inject({ method: 'POST', url: '/api/applications/personal', headers: user.headers, payload: personalPayload });

  it('answers 503 within a bounded time while the database is gone, and serves again when it is back', async () => {
    expect((await savePersonal()).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    proxy.cut();
    const started = performance.now();
    const answers = await Promise.all([
      savePersonal(),
      app.inject({ method: 'GET', url: '/api/applications', headers: user.headers }),
      app.inject({ method: 'GET', url: '/api/occupations', headers: user.headers }),
      app.inject({
        method: 'POST',
        url: '/api/verification-codes/register',
        payload: { bankCode: '0177', mailAddress: 'outage@example.jp', applicationType: 'GENERAL' },
      }),
      // The eKYC start has a 503 of its own (EKYC_UNAVAILABLE); the database's 503 must get through too (decision 0215).
      app.inject({ method: 'POST', url: '/api/ekyc', headers: user.headers, payload: { supplement: false } }),
      app.inject({ method: 'POST', url: '/api/ekyc/status', headers: user.headers, payload: {} }),
      app.inject({ method: 'POST', url: '/api/application-complete', headers: user.headers }),
      ...Array.from({ length: 6 }, () => savePersonal()), // more requests than the pool has connections
    ]);
    const elapsed = performance.now() - started;
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      expect(answer.headers['retry-after']).toBeDefined();
    }
    expect(elapsed).toBeLessThan(boundMs);
    console.log(`[outage] ${answers.length} requests answered 503 in ${elapsed.toFixed(0)} ms (bound ${boundMs} ms)`);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'not-ready', reason: 'database' });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);

    proxy.restore();
    // The same instance recovers by itself: wait for what a load balancer would see.
    const deadline = Date.now() + 15_000;
    while ((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode !== 200) {
      if (Date.now() > deadline) throw new Error('the instance did not become ready again');
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await savePersonal()).statusCode).toBe(204);
    expect((await app.inject({ method: 'GET', url: '/api/applications', headers: user.headers })).statusCode).toBe(200);
  });
});
