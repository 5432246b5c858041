import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { messages } from '@koza/domain/messages';
import { verifyAuditChain } from '../../src/db/audit-chain.ts';
import { auditChainRows } from '../../src/db/repositories/audit-repository.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { uniqueIp } from '../helpers/auth.ts';
import { bankHost, createAdminApp, insertCompletedApplication, makeStaff, signInRequest, signInStaff } from './admin-helpers.ts';
import type { AdminApp } from './admin-helpers.ts';

// Issue 25: every attempt is visible (finding 11) and the audit log is tamper-evident (decision
// 0204); one text rule for staff free text (finding 8); same-origin state changes and real dates
// in queries (finding 12).

const rows = async (app: AdminApp, action: string) =>
  app.deps.db.kysely
    .selectFrom('auditLog')
    .select(['bankCode', 'staffId', 'staffLoginId', 'detail', 'ipAddress', 'userAgent', 'applicationId'])
    .where('action', '=', action)
    .orderBy('id')
    .execute();

const metricValue = async (app: AdminApp, name: string, labels: Record<string, string>) => {
  const metric = (await app.metrics.registry.getSingleMetric(name)?.get()) as { values: { labels: Record<string, string>; value: number }[] } | undefined;
  return metric?.values.find((v) => Object.entries(labels).every(([k, val]) => v.labels[k] === val))?.value ?? 0;
};

