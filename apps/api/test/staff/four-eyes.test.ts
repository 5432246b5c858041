import { expect, it } from 'vitest';
import { forEachDialect } from '../helpers/databases.ts';
import { auditActions, createAdminApp, handoverText, insertCompletedApplication, makeStaff, runExporter, signInStaff } from './admin-helpers.ts';

// Approval takes two people (issue 24, decision 0230): one member proposes (承認申請), a different
// member confirms (承認) and only then is the application handed over. Nobody confirms their own
// proposal, an ADMIN decides nothing, and the case view says who may do what next.

forEachDialect((dialect) => {
  it('refuses a self-confirmation with a clear Japanese message; a second member confirms and the hand-over happens', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      const first = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const second = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const url = `/api/admin/applications/${application.id}`;

      // Nobody approves without a proposal.
      const unproposed = await first.post(`${url}/approve`);
      expect(unproposed.statusCode).toBe(409);
      expect(unproposed.json()).toMatchObject({ code: 'PROPOSAL_REQUIRED', message: '承認の前に、審査担当者による承認申請が必要です。' });
      expect((await first.get(url)).json().case.actions).toEqual(['propose', 'reject', 'take']);

      expect((await first.post(`${url}/propose`)).statusCode).toBe(200);
      expect((await first.post(`${url}/propose`)).json()).toMatchObject({ message: 'このお申込みは既に承認申請されています。' });
      // The proposer is offered no approval; the other member is.
      const seenByFirst = (await first.get(url)).json();
      expect(seenByFirst.case).toMatchObject({ proposedBy: { displayName: expect.any(String) }, actions: ['reject', 'take'] });
      expect((await second.get(url)).json().case.actions).toEqual(['approve', 'reject', 'take']);

      const own = await first.post(`${url}/approve`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ code: 'FOUR_EYES', message: '承認申請をした職員本人は承認できません。別の審査担当者が承認してください。' });
      expect((await runExporter(app)).exported).toBe(0);
      expect(handoverText(app, '0177')).toBe('');
      expect((await first.get(url)).json().status).toBe('COMPLETED');

      const confirmed = await second.post(`${url}/approve`);
      expect(confirmed.statusCode).toBe(200);
      await runExporter(app);
      expect(handoverText(app, '0177')).toContain(application.applicationNumber);
      const detail = (await second.get(url)).json();
      expect(detail.status).toBe('APPROVED');
      expect(detail.case.history.map((e: { kind: string; by: string | null }) => [e.kind, e.by !== null])).toEqual([
        ['SUBMITTED', false],
        ['PROPOSED', true],
        ['APPROVED', true],
      ]);
      expect(detail.case.history[1].by).not.toBe(detail.case.history[2].by);
      const row = await app.deps.db.kysely.selectFrom('applicationReviews').selectAll().where('applicationId', '=', application.id).executeTakeFirstOrThrow();
      expect(row.proposedBy).not.toBe(row.decidedBy);
      expect(row.proposedBy).not.toBeNull();
      expect((await auditActions(app, '0177')).filter((a) => ['PROPOSE_APPROVAL', 'APPROVE', 'REFUSED'].includes(a))).toEqual([
        'PROPOSE_APPROVAL',
        'REFUSED',
        'APPROVE',
      ]);
    } finally {
      await app.close();
    }
  });

  it('gives an ADMIN no part in a decision: no proposal, no approval, nothing offered', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const url = `/api/admin/applications/${application.id}`;
      expect((await admin.post(`${url}/propose`)).statusCode).toBe(403);
      expect((await admin.post(`${url}/approve`)).statusCode).toBe(403);
      expect((await admin.get(url)).json().case.actions).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('lets a member take and release a waiting case, kept in the history', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const url = `/api/admin/applications/${application.id}`;
      expect((await reviewer.post(`${url}/take`)).statusCode).toBe(204);
      let detail = (await reviewer.get(url)).json();
      expect(detail.case).toMatchObject({ assignedTo: { displayName: expect.any(String) }, actions: ['propose', 'reject', 'release'] });
      expect((await reviewer.post(`${url}/release`)).statusCode).toBe(204);
      detail = (await reviewer.get(url)).json();
      expect(detail.case.assignedTo).toBeNull();
      expect(detail.case.history.map((e: { kind: string }) => e.kind)).toEqual(['SUBMITTED', 'ASSIGNED', 'RELEASED']);
    } finally {
      await app.close();
    }
  });
});
