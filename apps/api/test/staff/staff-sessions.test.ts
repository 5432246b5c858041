import { expect, it } from 'vitest';
import { toJapanIso } from '../../src/services/platform/japan-iso-time.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { uniqueIp } from '../helpers/auth.ts';
import { createAdminApp, makeStaff, signInRequest, signInStaff } from './admin-helpers.ts';

// What an ADMIN sees of a member's sign-in (decisions 0200, 0202): whether the throttle holds the
// member back and until when, lifted on request; the member's live sessions (when, from where, which
// browser), ended on request.

interface Listed {
  loginId: string;
  signInLimitedUntil: string | null;
}

forEachDialect((dialect) => {
  it('shows a member held back by a stranger’s failures (their session untouched) until when, and lifting it clears it', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const member = await makeStaff(app, '0177', 'REVIEWER');
      const memberClient = await signInStaff(app, member);
      const limitOf = async () =>
        ((await admin.get('/api/admin/staff')).json() as { items: Listed[] }).items.find((s) => s.loginId === member.loginId)!.signInLimitedUntil;
      expect(await limitOf()).toBeNull();

      const stranger = uniqueIp();
      for (let i = 0; i < 5; i++) expect((await signInRequest(app, { loginId: member.loginId, password: `guess number ${i}` }, stranger)).statusCode).toBe(401);
      expect((await signInRequest(app, { loginId: member.loginId, password: 'one guess more' }, stranger)).statusCode).toBe(429);
      // 30 seconds after the last failure, shown in Japan time.
      expect(await limitOf()).toBe(toJapanIso(app.clock.now().getTime() + 30_000));
      expect((await memberClient.get('/api/admin/session')).statusCode).toBe(200);

      expect((await admin.post(`/api/admin/staff/${member.id}/unlock`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect(await limitOf()).toBeNull();
      expect((await memberClient.get('/api/admin/session')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('lists a member’s live sessions with time, address and browser, and ends them', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const member = await makeStaff(app, '0177', 'VIEWER');
      const memberClient = await signInStaff(app, member, '10.20.30.40');
      const sessions = await admin.get(`/api/admin/staff/${member.id}/sessions`);
      expect(sessions.json()).toEqual({
        items: [
          {
            createdAt: expect.stringMatching(/^2026-06-16T10:00/),
            lastSeenAt: expect.any(String),
            ipAddress: '10.20.30.40',
            userAgent: 'lightMyRequest',
            viaProvider: false,
          },
        ],
      });
      expect((await admin.post(`/api/admin/staff/${member.id}/sessions/end`)).statusCode).toBe(204);
      expect((await memberClient.get('/api/admin/session')).statusCode).toBe(401);
      expect((await admin.get(`/api/admin/staff/${member.id}/sessions`)).json()).toEqual({ items: [] });
      const ended = await app.deps.db.kysely.selectFrom('auditLog').select(['detail']).where('action', '=', 'END_STAFF_SESSIONS').execute();
      expect(ended).toEqual([{ detail: member.loginId }]);
    } finally {
      await app.close();
    }
  });
});