forEachDialect((dialect) => {
  it('finding 11: failed sign-ins of unknown ids leave an audit row (keyed hash of the id, address, user agent) and count per bank', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const ip = uniqueIp();
      await signInRequest(app, { loginId: 'sprayed.id', password: 'Spring2026!!' }, ip, '0587', { 'user-agent': 'spray-tool/1.0' });
      await signInRequest(app, { loginId: 'sprayed.id', password: 'Summer2026!!' }, ip, '0587', { 'user-agent': 'spray-tool/1.0' });
      const failed = await rows(app, 'SIGN_IN_FAILED');
      expect(failed).toHaveLength(2);
      expect(failed[0]).toMatchObject({ bankCode: '0587', staffId: null, detail: 'unknown', ipAddress: ip, userAgent: 'spray-tool/1.0' });
      expect(failed[0]!.staffLoginId).toMatch(/^unknown:[0-9a-f]{32}$/);
      expect(failed[1]!.staffLoginId).toBe(failed[0]!.staffLoginId);
      // Neither the typed id nor a password is stored anywhere in the log.
      expect(JSON.stringify(failed)).not.toMatch(/sprayed|Spring|Summer/);
      expect(await metricValue(app, 'koza_staff_sign_in_failures_total', { bank: '0587', reason: 'unknown' })).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('finding 11: refused actions (a VIEWER’s cancel, a reviewer’s approve of another bank’s application) are audit rows and counted', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const own = await insertCompletedApplication(app, { bankCode: '0177' });
      const foreign = await insertCompletedApplication(app, { bankCode: '0587' });
      const viewer = await signInStaff(app, await makeStaff(app, '0177', 'VIEWER'));
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      expect((await viewer.post(`/api/admin/applications/${own.id}/cancel`, { reasonCode: 'CARD_NOT_COLLECTED' })).statusCode).toBe(403);
      expect((await reviewer.post(`/api/admin/applications/${foreign.id}/approve`)).statusCode).toBe(404);
      const refused = await rows(app, 'REFUSED');
      expect(refused).toEqual([
        expect.objectContaining({ bankCode: '0177', detail: '403 POST /api/admin/applications/:id/cancel', applicationId: own.id }),
        expect.objectContaining({ bankCode: '0177', detail: '404 POST /api/admin/applications/:id/approve', applicationId: foreign.id }),
      ]);
      expect(await metricValue(app, 'koza_staff_refusals_total', { bank: '0177', status: '403' })).toBe(1);
      expect(await metricValue(app, 'koza_staff_refusals_total', { bank: '0177', status: '404' })).toBe(1);
      // Exports are audit rows as well.
      expect((await viewer.get('/api/admin/applications/export.csv')).statusCode).toBe(200);
      expect(await rows(app, 'EXPORT_APPLICATIONS')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('keeps a hash chain over the audit log: intact as written, and the first changed or removed row is named', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      await signInRequest(app, { loginId: 'nobody', password: 'wrong password' });
      await Promise.all([admin.get('/api/admin/audit'), admin.get('/api/admin/applications'), admin.get('/api/admin/staff')]);
      const intact = await verifyAuditChain(auditChainRows(app.deps.db));
      expect(intact).toMatchObject({ ok: true, unchained: 0 });
      const ids = (await app.deps.db.kysely.selectFrom('auditLog').select('id').orderBy('id').execute()).map((r) => Number(r.id));
      expect(intact.ok && intact.head?.id).toBe(ids.at(-1));

      // Someone with the database's owner rights goes around the append-only triggers.
      const db = app.deps.db.kysely;
      const target = ids[2]!;
      if (dialect.name === 'postgres') {
        await sql`alter table audit_log disable trigger user`.execute(db);
        await sql`update audit_log set detail = 'nothing happened' where id = ${target}`.execute(db);
        await sql`alter table audit_log enable trigger user`.execute(db);
      } else {
        await sql`drop trigger audit_log_no_update`.execute(db);
        await sql`update audit_log set detail = 'nothing happened' where id = ${target}`.execute(db);
      }
      expect(await verifyAuditChain(auditChainRows(app.deps.db))).toMatchObject({ ok: false, brokenAt: target });
    } finally {
      await app.close();
    }
  });

  it('finding 8: reasons and display names refuse control and format characters (U+202E, U+200B) as applicant fields do', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      for (const reason of ['住所\u202E不一致', '書類\u200B不備', '\u2028']) {
        const answer = await reviewer.post(`/api/admin/applications/${application.id}/reject`, { reasonCode: 'OTHER', reason });
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ errors: [{ field: 'reason', message: messages.forbiddenChars }] });
      }
      const named = await admin.post('/api/admin/staff', {
        loginId: 'bidi.name',
        displayName: '山田\u202E郎太',
        role: 'VIEWER',
        password: 'river otter lantern',
      });
      expect(named.json()).toEqual({ errors: [{ field: 'displayName', message: messages.forbiddenChars }] });
      const notice = await admin.post('/api/admin/notices', {
        channel: null,
        contents: 'お知らせ\u200B',
        displayOrder: 1,
        startedAt: '2026-06-16T09:00',
        endedAt: null,
      });
      expect(notice.statusCode).toBe(400);
      // A line break in a reason stays allowed (the textarea).
      expect(
        (await reviewer.post(`/api/admin/applications/${application.id}/reject`, { reasonCode: 'OTHER', reason: '住所不一致\n再申込を案内' })).statusCode,
      ).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('finding 12: a state-changing call from another site is refused even with a valid CSRF token; impossible query dates are 400', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
      const body = { loginId: 'cross.site', displayName: '越境 太郎', role: 'VIEWER', password: 'river otter lantern' };
      const post = (headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/staff',
          payload: body,
          remoteAddress: admin.ip,
          headers: { host: bankHost('0177'), cookie: admin.cookie, 'x-csrf-token': admin.csrf, ...headers },
        });
      const crossSite: Record<string, string>[] = [
        { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
        { origin: 'http://evil.example' },
        { 'sec-fetch-site': 'same-site' },
      ];
      for (const headers of crossSite) {
        const answer = await post(headers);
        expect(answer.statusCode, JSON.stringify(headers)).toBe(403);
        expect(answer.json()).toMatchObject({ code: 'CROSS_SITE' });
      }
      // Sign-in too (login CSRF).
      const crossSignIn = await signInRequest(app, { loginId: 'x', password: 'y' }, uniqueIp(), '0177', { origin: 'http://evil.example' });
      expect(crossSignIn.statusCode).toBe(403);
      expect((await post({ origin: `http://${bankHost('0177')}`, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);

      for (const query of ['from=2025-13-45', 'to=2026-02-30', 'from=2026-6-1']) {
        expect((await admin.get(`/api/admin/applications?${query}`)).statusCode, query).toBe(400);
        expect((await admin.get(`/api/admin/applications/export.csv?${query}`)).statusCode, query).toBe(400);
      }
      expect((await admin.get('/api/admin/applications?from=2024-02-29')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
