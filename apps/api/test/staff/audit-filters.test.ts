import { expect, it } from 'vitest';
import { adminMessages } from '@koza/domain/admin/messages';
import { forEachDialect } from '../helpers/databases.ts';
import { createAdminApp, insertCompletedApplication, makeStaff, signInStaff } from './admin-helpers.ts';
import type { AdminApp } from './admin-helpers.ts';

// The audit log as an ADMIN reads it (decision 0221): filtered by member, action, Japan days and
// application number, the same filters for the CSV; and an application's detail view written once
// per view, however often the screen reloads it.

interface Entry {
  at: string;
  staffLoginId: string;
  action: string;
  applicationNumber: string | null;
}

const viewRows = (app: AdminApp, applicationId: string) =>
  app.deps.db.kysely
    .selectFrom('auditLog')
    .select(['staffId', 'detail'])
    .where('action', '=', 'VIEW_APPLICATION')
    .where('applicationId', '=', applicationId)
    .orderBy('id')
    .execute();

forEachDialect((dialect) => {
  it('filters by member, action, date range and application number; the CSV by the same; impossible dates and a reversed range answer 400', async () => {
    const app = await createAdminApp(await dialect.createDb(), { now: '2026-06-16T23:50:00+09:00' });
    try {
      const [first, second] = [await insertCompletedApplication(app), await insertCompletedApplication(app)];
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const reviewer = await makeStaff(app, '0177', 'REVIEWER');
      const reviewing = await signInStaff(app, reviewer);
      await reviewing.get(`/api/admin/applications/${first.id}`);
      // The next Japan day (just after midnight on 17 June, within the sessions' idle time): the second application.
      app.clock.advance(15 * 60_000);
      await reviewing.get(`/api/admin/applications/${second.id}`);

      const page = async (query: string) => {
        const response = await admin.get(`/api/admin/audit?${query}`);
        expect(response.statusCode, `${query}: ${response.body}`).toBe(200);
        return (response.json() as { items: Entry[]; total: number }).items;
      };
      const byMember = await page(`staff=${reviewer.loginId}`);
      expect(byMember.map((e) => e.action)).toEqual(['VIEW_APPLICATION', 'VIEW_APPLICATION', 'ENROL_TOTP', 'SIGN_IN']);
      expect(new Set((await page('action=VIEW_APPLICATION')).map((e) => e.staffLoginId))).toEqual(new Set([reviewer.loginId]));
      expect((await page(`applicationNumber=${encodeURIComponent(` ${second.applicationNumber} `)}`)).map((e) => [e.action, e.applicationNumber])).toEqual([
        ['VIEW_APPLICATION', second.applicationNumber],
      ]);
      const seventeenth = await page('from=2026-06-17&to=2026-06-17&action=VIEW_APPLICATION');
      expect(seventeenth.map((e) => e.applicationNumber)).toEqual([second.applicationNumber]);
      expect(seventeenth[0]!.at).toMatch(/^2026-06-17T00:0/);
      expect((await page('to=2026-06-16&action=VIEW_APPLICATION')).map((e) => e.applicationNumber)).toEqual([first.applicationNumber]);
      expect(await page(`staff=${reviewer.loginId}&from=2026-06-18`)).toEqual([]);

      const csv = await admin.get(`/api/admin/audit/export.csv?action=VIEW_APPLICATION&from=2026-06-17`);
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split('\r\n');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(second.applicationNumber);

      for (const query of ['from=2025-13-45', 'to=2026-02-30', 'from=2026-6-1', 'action=DROP_TABLE', 'staff=' + 'x'.repeat(65)]) {
        expect((await admin.get(`/api/admin/audit?${query}`)).statusCode, query).toBe(400);
        expect((await admin.get(`/api/admin/audit/export.csv?${query}`)).statusCode, query).toBe(400);
      }
      const reversed = await admin.get('/api/admin/audit?from=2026-06-17&to=2026-06-16');
      expect(reversed.statusCode).toBe(400);
      expect(reversed.body).toContain(adminMessages.auditPeriodInvalid);
    } finally {
      await app.close();
    }
  });

  it('writes one VIEW_APPLICATION row per view: reloads with the same view key add none, a new view or a new sign-in adds one', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      const member = await makeStaff(app, '0177', 'REVIEWER');
      const client = await signInStaff(app, member);
      const open = (key?: string) =>
        app.inject({
          method: 'GET',
          url: `/api/admin/applications/${application.id}`,
          headers: { host: 'fukuoka.localhost', cookie: client.cookie, ...(key ? { 'x-view-key': key } : {}) },
        });

      for (let i = 0; i < 4; i++) expect((await open('k3x9q2ab')).statusCode).toBe(200);
      expect(await viewRows(app, application.id)).toHaveLength(1);
      // Eight requests of one new view at once (a double click, a reload racing the first answer): one row.
      expect((await Promise.all(Array.from({ length: 8 }, () => open('z8y7x6w5')))).map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(await viewRows(app, application.id)).toHaveLength(2);
      await open('p0w8e7rt'); // another history entry: another view
      expect(await viewRows(app, application.id)).toHaveLength(3);
      await open(); // a caller without a view key: every call is a view
      await open('not a key!');
      expect(await viewRows(app, application.id)).toHaveLength(5);

      // The same key in a new session is a new view.
      const again = await signInStaff(app, member);
      await app.inject({
        method: 'GET',
        url: `/api/admin/applications/${application.id}`,
        headers: { host: 'fukuoka.localhost', cookie: again.cookie, 'x-view-key': 'k3x9q2ab' },
      });
      const rows = await viewRows(app, application.id);
      expect(rows).toHaveLength(6);
      expect(rows.map((r) => r.detail)).toEqual([
        expect.stringMatching(/^view [0-9a-f]{16}$/),
        expect.stringMatching(/^view /),
        expect.stringMatching(/^view /),
        null,
        null,
        expect.stringMatching(/^view /),
      ]);
      expect(rows[5]!.detail).not.toBe(rows[0]!.detail);
    } finally {
      await app.close();
    }
  });
});
