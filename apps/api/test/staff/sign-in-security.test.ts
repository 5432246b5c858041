import { expect, it } from 'vitest';
import { adminMessages } from '@koza/domain/admin/messages';
import { staffThrottle } from '@koza/domain/admin/rules';
import { forEachDialect } from '../helpers/databases.ts';
import { uniqueIp } from '../helpers/auth.ts';
import {
  bankHost,
  clientOf,
  cookieOf,
  createAdminApp,
  insertCompletedApplication,
  makeStaff,
  passwordSignIn,
  signInRequest,
  signInStaff,
  staffPassword,
} from './admin-helpers.ts';
import type { AdminApp } from './admin-helpers.ts';

// Issue 25: the attacks of the security review, each refused (decisions 0200–0202). The finding
// each test answers is named in its title.

const failedBody = { code: 'SIGN_IN_FAILED', message: adminMessages.signInFailed };

const auditRows = async (app: AdminApp, action: string) =>
  app.deps.db.kysely
    .selectFrom('auditLog')
    .select(['staffId', 'staffLoginId', 'detail', 'ipAddress', 'userAgent', 'bankCode'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

forEachDialect((dialect) => {
  it('finding 1: every role (VIEWER and REVIEWER too) enrols a second factor before reading anything, and signs in with it', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      for (const role of ['VIEWER', 'REVIEWER', 'ADMIN'] as const) {
        const member = await makeStaff(app, '0177', role);
        const first = await signInRequest(app, { loginId: member.loginId, password: staffPassword });
        expect(first.json(), role).toMatchObject({ totpSetupRequired: true });
        const pending = clientOf(app, cookieOf(first), (first.json() as { csrfToken: string }).csrfToken, '10.0.0.1');
        // The applicants' personal data stays out of reach until then.
        for (const url of ['/api/admin/applications', `/api/admin/applications/${application.id}`, '/api/admin/applications/export.csv']) {
          const blocked = await pending.get(url);
          expect(blocked.statusCode, `${role} ${url}`).toBe(403);
          expect(blocked.json()).toMatchObject({ code: 'TOTP_SETUP_REQUIRED' });
        }
        await signInStaff(app, member);
        // Enrolled: the password alone no longer signs in.
        expect((await signInRequest(app, { loginId: member.loginId, password: staffPassword })).json(), role).toEqual(failedBody);
        expect((await passwordSignIn(app, member, staffPassword)).statusCode, role).toBe(200);
      }
    } finally {
      await app.close();
    }
  });

  it('finding 1: a recovery code signs in once instead of the app’s code; they are stored only as keyed hashes', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'REVIEWER');
      await signInStaff(app, member);
      const [code] = member.recoveryCodes!;
      const stored = await app.deps.db.kysely.selectFrom('staffRecoveryCodes').select('codeHash').where('staffId', '=', member.id).execute();
      expect(stored).toHaveLength(10);
      expect(JSON.stringify(stored)).not.toContain(code!.replace('-', ''));
      const used = await signInRequest(app, { loginId: member.loginId, password: staffPassword, totpCode: code!.toUpperCase() });
      expect(used.statusCode).toBe(200);
      const again = await signInRequest(app, { loginId: member.loginId, password: staffPassword, totpCode: code! });
      expect(again.json()).toEqual(failedBody);
      expect(await app.deps.db.kysely.selectFrom('auditLog').select('action').where('action', '=', 'USE_RECOVERY_CODE').execute()).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('finding 3: wrong sign-ins from one address, sequential or in parallel, are answered 429 with Retry-After after the free ones', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const attacker = uniqueIp();
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await signInRequest(app, { loginId: `guess.${i % 7}`, password: `wrong password ${i}` }, attacker);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) {
          expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
          expect(response.json()).toEqual({ code: 'SIGN_IN_THROTTLED', message: adminMessages.signInThrottled });
        }
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(staffThrottle.address.free);
      expect(statuses.filter((s) => s === 429)).toHaveLength(40 - staffThrottle.address.free);

      // 8 at once from a fresh address, twice: never more than the free failures get through.
      const parallel = uniqueIp();
      const answers = [];
      for (let round = 0; round < 2; round++) {
        answers.push(
          ...(await Promise.all(Array.from({ length: 8 }, (_, i) => signInRequest(app, { loginId: `spray.${i}`, password: 'wrong password' }, parallel)))),
        );
      }
      expect(answers.filter((r) => r.statusCode === 401).length).toBeLessThanOrEqual(staffThrottle.address.free);
      expect(answers.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(16 - staffThrottle.address.free);

      // The delay grows with each failure past the free ones, and ends by itself.
      const grower = uniqueIp();
      for (let i = 0; i < staffThrottle.address.free; i++) await signInRequest(app, { loginId: 'grow', password: 'wrong password' }, grower);
      const waits: number[] = [];
      for (let k = 0; k < 4; k++) {
        const refused = await signInRequest(app, { loginId: 'grow', password: 'wrong password' }, grower);
        expect(refused.statusCode).toBe(429);
        waits.push(Number(refused.headers['retry-after']));
        app.clock.advance(waits[k]! * 1000);
        expect((await signInRequest(app, { loginId: 'grow', password: 'wrong password' }, grower)).statusCode).toBe(401);
      }
      expect(waits).toEqual([30, 60, 120, 240]);
      app.clock.advance(staffThrottle.address.windowMs);
      expect((await signInRequest(app, { loginId: 'grow', password: 'wrong password' }, grower)).statusCode).toBe(401);
      expect((await auditRows(app, 'SIGN_IN_THROTTLED')).length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('finding 4: failures from strangers never lock the account out for its owner nor end the owner’s session; limits expire by themselves', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'ADMIN');
      const desk = uniqueIp();
      const open = await signInStaff(app, member, desk);

      // One address hammering the account, and many addresses one wrong password each.
      const attacker = uniqueIp();
      for (let i = 0; i < 30; i++) await signInRequest(app, { loginId: member.loginId, password: `wrong password ${i}` }, attacker);
      expect((await signInRequest(app, { loginId: member.loginId, password: 'wrong password' }, attacker)).statusCode).toBe(429);
      for (let i = 0; i < staffThrottle.account.free + 5; i++) await signInRequest(app, { loginId: member.loginId, password: 'wrong password' });

      // The owner's open session goes on, and the owner signs in from their desk with the right password.
      expect((await open.get('/api/admin/staff')).statusCode).toBe(200);
      const owner = await passwordSignIn(app, member, staffPassword, desk);
      expect(owner.statusCode).toBe(200);

      // A new address is slowed down for this account (a distributed guess), with no hint of the password.
      const fresh = await passwordSignIn(app, member, staffPassword, uniqueIp());
      expect(fresh.statusCode).toBe(429);
      // …until the window has passed: nothing to unlock.
      app.clock.advance(staffThrottle.account.windowMs + 1);
      expect((await passwordSignIn(app, member, staffPassword, attacker)).statusCode).toBe(200);
      const row = await app.deps.db.kysely.selectFrom('staffUsers').select(['lockedAt', 'disabledAt']).where('id', '=', member.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ lockedAt: null, disabledAt: null });
    } finally {
      await app.close();
    }
  });

  it('finding 4: an ADMIN lifts a member’s sign-in limits at once', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const member = await makeStaff(app, '0177', 'VIEWER');
      const ip = uniqueIp();
      for (let i = 0; i < staffThrottle.accountAddress.free; i++) await signInRequest(app, { loginId: member.loginId, password: 'wrong password' }, ip);
      expect((await signInRequest(app, { loginId: member.loginId, password: staffPassword }, ip)).statusCode).toBe(429);
      expect((await admin.post(`/api/admin/staff/${member.id}/unlock`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect((await signInRequest(app, { loginId: member.loginId, password: staffPassword }, ip)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('finding 5: unknown, existing, stopped and second-factor-less sign-ins answer alike; throttled ones too', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const enrolled = await makeStaff(app, '0177', 'REVIEWER');
      await signInStaff(app, enrolled);
      const stopped = await makeStaff(app, '0177', 'VIEWER');
      expect((await admin.post(`/api/admin/staff/${stopped.id}/disable`)).statusCode).toBe(200);

      const answers = [
        await signInRequest(app, { loginId: 'nobody.here', password: staffPassword }),
        await signInRequest(app, { loginId: enrolled.loginId, password: 'wrong password' }),
        await signInRequest(app, { loginId: stopped.loginId, password: staffPassword }),
        // The right password without the code: not told apart from a wrong one.
        await signInRequest(app, { loginId: enrolled.loginId, password: staffPassword }),
        await signInRequest(app, { loginId: enrolled.loginId, password: staffPassword, totpCode: '000000' }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toEqual(failedBody);
        expect(answer.headers['set-cookie']).toBeUndefined();
      }

      // Past the limit, an existing id and an unknown one get the same 429 and the same wait.
      const [a, b] = [uniqueIp(), uniqueIp()];
      for (let i = 0; i < staffThrottle.accountAddress.free; i++) {
        await signInRequest(app, { loginId: enrolled.loginId, password: 'wrong password' }, a);
        await signInRequest(app, { loginId: 'nobody.there', password: 'wrong password' }, b);
      }
      const [known, unknown] = [
        await signInRequest(app, { loginId: enrolled.loginId, password: staffPassword }, a),
        await signInRequest(app, { loginId: 'nobody.there', password: staffPassword }, b),
      ];
      expect([known.statusCode, unknown.statusCode]).toEqual([429, 429]);
      expect(known.json()).toEqual(unknown.json());
      expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
    } finally {
      await app.close();
    }
  });

  it('finding 6: a new sign-in ends the session it replaces; the sign-in answer shows the previous sign-in’s time and address', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'VIEWER');
      const first = await signInStaff(app, member, '10.1.2.3');
      expect((await first.get('/api/admin/session')).json()).toMatchObject({ previousSignIn: null });
      app.clock.advance(60_000);
      const secondAnswer = await passwordSignIn(app, member, staffPassword, '10.9.8.7');
      expect(secondAnswer.statusCode).toBe(200);
      expect(secondAnswer.json()).toMatchObject({ previousSignIn: { at: expect.stringMatching(/^2026-06-16T10:00/), ipAddress: '10.1.2.3' } });
      expect((await first.get('/api/admin/session')).statusCode).toBe(401);
      const second = clientOf(app, cookieOf(secondAnswer), (secondAnswer.json() as { csrfToken: string }).csrfToken, '10.9.8.7');
      expect((await second.get('/api/admin/session')).json()).toMatchObject({ previousSignIn: { ipAddress: '10.1.2.3' } });
    } finally {
      await app.close();
    }
  });

  it('finding 7: login ids are one namespace per bank: the same id at two banks, each signing in only at its own host', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const fukuoka = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const kumamoto = await signInStaff(app, await makeStaff(app, '0587', 'ADMIN'));
      const body = { loginId: 'shared.id', displayName: '同名 太郎', role: 'VIEWER', password: 'a long enough passphrase' };
      expect((await fukuoka.post('/api/admin/staff', body)).statusCode).toBe(201);
      // Creating the same id at another bank tells nothing: it simply works.
      expect((await kumamoto.post('/api/admin/staff', body)).statusCode).toBe(201);

      const atOwnHost = await signInRequest(app, { loginId: 'shared.id', password: 'a long enough passphrase' }, uniqueIp(), '0587');
      expect(atOwnHost.json()).toMatchObject({ staff: { bankCode: '0587' } });
      // The 0587 member's session is worth nothing at 0177's host.
      const stolen = await app.inject({ method: 'GET', url: '/api/admin/session', headers: { host: bankHost('0177'), cookie: cookieOf(atOwnHost) } });
      expect(stolen.statusCode).toBe(401);
      // A 0587 id does not exist at 0177's host.
      const onlyThere = await makeStaff(app, '0587', 'VIEWER');
      const elsewhere = await signInRequest(app, { loginId: onlyThere.loginId, password: staffPassword }, uniqueIp(), '0177');
      expect(elsewhere.statusCode).toBe(401);
      expect(elsewhere.json()).toEqual(failedBody);
    } finally {
      await app.close();
    }
  });

  it('finding 2: common, repeated and name-bearing passwords are refused; a password someone else set must be changed first', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const loginId = 'new.member';
      const base = { loginId, displayName: '新人 一郎', role: 'VIEWER' };
      const refused = {
        password1234: adminMessages.passwordCommon,
        '123456789012': adminMessages.passwordCommon,
        qwertyuiop123: adminMessages.passwordCommon,
        passwordpassword: adminMessages.passwordCommon,
        abcabcabcabcabc: adminMessages.passwordCommon,
        [`${loginId}!!`]: adminMessages.passwordHasName,
        'fukuoka-bank-2026': adminMessages.passwordHasName,
        福岡銀行のパスワードです: adminMessages.passwordHasName,
        'my koza password': adminMessages.passwordHasName,
      };
      for (const [password, message] of Object.entries(refused)) {
        const answer = await admin.post('/api/admin/staff', { ...base, password });
        expect(answer.statusCode, password).toBe(400);
        expect(answer.json(), password).toEqual({ errors: [{ field: 'password', message }] });
      }
      expect((await admin.post('/api/admin/staff', { ...base, password: 'river otter lantern' })).statusCode).toBe(201);

      // The one-time password signs in to a session that can only change it.
      const first = await signInRequest(app, { loginId, password: 'river otter lantern' });
      expect(first.json()).toMatchObject({ passwordChangeRequired: true });
      const member = clientOf(app, cookieOf(first), (first.json() as { csrfToken: string }).csrfToken, '10.0.0.9');
      const blocked = await member.get('/api/admin/applications');
      expect(blocked.statusCode).toBe(403);
      expect(blocked.json()).toMatchObject({ code: 'PASSWORD_CHANGE_REQUIRED' });
      const weak = await member.post('/api/admin/password', { currentPassword: 'river otter lantern', newPassword: 'iloveyou1234' });
      expect(weak.json()).toEqual({ errors: [{ field: 'newPassword', message: adminMessages.passwordCommon }] });
      expect((await member.post('/api/admin/password', { currentPassword: 'river otter lantern', newPassword: 'quiet meadow sparrow' })).statusCode).toBe(204);
      expect((await member.get('/api/admin/session')).json()).toMatchObject({ passwordChangeRequired: false });

      // An ADMIN's reset is one-time again, chosen by the server: the ADMIN never knows the working password.
      const row = await app.deps.db.kysely.selectFrom('staffUsers').select('id').where('loginId', '=', loginId).executeTakeFirstOrThrow();
      const reset = await admin.post(`/api/admin/staff/${row.id}/password`);
      expect(reset.statusCode).toBe(200);
      const { oneTimePassword } = reset.json() as { oneTimePassword: string };
      expect((await signInRequest(app, { loginId, password: oneTimePassword })).json()).toMatchObject({ passwordChangeRequired: true });
    } finally {
      await app.close();
    }
  });
});
