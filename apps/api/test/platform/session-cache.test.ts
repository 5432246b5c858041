import { afterAll, expect, it } from 'vitest';
import { fixedClock } from '../../src/adapters/clock.ts';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
import type { Db } from '../../src/db/database.ts';
import { revokeSessionsOfApplication, sessionMemoryMs } from '../../src/services/platform/sessions.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts, signIn } from '../helpers/auth.ts';

// Sessions answered from memory (docs/decisions/0176-session-cache.md): two instances of the API on
// one database, each with its own connection (a second process on SQLite, another instance on
// PostgreSQL). The clocks stand still, so a kept session could be used for ever were it not for
// what the database says.

forEachDialect((dialect) => {
  const opened: Db[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close();
  });

  async function twoInstances() {
    const url = await dialect.createDatabaseUrl();
    const [dbA, dbB] = [await openDatabase(parseDatabaseUrl(url)), await openDatabase(parseDatabaseUrl(url))];
    opened.push(dbA, dbB);
    const clock = fixedClock('2026-04-01T10:00:00+09:00');
    const [a, b] = [await createTestApp({ db: dbA, clock }), await createTestApp({ db: dbB, clock })];
    const get = (app: typeof a, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/applications', headers });
    /** Asks until the answer is `status` (the other instance hears of a commit through the database, not at once on PostgreSQL). */
    const eventually = async (app: typeof a, headers: Record<string, string>, status: number) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const got = (await get(app, headers)).statusCode;
        if (got === status || Date.now() > deadline) return got;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    // Sessions are kept only while the database can report changes (PostgreSQL: once the LISTEN connection is up).
    for (const db of [dbA, dbB]) {
      const deadline = Date.now() + 10_000;
      while (db.sessionChanges.epoch() === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(db.sessionChanges.epoch()).not.toBeNull();
    }
    return { a, b, dbB, clock, get, eventually, close: async () => Promise.all([a.close(), b.close()]) };
  }

  it('refuses a session at one instance once another revoked it, though it had just accepted it', async () => {
    const t = await twoInstances();
    try {
      const applicant = await signIn(t.a);
      // Accepted (and kept) at both.
      expect(await t.eventually(t.a, applicant.headers, 200)).toBe(200);
      expect((await t.get(t.a, applicant.headers)).statusCode).toBe(200);
      expect((await t.get(t.b, applicant.headers)).statusCode).toBe(200);

      // Completion revokes the sessions of the application: at b, in b's connection.
      expect(await revokeSessionsOfApplication(t.dbB, applicant.applicationId, t.clock.now().getTime())).toBe(1);
      expect((await t.get(t.b, applicant.headers)).statusCode).toBe(401);
      expect(await t.eventually(t.a, applicant.headers, 401)).toBe(401);
      // And it stays refused.
      expect((await t.get(t.a, applicant.headers)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it("keeps a session's limits: another bank's host, the idle window written once a minute, 3 hours", async () => {
    const t = await twoInstances();
    try {
      const applicant = await signIn(t.a, { host: hosts['0177'] });
      expect(await t.eventually(t.a, applicant.headers, 200)).toBe(200);
      expect((await t.get(t.a, { ...applicant.headers, host: hosts['0587'] })).statusCode).toBe(401);
      expect((await t.get(t.a, applicant.headers)).statusCode).toBe(200);
      // Kept for at most sessionMemoryMs; read again afterwards: a session revoked by a statement the
      // database did not report (here: none) would be seen then at the latest.
      expect(sessionMemoryMs).toBeLessThanOrEqual(1_000);
      t.clock.advance(3 * 3_600_000);
      expect((await t.get(t.a, applicant.headers)).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
