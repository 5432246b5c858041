import { expect, it } from 'vitest';
import { adminMessages } from '@koza/domain/admin/messages';
import { forEachDialect } from '../helpers/databases.ts';
import { auditActions, createAdminApp, makeStaff, passwordSignIn, signInRequest, signInStaff, staffPassword } from './admin-helpers.ts';
import type { AdminApp, StaffClient } from './admin-helpers.ts';

// An ADMIN stops and restarts accounts of the bank, resets a member's second factor or password;
// every member changes their own password (docs/decisions/0164-staff-account-life-cycle.md). With
// one ADMIN each change applies at once (four-eyes mode: staff-four-eyes-mode.test.ts).

const listed = async (admin: StaffClient, id: string) =>
  ((await admin.get('/api/admin/staff')).json() as { items: { id: string; disabled: boolean; locked: boolean; totpEnabled: boolean }[] }).items.find(
    (s) => s.id === id,
  );

const auditDetails = async (app: AdminApp, action: string) =>
  (await app.deps.db.kysely.selectFrom('auditLog').select('detail').where('action', '=', action).execute()).map((r) => r.detail);

forEachDialect((dialect) => {
  it('stops an account: its session ends at once, it cannot sign in (told no more than for a wrong password), until an ADMIN restarts it', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const leaver = await makeStaff(app, '0177', 'REVIEWER');
      const leaverClient = await signInStaff(app, leaver);
      expect((await leaverClient.get('/api/admin/applications')).statusCode).toBe(200);

      const stopped = await admin.post(`/api/admin/staff/${leaver.id}/disable`);
      expect(stopped.statusCode).toBe(200);
      expect(stopped.json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect((await admin.post(`/api/admin/staff/${leaver.id}/disable`)).json()).toMatchObject({ message: adminMessages.alreadyDisabled });
      expect((await leaverClient.get('/api/admin/applications')).statusCode).toBe(401);
      const refused = await signInRequest(app, { loginId: leaver.loginId, password: staffPassword });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ code: 'SIGN_IN_FAILED', message: adminMessages.signInFailed });
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect(await listed(admin, leaver.id)).toMatchObject({ disabled: true, locked: false });

      // Restarted with a new one-time password and no second factor (issue 42): what the leaver kept opens nothing.
      const restarted = await admin.post(`/api/admin/staff/${leaver.id}/enable`);
      expect(restarted.statusCode).toBe(200);
      const { oneTimePassword } = restarted.json() as { oneTimePassword: string };
      expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
      expect((await admin.post(`/api/admin/staff/${leaver.id}/enable`)).json()).toMatchObject({ message: adminMessages.notDisabled });
      expect(await listed(admin, leaver.id)).toMatchObject({ disabled: false, totpEnabled: false });
      expect((await passwordSignIn(app, leaver, staffPassword)).statusCode).toBe(401);
      expect((await passwordSignIn(app, { ...leaver, totpSecret: undefined }, oneTimePassword)).json()).toMatchObject({
        passwordChangeRequired: true,
        totpSetupRequired: true,
      });
      expect(await auditDetails(app, 'DISABLE_STAFF')).toEqual([leaver.loginId]);
      expect(await auditDetails(app, 'ENABLE_STAFF')).toEqual([leaver.loginId]);
      expect(await auditDetails(app, 'SIGN_IN_FAILED')).toEqual(['disabled', 'password']);
    } finally {
      await app.close();
    }
  });

  it('never lets an ADMIN stop or reset their own account, nor touch another bank’s staff', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const self = await makeStaff(app, '0177', 'ADMIN');
      const admin = await signInStaff(app, self);
      const other = await makeStaff(app, '0587', 'VIEWER');
      for (const change of ['disable', 'enable', 'totp-reset', 'unlock']) {
        const own = await admin.post(`/api/admin/staff/${self.id}/${change}`);
        expect(own.statusCode, change).toBe(409);
        expect(own.json()).toMatchObject({ message: adminMessages.notOwnAccount });
        expect((await admin.post(`/api/admin/staff/${other.id}/${change}`)).statusCode, change).toBe(404);
      }
      expect((await admin.post(`/api/admin/staff/${self.id}/password`)).statusCode).toBe(409);
      expect((await admin.get('/api/admin/session')).statusCode).toBe(200);
      // The four 404s (another bank's member) are refusals on record; the 409s change nothing.
      expect(await auditActions(app, '0177')).toEqual(['SIGN_IN', 'ENROL_TOTP', 'REFUSED', 'REFUSED', 'REFUSED', 'REFUSED']);
    } finally {
      await app.close();
    }
  });

  it('resets a member’s second factor: their sessions end and they enrol again at the next sign-in', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const lostPhone = await makeStaff(app, '0177', 'REVIEWER');
      const lostPhoneClient = await signInStaff(app, lostPhone);
      expect(await listed(admin, lostPhone.id)).toMatchObject({ totpEnabled: true });

      expect((await admin.post(`/api/admin/staff/${lostPhone.id}/totp-reset`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect((await lostPhoneClient.get('/api/admin/session')).statusCode).toBe(401);
      expect(await listed(admin, lostPhone.id)).toMatchObject({ totpEnabled: false });
      const again = await signInRequest(app, { loginId: lostPhone.loginId, password: staffPassword });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ totpSetupRequired: true });
      expect(await auditDetails(app, 'RESET_STAFF_TOTP')).toEqual([lostPhone.loginId]);
    } finally {
      await app.close();
    }
  });

  it('sets a new initial password the server chose for a member who forgot theirs: the old one no longer works, their sessions end', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const member = await makeStaff(app, '0177', 'VIEWER');
      const memberClient = await signInStaff(app, member);

      // The ADMIN chooses no password: the server does, and answers it once (the only ADMIN hands it over).
      const reset = await admin.post(`/api/admin/staff/${member.id}/password`, { password: 'the ADMIN would choose this' });
      expect(reset.statusCode).toBe(200);
      const { oneTimePassword } = reset.json() as { oneTimePassword: string };
      expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
      expect((await memberClient.get('/api/admin/session')).statusCode).toBe(401);
      expect((await passwordSignIn(app, member, staffPassword)).statusCode).toBe(401);
      expect((await passwordSignIn(app, member, 'the ADMIN would choose this')).statusCode).toBe(401);
      expect((await passwordSignIn(app, member, oneTimePassword)).json()).toMatchObject({ passwordChangeRequired: true });
      expect(await auditDetails(app, 'RESET_STAFF_PASSWORD')).toEqual([member.loginId]);
    } finally {
      await app.close();
    }
  });

  it('lets a member change their own password: the current one asked again, this session kept', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0177', 'REVIEWER');
      const elsewhere = await signInStaff(app, member);
      const here = await signInStaff(app, member);
      // A new sign-in ended the session it replaces (issue 25, finding 6).
      expect((await elsewhere.get('/api/admin/session')).statusCode).toBe(401);

      // The second factor is asked again (issue 42): a session alone, a wrong code or a used one change nothing.
      const change = { currentPassword: staffPassword, newPassword: 'my own new password' };
      for (const answer of [{}, { totpCode: '000000' }, { totpCode: 'abcde-fghij' }]) {
        const refused = await here.post('/api/admin/password', { ...change, ...answer });
        expect(refused.statusCode, JSON.stringify(answer)).toBe(400);
        expect(refused.json()).toMatchObject({ errors: [{ field: 'totpCode', message: adminMessages.reauthFailed }] });
      }

      const wrong = await here.post('/api/admin/password', {
        currentPassword: 'not my password',
        newPassword: 'my own new password',
        totpCode: here.freshCode(),
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ errors: [{ field: 'currentPassword', message: adminMessages.currentPasswordWrong }] });
      const same = await here.post('/api/admin/password', { currentPassword: staffPassword, newPassword: staffPassword });
      expect(same.statusCode).toBe(400);
      expect(same.json()).toMatchObject({ errors: [{ field: 'newPassword', message: adminMessages.passwordUnchanged }] });
      const short = await here.post('/api/admin/password', { currentPassword: staffPassword, newPassword: 'short' });
      expect(short.json()).toMatchObject({ errors: [{ field: 'newPassword', message: adminMessages.passwordTooShort }] });

      const code = here.freshCode();
      expect((await here.post('/api/admin/password', { ...change, totpCode: code })).statusCode).toBe(204);
      // The same code again (a step is good once) changes nothing.
      const replayed = await here.post('/api/admin/password', { currentPassword: change.newPassword, newPassword: 'yet another password', totpCode: code });
      expect(replayed.json()).toMatchObject({ errors: [{ field: 'totpCode', message: adminMessages.reauthFailed }] });
      expect(await auditDetails(app, 'REAUTH_FAILED')).toEqual([null, null, null, null]);
      expect((await here.get('/api/admin/session')).statusCode).toBe(200);
      expect((await passwordSignIn(app, member, staffPassword)).statusCode).toBe(401);
      expect((await passwordSignIn(app, member, 'my own new password')).statusCode).toBe(200);
      expect(await auditDetails(app, 'CHANGE_PASSWORD')).toEqual([null]);
    } finally {
      await app.close();
    }
  });
});
