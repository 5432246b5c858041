import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts, uniqueIp } from '../helpers/auth.ts';

// POST /api/page-views: no auth, 204, limited per client IP (120 per minute) in the database.

forEachDialect((dialect) => {
  const clock = fixedClock('2026-04-01T10:00:00+09:00');
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ db: await dialect.createDb(), clock });
  });
  afterAll(() => app.close());
  const post = (payload: unknown, remoteAddress = uniqueIp(), host: string = hosts['0177']) =>
    app.inject({ method: 'POST', url: '/api/page-views', headers: { host }, remoteAddress, payload: payload as object });

  it('records a page view without its query and answers 204', async () => {
    const deviceId = '0b8f7a4e-2c1d-4f3a-8e9b-7c6d5e4f3a2b';
    const response = await post({ path: '/personal?workplace=ABC123#top', bankCode: '0177', applicationType: 'GENERAL', channel: 'campaign', deviceId });
    expect(response.statusCode).toBe(204);
    const rows = await app.deps.db.kysely.selectFrom('pageViews').selectAll().where('deviceId', '=', deviceId).execute();
    expect(rows).toEqual([
      expect.objectContaining({ path: '/personal', bankCode: '0177', applicationType: 'GENERAL', channel: 'campaign', createdAt: clock.now().getTime() }),
    ]);
    expect((await post({ path: '/term', bankCode: '0177' })).statusCode).toBe(204);
  });

  it.each([
    [{ path: 'personal', bankCode: '0177' }, 'path'],
    [{ path: `/${'a'.repeat(200)}`, bankCode: '0177' }, 'path'],
    [{ bankCode: '0177' }, 'path'],
    [{ path: '/term', bankCode: '0177', applicationType: 'ADULT' }, 'applicationType'],
    [{ path: '/term' }, 'bankCode'],
  ])('refuses %j with 400 on %s', async (payload, field) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].field).toBe(field);
  });

  it("refuses another bank's code", async () => {
    const response = await post({ path: '/term', bankCode: '0587' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ errors: [{ field: 'bankCode', message: messages.bankMismatch }] });
  });

  it('answers 429 with Retry-After beyond 120 a minute from one client', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 120; i++) expect((await post({ path: `/p${i}`, bankCode: '0177' }, ip)).statusCode).toBe(204);
    const refused = await post({ path: '/term', bankCode: '0177' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.json()).toEqual({ code: 'TOO_MANY_REQUESTS', message: messages.tooManyRequests });
    expect((await post({ path: '/term', bankCode: '0177' })).statusCode).toBe(204);
    clock.advance(60_000);
    expect((await post({ path: '/term', bankCode: '0177' }, ip)).statusCode).toBe(204);
  });
});
