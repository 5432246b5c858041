import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { adminMessages } from '@koza/domain/admin/messages';
import { loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { forEachDialect } from '../helpers/databases.ts';
import {
  approveByTwo,
  auditActions,
  createAdminApp,
  handoverRecords,
  runExporter,
  insertCompletedApplication,
  makeStaff,
  passwordSignIn,
  signInRequest,
  signInStaff,
  staffPassword,
} from './admin-helpers.ts';
import type { AdminApp, StaffClient, StaffMember } from './admin-helpers.ts';

// Controls that hold against the insider they exist for (issue 32, decisions 0230 and 0233): no ADMIN
// comes to act as another member, switches off the second ADMIN, or confirms their own change; a
// proposal counts only while its proposer may propose; the API refuses every case action the case's
// own actions do not offer. Findings 1–5 of the issue, each as the attack was tried.

type Listed = {
  id: string;
  loginId: string;
  disabled: boolean;
  role: string;
  awaitingConfirmation: boolean;
  pendingRole: string | null;
  pendingPasswordReset: boolean;
  pendingSecondFactorReset: boolean;
  pendingDisable: boolean;
  changedBy: string[];
  confirmedBy: string | null;
  createdBy: string | null;
};
const listed = async (admin: StaffClient, id: string): Promise<Listed> =>
  ((await admin.get('/api/admin/staff')).json() as { items: Listed[] }).items.find((m) => m.id === id)!;

const waiting = { awaitingConfirmation: true, oneTimePassword: null };
const otpPattern = /^[A-Za-z2-9]{4}(-[A-Za-z2-9]{4}){3}$/;

/** A bank in four-eyes mode: two ADMINs, signed in. */
async function twoAdmins(app: AdminApp) {
  const a1 = await makeStaff(app, '0177', 'ADMIN');
  const a2 = await makeStaff(app, '0177', 'ADMIN');
  return { a1, a2, first: await signInStaff(app, a1), second: await signInStaff(app, a2) };
}

const historyOf = async (client: StaffClient, id: string) =>
  ((await client.get(`/api/admin/applications/${id}`)).json() as { case: { history: { kind: string; by: string | null; reason: string | null }[] } }).case
    .history;

forEachDialect((dialect) => {
  it('finding 1: an ADMIN resets two reviewers in four-eyes mode, and nothing takes effect until a second ADMIN confirms; the one-time password reaches only the confirming ADMIN', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const { first, second } = await twoAdmins(app);
      const r1 = await makeStaff(app, '0177', 'REVIEWER');
      const r2 = await makeStaff(app, '0177', 'REVIEWER');
      await signInStaff(app, r1);
      await signInStaff(app, r2);
      for (const reviewer of [r1, r2]) {
        // The ADMIN's own password in the body is ignored: the server chooses one, later.
        const reset = await first.post(`/api/admin/staff/${reviewer.id}/password`, { password: 'the ADMIN chose this one' });
        expect(reset.statusCode).toBe(200);
        expect(reset.json()).toEqual(waiting);
        expect((await first.post(`/api/admin/staff/${reviewer.id}/totp-reset`)).json()).toEqual(waiting);
        expect((await first.post(`/api/admin/staff/${reviewer.id}/password`)).json()).toMatchObject({ message: adminMessages.alreadyWaiting });
        expect(await listed(first, reviewer.id)).toMatchObject({
          pendingPasswordReset: true,
          pendingSecondFactorReset: true,
          changedBy: [expect.stringMatching(/^ADMIN /)],
        });
        // Nothing changed yet: the reviewer still signs in with their own password and second factor; the ADMIN's password is nothing.
        expect((await passwordSignIn(app, reviewer, staffPassword)).statusCode).toBe(200);
        expect((await signInRequest(app, { loginId: reviewer.loginId, password: 'the ADMIN chose this one' })).statusCode).toBe(401);
        // The asking ADMIN cannot confirm their own request.
        const own = await first.post(`/api/admin/staff/${reviewer.id}/confirm`);
        expect(own.statusCode).toBe(403);
        expect(own.json()).toEqual({ code: 'FOUR_EYES', message: adminMessages.ownStaffChange });
      }

      // The second ADMIN confirms: the one-time password is answered to them alone, and works once.
      const confirmed = await second.post(`/api/admin/staff/${r1.id}/confirm`);
      expect(confirmed.statusCode).toBe(200);
      const { oneTimePassword } = confirmed.json() as { oneTimePassword: string };
      expect(oneTimePassword).toMatch(otpPattern);
      expect(await listed(first, r1.id)).toMatchObject({ pendingPasswordReset: false, pendingSecondFactorReset: false, changedBy: [], totpEnabled: false });
      const signedIn = await signInRequest(app, { loginId: r1.loginId, password: oneTimePassword });
      expect(signedIn.json()).toMatchObject({ passwordChangeRequired: true, totpSetupRequired: true });
      expect((await passwordSignIn(app, r1, staffPassword)).statusCode).toBe(401);
      // Nothing in the audit log carries the password.
      const details = await app.deps.db.kysely.selectFrom('auditLog').select('detail').execute();
      expect(details.map((d) => d.detail ?? '').join('\n')).not.toContain(oneTimePassword);
      expect((await auditActions(app, '0177')).filter((a) => a.startsWith('RESET_STAFF') || a === 'CONFIRM_STAFF')).toEqual([
        'RESET_STAFF_PASSWORD',
        'RESET_STAFF_TOTP',
        'RESET_STAFF_PASSWORD',
        'RESET_STAFF_TOTP',
        'CONFIRM_STAFF',
      ]);
    } finally {
      await app.close();
    }
  });

  it('finding 1: concurrent confirmations of one reset apply it once: one one-time password, the others refused', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const { first, second } = await twoAdmins(app);
      const third = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      expect((await first.post(`/api/admin/staff/${reviewer.id}/password`)).json()).toEqual(waiting);
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? second : third).post(`/api/admin/staff/${reviewer.id}/confirm`)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const { oneTimePassword } = answers.find((a) => a.statusCode === 200)!.json() as { oneTimePassword: string };
      expect((await signInRequest(app, { loginId: reviewer.loginId, password: oneTimePassword })).statusCode).toBe(200);
      expect((await auditActions(app, '0177')).filter((a) => a === 'CONFIRM_STAFF')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('finding 2: stopping or demoting the other ADMIN waits for a different ADMIN, and the bank stays in four-eyes mode with one ADMIN left', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const { a2, first, second } = await twoAdmins(app);
      expect((await first.post(`/api/admin/staff/${a2.id}/disable`)).json()).toEqual(waiting);
      expect((await first.post(`/api/admin/staff/${a2.id}/role`, { role: 'VIEWER' })).json()).toEqual(waiting);
      expect(await listed(first, a2.id)).toMatchObject({ disabled: false, role: 'ADMIN', pendingDisable: true, pendingRole: 'VIEWER' });
      // The other ADMIN is still there and still an ADMIN: a new account waits for them.
      expect((await second.get('/api/admin/session')).statusCode).toBe(200);
      expect(
        (await first.post('/api/admin/staff', { loginId: 'new.admin', displayName: '新 管理', role: 'ADMIN', password: 'a long enough password 24' })).json(),
      ).toMatchObject({
        awaitingConfirmation: true,
      });
      expect((await first.post(`/api/admin/staff/${a2.id}/confirm`)).statusCode).toBe(403);
      // Nor can the member confirm changes to their own account.
      expect((await second.post(`/api/admin/staff/${a2.id}/confirm`)).statusCode).toBe(409);

      // Even when the other ADMIN is gone (stopped by the operator), the mode holds: no change applies alone.
      await app.deps.db.kysely.updateTable('staffUsers').set({ disabledAt: app.clock.now().getTime() }).where('id', '=', a2.id).execute();
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      expect((await first.post(`/api/admin/staff/${reviewer.id}/role`, { role: 'ADMIN' })).json()).toEqual(waiting);
      expect((await first.post(`/api/admin/staff/${reviewer.id}/password`)).json()).toEqual(waiting);
      expect(
        (await first.post('/api/admin/staff', { loginId: 'another', displayName: '別 職員', role: 'REVIEWER', password: 'a long enough password 24' })).json(),
      ).toMatchObject({
        awaitingConfirmation: true,
      });
      // Stopping a reviewer (a leaver) still applies at once; one on the way to ADMIN waits.
      expect((await first.post(`/api/admin/staff/${reviewer.id}/disable`)).json()).toEqual(waiting);
      const leaver = await makeStaff(app, '0177', 'REVIEWER');
      expect((await first.post(`/api/admin/staff/${leaver.id}/disable`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
    } finally {
      await app.close();
    }
  });

  it(
    'finding 2: only the operator takes a bank back to one-ADMIN mode (`npm run staff -- single-admin`), audited, and not while two ADMINs can act',
    { timeout: 60_000 },
    async () => {
      const databaseUrl = await dialect.createDatabaseUrl();
      const db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl }).database);
      const app = await createAdminApp(db);
      const singleAdmin = () =>
        spawnSync(process.execPath, [join(import.meta.dirname, '..', '..', 'src', 'main-staff.ts'), 'single-admin', '--bank', '0177'], {
          env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl, STAFF_PASSWORD_LOG_N: '10' },
          encoding: 'utf8',
        });
      try {
        const { a2, first } = await twoAdmins(app);
        const reviewer = await makeStaff(app, '0177', 'REVIEWER');
        expect((await first.post(`/api/admin/staff/${reviewer.id}/totp-reset`)).json()).toEqual(waiting);
        const refused = singleAdmin();
        expect(refused.status).toBe(1);
        expect(refused.stderr).toContain('two or more active ADMINs');

        await db.kysely.updateTable('staffUsers').set({ disabledAt: app.clock.now().getTime() }).where('id', '=', a2.id).execute();
        const done = singleAdmin();
        expect(done.status, done.stderr).toBe(0);
        expect(done.stdout).toContain('one-ADMIN mode');
        expect(await db.kysely.selectFrom('auditLog').select(['action', 'staffLoginId']).where('action', '=', 'LEAVE_FOUR_EYES').execute()).toEqual([
          { action: 'LEAVE_FOUR_EYES', staffLoginId: 'command-line' },
        ]);
        // From now on the one ADMIN's changes apply at once; a second run says there is nothing to do.
        expect((await first.post(`/api/admin/staff/${reviewer.id}/role`, { role: 'VIEWER' })).json()).toEqual({
          awaitingConfirmation: false,
          oneTimePassword: null,
        });
        expect(singleAdmin().stderr).toContain('not in four-eyes mode');
      } finally {
        await app.close();
      }
    },
  );

  it('finding 3: no ADMIN who created or changed an account since its last confirmation confirms it', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const { first, second } = await twoAdmins(app);
      const third = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const created = await first.post('/api/admin/staff', {
        loginId: 'member.y',
        displayName: '職員 Y',
        role: 'REVIEWER',
        password: 'a long enough password 24',
      });
      const y = (await first.get('/api/admin/staff')).json().items.find((m: Listed) => m.loginId === 'member.y') as Listed;
      expect(created.json()).toMatchObject({ awaitingConfirmation: true });
      expect((await second.post(`/api/admin/staff/${y.id}/role`, { role: 'VIEWER' })).json()).toEqual(waiting);
      expect((await listed(first, y.id)).changedBy).toHaveLength(2);
      for (const author of [first, second]) {
        const own = await author.post(`/api/admin/staff/${y.id}/confirm`);
        expect(own.statusCode).toBe(403);
        expect(own.json()).toMatchObject({ code: 'FOUR_EYES' });
      }
      expect((await signInRequest(app, { loginId: 'member.y', password: 'a long enough password 24' })).statusCode).toBe(401);
      const confirmed = await third.post(`/api/admin/staff/${y.id}/confirm`);
      expect(confirmed.statusCode).toBe(200);
      const member = await listed(first, y.id);
      expect(member).toMatchObject({ role: 'VIEWER', awaitingConfirmation: false, changedBy: [] });
      expect(member.confirmedBy).not.toBe(member.createdBy);
    } finally {
      await app.close();
    }
  });

  it('finding 4: stopping, demoting or resetting a member withdraws their open proposals, with the reason in the history; the case waits again', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const approver = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const cases: [string, (member: StaffMember) => Promise<unknown>, string][] = [
        ['stopped', (m) => admin.post(`/api/admin/staff/${m.id}/disable`), '承認申請：申請者の利用停止'],
        ['demoted', (m) => admin.post(`/api/admin/staff/${m.id}/role`, { role: 'VIEWER' }), '承認申請：申請者の権限変更'],
        ['reset', (m) => admin.post(`/api/admin/staff/${m.id}/password`), '承認申請：申請者のパスワード・二要素認証のリセット'],
      ];
      for (const [what, change, reason] of cases) {
        const application = await insertCompletedApplication(app);
        const proposer = await makeStaff(app, '0177', 'REVIEWER');
        const proposerClient = await signInStaff(app, proposer);
        expect((await proposerClient.post(`/api/admin/applications/${application.id}/propose`)).statusCode, what).toBe(200);
        expect((await approver.get('/api/admin/applications?view=second')).json(), what).toMatchObject({ total: 1 });
        await change(proposer);

        const approve = await approver.post(`/api/admin/applications/${application.id}/approve`);
        expect(approve.statusCode, what).toBe(409);
        expect(approve.json(), what).toMatchObject({ code: 'PROPOSAL_REQUIRED' });
        expect((await runExporter(app)).exported, what).toBe(0);
        expect(handoverRecords(app, '0177'), what).toHaveLength(0);
        expect((await approver.get('/api/admin/applications?view=second')).json(), what).toMatchObject({ total: 0 });
        const detail = (await approver.get(`/api/admin/applications/${application.id}`)).json();
        expect(detail.case, what).toMatchObject({ proposedBy: null, actions: ['propose', 'reject', 'take'] });
        expect(detail.case.history.at(-1), what).toMatchObject({ kind: 'WITHDRAWN', by: 'REVIEWER ' + proposer.loginId.split('.').at(-1), reason });
      }
      expect((await auditActions(app, '0177')).filter((a) => a === 'WITHDRAW_PROPOSAL')).toHaveLength(3);
    } finally {
      await app.close();
    }
  });

  it('finding 4: in four-eyes mode a proposal is withdrawn when the reset of its proposer takes effect, a cancellation proposal too', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const { a1, a2 } = await twoAdmins(app);
      const r1 = await makeStaff(app, '0177', 'REVIEWER');
      const r2 = await makeStaff(app, '0177', 'REVIEWER');
      const approved = await insertCompletedApplication(app);
      expect((await approveByTwo(await signInStaff(app, r2), await signInStaff(app, r1), approved.id)).statusCode).toBe(200);
      // A month later (the card's collection period), with new sessions.
      app.clock.advance(30 * 86_400_000);
      const [first, second, r1Client, r2Client] = [
        await signInStaff(app, a1),
        await signInStaff(app, a2),
        await signInStaff(app, r1),
        await signInStaff(app, r2),
      ];
      expect((await r1Client.post(`/api/admin/applications/${approved.id}/propose-cancel`, { reasonCode: 'CARD_RETURNED' })).statusCode).toBe(200);
      expect((await first.post(`/api/admin/staff/${r1.id}/totp-reset`)).json()).toEqual(waiting);
      // While the reset waits, the proposal stands.
      expect((await r2Client.get(`/api/admin/applications/${approved.id}`)).json().case.actions).toEqual(['cancel']);
      expect((await second.post(`/api/admin/staff/${r1.id}/confirm`)).json()).toEqual({ awaitingConfirmation: false, oneTimePassword: null });
      expect((await r2Client.get(`/api/admin/applications/${approved.id}`)).json().case).toMatchObject({ actions: ['proposeCancel'], cancelProposedBy: null });
      expect((await historyOf(r2Client, approved.id)).at(-1)).toMatchObject({
        kind: 'WITHDRAWN',
        reason: '取消申請：申請者のパスワード・二要素認証のリセット',
      });
      expect((await r2Client.post(`/api/admin/applications/${approved.id}/cancel`)).json()).toMatchObject({ code: 'PROPOSAL_REQUIRED' });
    } finally {
      await app.close();
    }
  });

  it('finding 4: the operator’s reset on the command line withdraws the member’s proposals too', { timeout: 60_000 }, async () => {
    const databaseUrl = await dialect.createDatabaseUrl();
    const db = await openDatabase(loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl }).database);
    const app = await createAdminApp(db);
    try {
      const proposer = await makeStaff(app, '0177', 'REVIEWER');
      const approver = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const application = await insertCompletedApplication(app);
      expect((await (await signInStaff(app, proposer)).post(`/api/admin/applications/${application.id}/propose`)).statusCode).toBe(200);
      const reset = spawnSync(
        process.execPath,
        [join(import.meta.dirname, '..', '..', 'src', 'main-staff.ts'), 'reset-second-factor', '--bank', '0177', '--login', proposer.loginId],
        { env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', DATABASE_URL: databaseUrl, STAFF_PASSWORD_LOG_N: '10' }, encoding: 'utf8' },
      );
      expect(reset.status, reset.stderr).toBe(0);
      expect((await approver.post(`/api/admin/applications/${application.id}/approve`)).json()).toMatchObject({ code: 'PROPOSAL_REQUIRED' });
      expect((await historyOf(approver, application.id)).at(-1)).toMatchObject({
        kind: 'WITHDRAWN',
        reason: '承認申請：申請者のパスワード・二要素認証のリセット',
      });
    } finally {
      await app.close();
    }
  });

  it('finding 5: the API allows exactly the actions the case offers the caller (release of a colleague’s case refused; taking it over allowed and on record)', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const r1 = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const r2 = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const states: [string, (id: string) => Promise<unknown>][] = [
        ['waiting', async () => undefined],
        ['proposed by R1', (id) => r1.post(`/api/admin/applications/${id}/propose`)],
        ['held by R1', (id) => r1.post(`/api/admin/applications/${id}/take`)],
        ['rejected', (id) => r1.post(`/api/admin/applications/${id}/reject`, { reasonCode: 'BANK_POLICY' })],
      ];
      const actions = ['propose', 'approve', 'reject', 'take', 'release', 'proposeCancel', 'cancel'] as const;
      const pathOf = { proposeCancel: 'propose-cancel' } as Record<string, string>;
      const bodyOf = { reject: { reasonCode: 'BANK_POLICY' }, proposeCancel: { reasonCode: 'CARD_RETURNED' } } as Record<string, object>;
      for (const [state, setUp] of states) {
        for (const [callerName, caller] of [
          ['R1', r1],
          ['R2', r2],
        ] as const) {
          for (const action of actions) {
            const application = await insertCompletedApplication(app);
            await setUp(application.id);
            const offered = ((await caller.get(`/api/admin/applications/${application.id}`)).json() as { case: { actions: string[] } }).case.actions;
            const answer = await caller.post(`/api/admin/applications/${application.id}/${pathOf[action] ?? action}`, bodyOf[action] ?? {});
            const label = `${state}, ${callerName}, ${action}: offered ${offered.join(' ')}`;
            if (offered.includes(action)) expect(answer.statusCode, label).toBeLessThan(300);
            else expect([403, 409], label).toContain(answer.statusCode);
          }
        }
      }

      // A colleague's case: release refused with a message that says how to take it over; take over on record.
      const held = await insertCompletedApplication(app);
      await r1.post(`/api/admin/applications/${held.id}/take`);
      const release = await r2.post(`/api/admin/applications/${held.id}/release`);
      expect(release.statusCode).toBe(403);
      expect(release.json()).toEqual({ code: 'NOT_ALLOWED', message: adminMessages.notYourCase });
      expect((await r2.post(`/api/admin/applications/${held.id}/take`)).statusCode).toBe(204);
      const detail = (await r2.get(`/api/admin/applications/${held.id}`)).json();
      expect(detail.case.assignedTo.displayName).toMatch(/^REVIEWER /);
      expect(detail.case.history.map((e: { kind: string }) => e.kind)).toEqual(['SUBMITTED', 'ASSIGNED', 'ASSIGNED']);
    } finally {
      await app.close();
    }
  });

  it('finding 10: the case names the approver to staff by display name, not login id', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const proposerMember = await makeStaff(app, '0177', 'REVIEWER');
      const approverMember = await makeStaff(app, '0177', 'REVIEWER');
      const proposer = await signInStaff(app, proposerMember);
      const approver = await signInStaff(app, approverMember);
      const application = await insertCompletedApplication(app);
      expect((await approveByTwo(proposer, approver, application.id)).statusCode).toBe(200);
      const detail = (await proposer.get(`/api/admin/applications/${application.id}`)).json();
      const approverName = (
        await app.deps.db.kysely.selectFrom('staffUsers').select('displayName').where('id', '=', approverMember.id).executeTakeFirstOrThrow()
      ).displayName;
      expect(detail.review.decidedBy).toBe(approverName);
      expect(detail.review.decidedBy).not.toBe(approverMember.loginId);
      expect(detail.case.history.at(-1)).toMatchObject({ kind: 'APPROVED', by: approverName });
    } finally {
      await app.close();
    }
  });
});
