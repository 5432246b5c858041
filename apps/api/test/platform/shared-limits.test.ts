import { afterAll, expect, it } from 'vitest';
import { fixedClock } from '../../src/adapters/clock.ts';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
import type { App } from '../../src/app.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { uniqueMailAddress } from '../helpers/auth.ts';

// DECISIONS.md §1: a limit holds across instances. Two apps, each with its own connection pool
// (as two processes have) on ONE database, take turns receiving the register calls of one address:
// the 6th mail within the hour is refused whichever of them receives it.

forEachDialect((dialect) => {
  const apps: App[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('refuses the 6th verification mail within the limit window at either instance', async () => {
    const url = await dialect.createDatabaseUrl();
    const clock = fixedClock('2026-06-15T10:00:00+09:00');
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase(parseDatabaseUrl(url));
      const app = await createTestApp({ db, clock });
      app.addHook('onClose', async () => db.close());
      apps.push(app);
    }
    const [a, b] = apps as [App, App];
    const mailAddress = uniqueMailAddress('limits');
    const register = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/api/verification-codes/register',
        remoteAddress: '203.0.113.20',
        payload: { bankCode: '0177', mailAddress, applicationType: 'GENERAL' },
      });

    for (let i = 0; i < 5; i++) {
      const response = await register(i % 2 === 0 ? a : b);
      expect(response.statusCode, `mail ${i + 1}`).toBe(204);
      clock.advance(31_000); // past the 30-second interval, well inside the hour
    }
    for (const app of [a, b]) {
      const sixth = await register(app);
      expect(sixth.statusCode).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Five mails went out, not six or seven.
    const mails = await b.inject({ method: 'GET', url: `/__dev/mails?to=${encodeURIComponent(mailAddress)}` });
    expect((mails.json() as unknown[]).length).toBe(5);
  });
});
