import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { fixedClock } from '../../src/adapters/clock.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts } from '../helpers/auth.ts';

// GET /api/maintenance: 200 { startedAt, endedAt } while a window is active for the host's bank, else 404.
// The reference data has windows for every bank on 2025-01-12 01:00–06:00 and for 0587 on 2025-05-18 00:00–05:00.

forEachDialect((dialect) => {
  const clock = fixedClock('2026-04-01T10:00:00+09:00');
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ db: await dialect.createDb(), clock });
  });
  afterAll(() => app.close());
  const get = (host: string) => app.inject({ method: 'GET', url: '/api/maintenance', headers: { host } });

  it('answers 404 JSON when no window is active', async () => {
    const response = await get(hosts['0177']);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a window for every bank on every host, in Japan time', async () => {
    clock.set('2025-01-12T03:00:00+09:00');
    for (const host of Object.values(hosts)) {
      const response = await get(host);
      expect(response.statusCode, host).toBe(200);
      expect(response.json()).toEqual({ startedAt: '2025-01-12T01:00:00+09:00', endedAt: '2025-01-12T06:00:00+09:00' });
    }
  });

  it('starts inclusive and ends exclusive', async () => {
    clock.set('2025-01-12T01:00:00+09:00');
    expect((await get(hosts['0177'])).statusCode).toBe(200);
    clock.set('2025-01-12T00:59:59+09:00');
    expect((await get(hosts['0177'])).statusCode).toBe(404);
    clock.set('2025-01-12T06:00:00+09:00');
    expect((await get(hosts['0177'])).statusCode).toBe(404);
  });

  it("answers a bank's own window only on that bank's host", async () => {
    clock.set('2025-05-18T02:00:00+09:00');
    expect((await get(hosts['0587'])).json()).toEqual({ startedAt: '2025-05-18T00:00:00+09:00', endedAt: '2025-05-18T05:00:00+09:00' });
    expect((await get(hosts['0177'])).statusCode).toBe(404);
    expect((await get(hosts['0181'])).statusCode).toBe(404);
  });

  it('follows windows added through the development route', async () => {
    clock.set('2026-04-01T10:00:00+09:00');
    const add = await app.inject({
      method: 'POST',
      url: '/__dev/maintenance',
      headers: { host: hosts['0181'] },
      payload: { startedAt: '2026-04-01T09:00:00+09:00', endedAt: '2026-04-01T12:30:00+09:00', bankCode: '0181' },
    });
    expect(add.statusCode).toBe(201);
    expect((await get(hosts['0181'])).json()).toEqual({ startedAt: '2026-04-01T09:00:00+09:00', endedAt: '2026-04-01T12:30:00+09:00' });
    expect((await get(hosts['0177'])).statusCode).toBe(404);
    const remove = await app.inject({ method: 'DELETE', url: '/__dev/maintenance', headers: { host: hosts['0181'] } });
    expect(remove.statusCode).toBe(204);
    expect((await get(hosts['0181'])).statusCode).toBe(404);
    // The reference windows are untouched.
    clock.set('2025-01-12T03:00:00+09:00');
    expect((await get(hosts['0181'])).statusCode).toBe(200);
  });
});
