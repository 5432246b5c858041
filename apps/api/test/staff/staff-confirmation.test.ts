import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers/databases.ts';
import { auditActions, createAdminApp, makeStaff, signInRequest, signInStaff } from './admin-helpers.ts';
import type { StaffClient } from './admin-helpers.ts';

// Staff changes by two ADMINs (issue 24, decision 0233): where the bank has two or more ADMINs, an
// account one creates cannot sign in and a role one changes does not apply until a different ADMIN
// confirms; the staff list shows who created and who confirmed each account.

const newMember = { loginId: 'approver.new', displayName: '承認 次郎', role: 'REVIEWER', password: 'a long enough password 24' };

type Listed = {
  loginId: string;
  role: string;
  createdBy: string | null;
  confirmedBy: string | null;
  awaitingConfirmation: boolean;
  pendingRole: string | null;
  id: string;
};
const listed = async (admin: StaffClient, loginId: string): Promise<Listed> =>
  ((await admin.get('/api/admin/staff')).json() as { items: Listed[] }).items.find((m) => m.loginId === loginId)!;

forEachDialect((dialect) => {
  it('with one ADMIN, a new account is usable at once and the list says who created it and that nobody confirmed it', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const created = await admin.post('/api/admin/staff', newMember);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ awaitingConfirmation: false });
      expect(await listed(admin, 'approver.new')).toMatchObject({
        createdBy: expect.stringMatching(/^ADMIN /),
        confirmedBy: null,
        awaitingConfirmation: false,
      });
      expect((await signInRequest(app, { loginId: 'approver.new', password: newMember.password })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('with two ADMINs, the new account waits for the other ADMIN: no sign-in, no self-confirmation, then confirmed and shown with both names', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const first = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const second = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      expect((await first.post('/api/admin/staff', newMember)).json()).toMatchObject({ awaitingConfirmation: true });
      const member = await listed(first, 'approver.new');
      expect(member).toMatchObject({ awaitingConfirmation: true, confirmedBy: null });
      expect((await signInRequest(app, { loginId: 'approver.new', password: newMember.password })).statusCode).toBe(401);

      const own = await first.post(`/api/admin/staff/${member.id}/confirm`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ code: 'FOUR_EYES', message: '作成・変更した管理者本人は確認できません。別の管理者が確認してください。' });
      const confirmedAnswer = await second.post(`/api/admin/staff/${member.id}/confirm`);
      expect(confirmedAnswer.statusCode).toBe(200);
      // The creator chose the first password; the confirmation replaces it with the server's, shown to the confirming ADMIN only.
      const { oneTimePassword } = confirmedAnswer.json() as { oneTimePassword: string };
      expect(oneTimePassword).toMatch(/^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/);
      expect((await second.post(`/api/admin/staff/${member.id}/confirm`)).statusCode).toBe(409);
      const confirmed = await listed(first, 'approver.new');
      expect(confirmed).toMatchObject({ awaitingConfirmation: false });
      expect(confirmed.createdBy).not.toBe(confirmed.confirmedBy);
      expect(confirmed.createdBy).toMatch(/^ADMIN /);
      expect(confirmed.confirmedBy).toMatch(/^ADMIN /);
      expect((await signInRequest(app, { loginId: 'approver.new', password: newMember.password })).statusCode).toBe(401);
      expect((await signInRequest(app, { loginId: 'approver.new', password: oneTimePassword })).json()).toMatchObject({ passwordChangeRequired: true });
      expect((await auditActions(app, '0177')).filter((a) => a === 'CREATE_STAFF' || a === 'CONFIRM_STAFF')).toEqual(['CREATE_STAFF', 'CONFIRM_STAFF']);
    } finally {
      await app.close();
    }
  });

  it('with two ADMINs, a role change waits for the other ADMIN; with one it applies at once', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      const first = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      expect((await first.post(`/api/admin/staff/${reviewer.id}/role`, { role: 'VIEWER' })).json()).toEqual({
        awaitingConfirmation: false,
        oneTimePassword: null,
      });
      expect(await listed(first, reviewer.loginId)).toMatchObject({ role: 'VIEWER', pendingRole: null });

      const second = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      expect((await first.post(`/api/admin/staff/${reviewer.id}/role`, { role: 'REVIEWER' })).json()).toEqual({
        awaitingConfirmation: true,
        oneTimePassword: null,
      });
      expect(await listed(first, reviewer.loginId)).toMatchObject({ role: 'VIEWER', pendingRole: 'REVIEWER' });
      expect((await first.post(`/api/admin/staff/${reviewer.id}/confirm`)).statusCode).toBe(403);
      expect((await second.post(`/api/admin/staff/${reviewer.id}/confirm`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect(await listed(first, reviewer.loginId)).toMatchObject({ role: 'REVIEWER', pendingRole: null });
      expect((await first.post(`/api/admin/staff/${reviewer.id}/role`, { role: 'REVIEWER' })).statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });
});
