import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import { fixedClock } from '../../src/adapters/clock.ts';
import type { Db } from '../../src/db/database.ts';
import { revokeSessionsOfApplication, touchIntervalMs } from '../../src/services/platform/sessions.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { createTestApp } from '../helpers/app.ts';
import { hosts, signIn, uniqueMailAddress } from '../helpers/auth.ts';

// The bearer session (DECISIONS.md §3): 30 minutes idle, 3 hours absolute, bound to the bank.

const unauthorized = { code: 'UNAUTHORIZED', message: messages.sessionError };
const minute = 60_000;

forEachDialect((dialect) => {
  let db: Db;
  beforeAll(async () => {
    db = await dialect.createDb();
  });

  async function setUp() {
    const clock = fixedClock('2026-04-01T10:00:00+09:00');
    const app = await createTestApp({ db, clock });
    const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/api/applications', headers });
    return { app, clock, get };
  }

  describe('without a usable token', () => {
    let t: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      t = await setUp();
    });
    afterAll(() => t.app.close());

    it.each([
      ['no header', {}],
      ['another scheme', { authorization: 'Basic dXNlcjpwYXNz' }],
      ['an empty bearer', { authorization: 'Bearer ' }],
      ['a malformed token', { authorization: 'Bearer not-a-token' }],
      ['an unknown token', { authorization: `Bearer ${'A'.repeat(43)}` }],
    ])('answers 401 with the session error for %s', async (_name, headers) => {
      const response = await t.get({ host: hosts['0177'], ...headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(unauthorized);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('protects every "(auth)" route of this issue and the address search', async () => {
      for (const url of ['/api/applications', '/api/addresses?postalNumber=8100001']) {
        const response = await t.app.inject({ method: 'GET', url, headers: { host: hosts['0177'] } });
        expect(response.statusCode, url).toBe(401);
      }
    });
  });

  it('expires after 30 minutes without activity', async () => {
    const t = await setUp();
    const a = await signIn(t.app);
    t.clock.advance(29 * minute);
    expect((await t.get(a.headers)).statusCode).toBe(200);
    t.clock.advance(31 * minute);
    const expired = await t.get(a.headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(unauthorized);
    await t.app.close();
  });

  it('is extended by each authenticated call', async () => {
    const t = await setUp();
    const a = await signIn(t.app);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * minute);
      expect((await t.get(a.headers)).statusCode, `after ${(i + 1) * 20} minutes`).toBe(200);
    }
    await t.app.close();
  });

  it('writes its idle window at most once a minute, and idles out 30 minutes after the last write', async () => {
    const t = await setUp();
    const a = await signIn(t.app);
    const lastSeen = async () =>
      (await db.kysely.selectFrom('authSessions').select('lastSeenAt').where('applicationId', '=', a.applicationId).executeTakeFirstOrThrow()).lastSeenAt;
    const signedInAt = await lastSeen();
    expect(touchIntervalMs).toBe(minute);

    // Calls within the interval read the session and leave the row as it is.
    for (let i = 0; i < 5; i++) {
      t.clock.advance(10_000);
      expect((await t.get(a.headers)).statusCode).toBe(200);
    }
    expect(await lastSeen()).toBe(signedInAt);

    // The first call a minute or more after the stored time writes it.
    t.clock.advance(10_000); // 60 s after sign-in
    expect((await t.get(a.headers)).statusCode).toBe(200);
    const touchedAt = await lastSeen();
    expect(touchedAt).toBe(signedInAt + minute);

    // 30 s later (not written), then idle: the window runs from the written time, so the session
    // ends 30 minutes after the write, 29.5 minutes after the last call (never later than 30).
    t.clock.advance(30_000);
    expect((await t.get(a.headers)).statusCode).toBe(200);
    expect(await lastSeen()).toBe(touchedAt);
    t.clock.advance(29.5 * minute - 1);
    expect(await lastSeen()).toBe(touchedAt);
    const justBefore = await t.get(a.headers); // 30 minutes less 1 ms after the write: still live (and written)
    expect(justBefore.statusCode).toBe(200);
    t.clock.advance(30 * minute);
    expect((await t.get(a.headers)).statusCode).toBe(401);
    await t.app.close();
  });

  it('idles out 30 minutes after the last written touch even if a call came in between', async () => {
    const t = await setUp();
    const a = await signIn(t.app);
    t.clock.advance(touchIntervalMs - 1);
    expect((await t.get(a.headers)).statusCode).toBe(200); // not written: under a minute after sign-in
    t.clock.advance(30 * minute - touchIntervalMs + 1); // 30 minutes after sign-in
    const expired = await t.get(a.headers);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(unauthorized);
    await t.app.close();
  });

  it('ends 3 hours after sign-in, even with activity', async () => {
    const t = await setUp();
    const a = await signIn(t.app);
    for (let elapsed = 20; elapsed < 180; elapsed += 20) {
      t.clock.advance(20 * minute);
      expect((await t.get(a.headers)).statusCode, `after ${elapsed} minutes`).toBe(200);
    }
    t.clock.advance(20 * minute); // 180 minutes
    expect((await t.get(a.headers)).statusCode).toBe(401);
    await t.app.close();
  });

  it("is refused on another bank's host, and still works on its own", async () => {
    const t = await setUp();
    const a = await signIn(t.app, { host: hosts['0177'] });
    const elsewhere = await t.get({ ...a.headers, host: hosts['0587'] });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json()).toEqual(unauthorized);
    expect((await t.get(a.headers)).statusCode).toBe(200);
    await t.app.close();
  });

  it('is revoked with its application (completion) and by the development route', async () => {
    const t = await setUp();
    const a = await signIn(t.app);
    expect(await revokeSessionsOfApplication(db, a.applicationId, t.clock.now().getTime())).toBe(1);
    expect((await t.get(a.headers)).statusCode).toBe(401);

    const b = await signIn(t.app);
    const expire = await t.app.inject({
      method: 'POST',
      url: '/__dev/sessions/expire',
      headers: { host: hosts['0177'] },
      payload: { mailAddress: b.mailAddress.toUpperCase() },
    });
    expect(expire.statusCode).toBe(204);
    expect((await t.get(b.headers)).statusCode).toBe(401);
    await t.app.close();
  });

  describe('resuming', () => {
    it('verifying again with the same address resumes the draft and returns what was saved', async () => {
      const t = await setUp();
      const mailAddress = uniqueMailAddress();
      const first = await signIn(t.app, { mailAddress });
      await db.kysely
        .updateTable('applications')
        .set({ lastName: '山田', firstName: '太郎', personalSavedAt: t.clock.now().getTime() })
        .where('id', '=', first.applicationId)
        .execute();

      t.clock.advance(31_000);
      const second = await signIn(t.app, { mailAddress: mailAddress.toUpperCase() });
      expect(second.applicationId).toBe(first.applicationId);
      expect(second.token).not.toBe(first.token);
      const response = await t.get(second.headers);
      expect(response.json().application).toMatchObject({ lastName: '山田', firstName: '太郎' });
      // The first session stays valid until it expires.
      expect((await t.get(first.headers)).statusCode).toBe(200);
      await t.app.close();
    });

    it('resumes an application at any status before completion, and starts a new one after', async () => {
      const t = await setUp();
      const mailAddress = uniqueMailAddress();
      const first = await signIn(t.app, { mailAddress });
      await db.kysely.updateTable('applications').set({ status: 'EKYC_IN_PROGRESS' }).where('id', '=', first.applicationId).execute();
      t.clock.advance(31_000);
      expect((await signIn(t.app, { mailAddress })).applicationId).toBe(first.applicationId);

      await db.kysely.updateTable('applications').set({ status: 'COMPLETED' }).where('id', '=', first.applicationId).execute();
      t.clock.advance(31_000);
      const after = await signIn(t.app, { mailAddress });
      expect(after.applicationId).not.toBe(first.applicationId);
      expect((await t.get(after.headers)).json().application.lastName).toBeNull();
      await t.app.close();
    });

    it('keeps applications of another type or another bank apart', async () => {
      const t = await setUp();
      const mailAddress = uniqueMailAddress();
      const general = await signIn(t.app, { mailAddress });
      t.clock.advance(31_000);
      const child = await signIn(t.app, { mailAddress, applicationType: 'CHILD' });
      t.clock.advance(31_000);
      const otherBank = await signIn(t.app, { mailAddress, host: hosts['0181'] });
      expect(new Set([general.applicationId, child.applicationId, otherBank.applicationId]).size).toBe(3);
      const childView = (await t.get(child.headers)).json();
      expect(childView.application.applicationType).toBe('CHILD');
      expect((await t.get(otherBank.headers)).json().application.bankCode).toBe('0181');
      await t.app.close();
    });
  });
});
