import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { Permission } from '@koza/domain/admin/roles';
import { forEachDialect } from '../helpers/databases.ts';
import { uniqueIp } from '../helpers/auth.ts';
import { createAdminApp, insertCompletedApplication, makeStaff, signInStaff } from './admin-helpers.ts';
import type { AdminApp, CompletedApplication, StaffClient } from './admin-helpers.ts';

// Every /api/admin route refuses: no session (401), a missing CSRF token on a call that changes
// something (403), the wrong role (403), another bank's application (404). The table below is
// checked against the routes the app serves, so a new admin route has to join it.

const app0177 = ':own';
const maintenanceBody = { startedAt: '2026-06-20T01:00', endedAt: '2026-06-20T05:00', reason: '点検' };
const noticeBody = { channel: null, contents: 'お知らせ', displayOrder: 5, startedAt: '2026-06-16T09:00', endedAt: null };
const routes: { method: 'GET' | 'POST'; url: string; access: 'public' | 'session' | Permission; body?: object }[] = [
  { method: 'POST', url: '/api/admin/sign-in', access: 'public' },
  { method: 'POST', url: '/api/admin/sign-in/passkey-options', access: 'public' },
  // Sign-in through the bank's identity provider (decision 0253): before any session.
  { method: 'GET', url: '/api/admin/sign-in-options', access: 'public' },
  { method: 'GET', url: '/api/admin/oidc/start', access: 'public' },
  { method: 'GET', url: '/api/admin/oidc/callback', access: 'public' },
  { method: 'POST', url: '/api/admin/oidc/backchannel-logout', access: 'public', body: { logout_token: 'not.a.token' } },
  { method: 'GET', url: '/api/admin/passkeys', access: 'session' },
  { method: 'POST', url: '/api/admin/passkeys/options', access: 'session' },
  { method: 'POST', url: '/api/admin/passkeys', access: 'session', body: { challengeId: 'x', response: {} } },
  { method: 'POST', url: '/api/admin/passkeys/:passkey/delete', access: 'session' },
  { method: 'GET', url: '/api/admin/session', access: 'session' },
  { method: 'POST', url: '/api/admin/sign-out', access: 'session' },
  { method: 'POST', url: '/api/admin/totp/setup', access: 'session' },
  { method: 'POST', url: '/api/admin/totp/confirm', access: 'session', body: { totpCode: '000000' } },
  { method: 'GET', url: '/api/admin/applications', access: 'applications.read' },
  { method: 'GET', url: '/api/admin/applications/export.csv', access: 'applications.read' },
  { method: 'GET', url: '/api/admin/branches', access: 'applications.read' },
  { method: 'GET', url: `/api/admin/applications/${app0177}`, access: 'applications.read' },
  { method: 'GET', url: `/api/admin/applications/${app0177}/documents/:doc`, access: 'applications.read' },
  { method: 'GET', url: `/api/admin/applications/${app0177}/ekyc-images/:kind`, access: 'applications.read' },
  { method: 'POST', url: `/api/admin/applications/${app0177}/propose`, access: 'applications.decide' },
  { method: 'POST', url: `/api/admin/applications/${app0177}/take`, access: 'applications.decide' },
  { method: 'POST', url: `/api/admin/applications/${app0177}/release`, access: 'applications.decide' },
  { method: 'POST', url: `/api/admin/applications/${app0177}/approve`, access: 'applications.decide' },
  { method: 'POST', url: `/api/admin/applications/${app0177}/reject`, access: 'applications.decide', body: { reasonCode: 'DOCUMENT_UNREADABLE' } },
  { method: 'POST', url: `/api/admin/applications/${app0177}/propose-cancel`, access: 'applications.cancel', body: { reasonCode: 'CARD_NOT_COLLECTED' } },
  { method: 'POST', url: `/api/admin/applications/${app0177}/cancel`, access: 'applications.cancel' },
  { method: 'GET', url: '/api/admin/staff', access: 'staff.manage' },
  {
    method: 'POST',
    url: '/api/admin/staff',
    access: 'staff.manage',
    body: { loginId: 'new.person', displayName: '新人', role: 'VIEWER', password: 'a long enough password' },
  },
  { method: 'POST', url: '/api/admin/staff/:staff/confirm', access: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/:staff/role', access: 'staff.manage', body: { role: 'VIEWER' } },
  { method: 'POST', url: '/api/admin/staff/:staff/unlock', access: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/:staff/disable', access: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/:staff/enable', access: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/:staff/totp-reset', access: 'staff.manage' },
  { method: 'GET', url: '/api/admin/staff/:staff/sessions', access: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/:staff/sessions/end', access: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/:staff/password', access: 'staff.manage' },
  { method: 'POST', url: '/api/admin/staff/:staff/oidc-link', access: 'staff.manage', body: { subject: 'provider-subject-1' } },
  { method: 'POST', url: '/api/admin/staff/:staff/oidc-unlink', access: 'staff.manage' },
  { method: 'POST', url: '/api/admin/password', access: 'session', body: { currentPassword: 'not the password', newPassword: 'a brand new password' } },
  { method: 'GET', url: '/api/admin/audit', access: 'audit.read' },
  { method: 'GET', url: '/api/admin/audit/export.csv', access: 'audit.read' },
  { method: 'GET', url: '/api/admin/maintenance', access: 'announcements.read' },
  { method: 'POST', url: '/api/admin/maintenance', access: 'announcements.publish', body: maintenanceBody },
  { method: 'POST', url: '/api/admin/maintenance/:maintenance', access: 'announcements.publish', body: maintenanceBody },
  { method: 'POST', url: '/api/admin/maintenance/:maintenance/end', access: 'announcements.publish' },
  { method: 'GET', url: '/api/admin/notices', access: 'announcements.read' },
  { method: 'POST', url: '/api/admin/notices', access: 'announcements.publish', body: noticeBody },
  { method: 'POST', url: '/api/admin/notices/:notice', access: 'announcements.publish', body: noticeBody },
  { method: 'GET', url: '/api/admin/funnel', access: 'funnel.read' },
  { method: 'GET', url: '/api/admin/funnel/export.csv', access: 'funnel.read' },
];

/** A role that lacks each permission. */
const wrongRole: Record<Permission, 'VIEWER' | 'REVIEWER' | 'ADMIN' | null> = {
  'applications.read': null,
  'applications.decide': 'VIEWER',
  'applications.cancel': 'ADMIN',
  'staff.manage': 'REVIEWER',
  'audit.read': 'REVIEWER',
  'announcements.read': null,
  'announcements.publish': 'REVIEWER',
  'funnel.read': null,
};

forEachDialect((dialect) => {
  let app: AdminApp;
  let application: CompletedApplication;
  let documentId: string;
  let staffId: string;
  let maintenanceId: number;
  let noticeId: number;
  const clients: Record<string, StaffClient> = {};

  const urlOf = (url: string) =>
    url
      .replace(app0177, application.id)
      .replace(':doc', documentId)
      .replace(':kind', 'face')
      .replace(':staff', staffId)
      .replace(':maintenance', String(maintenanceId))
      .replace(':notice', String(noticeId))
      .replace(':passkey', 'no-such-passkey');

  beforeAll(async () => {
    app = await createAdminApp(await dialect.createDb());
    application = await insertCompletedApplication(app);
    documentId = (await app.deps.db.kysely.selectFrom('documents').select('id').where('applicationId', '=', application.id).executeTakeFirstOrThrow()).id;
    for (const role of ['VIEWER', 'REVIEWER', 'ADMIN'] as const) clients[role] = await signInStaff(app, await makeStaff(app, '0177', role));
    // Staff of another bank, with every permission between them.
    clients.REVIEWER_0587 = await signInStaff(app, await makeStaff(app, '0587', 'REVIEWER'));
    clients.ADMIN_0587 = await signInStaff(app, await makeStaff(app, '0587', 'ADMIN'));
    staffId = (await makeStaff(app, '0177', 'VIEWER')).id;
    // A maintenance window and a notice of bank 0177 (the other bank's staff must get 404 for them).
    maintenanceId = ((await clients.ADMIN!.post('/api/admin/maintenance', maintenanceBody)).json() as { id: number }).id;
    noticeId = ((await clients.ADMIN!.post('/api/admin/notices', noticeBody)).json() as { id: number }).id;
  });
  afterAll(() => app?.close());

  it('lists every /api/admin route the app serves', () => {
    const served: string[] = [];
    const stack: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?/.exec(line);
      if (!m) continue;
      stack.length = m[1]!.length / 4;
      stack.push(m[2]!);
      const path = stack.join('');
      for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD' && path.startsWith('/api/admin/')) served.push(`${method} ${path}`);
    }
    const listed = routes.map(
      (r) =>
        `${r.method} ${r.url
          .replace(app0177, ':id')
          .replace(':doc', ':documentId')
          .replace(/:staff|:maintenance|:notice|:passkey/, ':id')}`,
    );
    expect(served.sort()).toEqual(listed.sort());
  });

  it('answers 401 without a session (and with a made-up cookie) on every route but sign-in', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      for (const cookie of [undefined, 'koza_staff=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'koza_staff=%00']) {
        const response = await app.inject({
          method: route.method,
          url: urlOf(route.url),
          headers: cookie ? { cookie } : {},
          ...(route.method === 'POST' ? { payload: route.body ?? {} } : {}),
        });
        expect(response.statusCode, `${route.method} ${route.url} cookie=${cookie}`).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
    }
  });

  it('answers 403 to a state-changing call without the CSRF token, or with another session’s', async () => {
    for (const route of routes.filter((r) => r.method === 'POST' && r.access !== 'public')) {
      const client = clients.REVIEWER!;
      const none = await client.postWithoutCsrf(urlOf(route.url), route.body);
      expect(none.statusCode, `${route.url}`).toBe(403);
      expect(none.json()).toMatchObject({ code: 'CSRF' });
      const foreign = await app.inject({
        method: 'POST',
        url: urlOf(route.url),
        headers: { cookie: client.cookie, 'x-csrf-token': clients.VIEWER!.csrf },
        payload: route.body ?? {},
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toMatchObject({ code: 'CSRF' });
    }
    // Nothing happened: still waiting for review.
    expect((await clients.VIEWER!.get(`/api/admin/applications/${application.id}`)).json()).toMatchObject({ status: 'COMPLETED' });
  });

  it('answers 403 to a role without the route’s permission', async () => {
    for (const route of routes) {
      if (route.access === 'public' || route.access === 'session') continue;
      const role = wrongRole[route.access];
      if (role === null) continue; // every role may read
      const client = clients[role]!;
      const response = route.method === 'GET' ? await client.get(urlOf(route.url)) : await client.post(urlOf(route.url), route.body);
      expect(response.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect((await clients.ADMIN!.get(`/api/admin/applications/${application.id}`)).json()).toMatchObject({ status: 'COMPLETED', pinErased: false });
  });

  it('answers 404 to staff of another bank for the application, its document and decisions, as for one that does not exist', async () => {
    for (const route of routes.filter((r) => /:own|:staff|:maintenance|:notice/.test(r.url))) {
      const client = route.access === 'staff.manage' || route.access === 'announcements.publish' ? clients.ADMIN_0587! : clients.REVIEWER_0587!;
      const response = route.method === 'GET' ? await client.get(urlOf(route.url)) : await client.post(urlOf(route.url), route.body);
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
    const missing = await clients.REVIEWER!.get('/api/admin/applications/00000000-0000-0000-0000-000000000000');
    expect(missing.statusCode).toBe(404);
    // The other bank's list does not show it either.
    const list = await clients.REVIEWER_0587!.get('/api/admin/applications');
    expect((list.json() as { items: { id: string }[] }).items.map((i) => i.id)).not.toContain(application.id);
    expect((await clients.REVIEWER!.get(`/api/admin/applications/${application.id}`)).json()).toMatchObject({ status: 'COMPLETED', pinErased: false });
  });

  it('answers no 5xx to wrong bodies, queries and ids, signed in', async () => {
    const bodies = [
      '{',
      'null',
      '[]',
      '"x"',
      JSON.stringify({ reason: 1, loginId: ['a'], role: 'ROOT', password: null, totpCode: 123456 }),
      JSON.stringify({ reason: 'x'.repeat(600) }),
    ];
    for (const client of [clients.REVIEWER!, clients.ADMIN!]) {
      for (const route of routes) {
        for (const url of [
          urlOf(route.url),
          urlOf(route.url).replace(application.id, '%ZZ'),
          `${urlOf(route.url)}?status=NOPE&page=-1&from=2026-13-45&kanaName[]=a`,
        ]) {
          if (route.method === 'GET') {
            const r = await client.get(url);
            expect(r.statusCode, `${url} ${r.body.slice(0, 100)}`).toBeLessThan(500);
            continue;
          }
          for (const payload of bodies) {
            const r = await app.inject({
              method: 'POST',
              url,
              headers: { cookie: client.cookie, 'x-csrf-token': client.csrf, 'content-type': 'application/json' },
              payload,
              remoteAddress: uniqueIp(),
            });
            expect(r.statusCode, `${url} ${payload.slice(0, 40)} → ${r.body.slice(0, 100)}`).toBeLessThan(500);
          }
        }
      }
    }
  });
});

describe('the admin app under /admin', () => {
  it('is served with its own CSP, apart from the applicant SPA', async () => {
    const { createTestApp } = await import('../helpers/app.ts');
    const { testTempDir } = await import('../helpers/app.ts');
    const { writeFileSync, mkdirSync } = await import('node:fs');
    const dist = testTempDir('admin-dist-');
    mkdirSync(`${dist}/assets`);
    writeFileSync(`${dist}/index.html`, '<!doctype html><title>管理画面</title>');
    writeFileSync(`${dist}/assets/app.js`, 'console.log(1)');
    const { openDatabase } = await import('../../src/db/database.ts');
    const db = await openDatabase({ dialect: 'sqlite', path: ':memory:' });
    const app = await createTestApp({ db, env: { ADMIN_DIST_DIR: dist } });
    try {
      const page = await app.inject({ method: 'GET', url: '/admin/applications/123' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('管理画面');
      expect(page.headers['content-security-policy']).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
      );
      const script = await app.inject({ method: 'GET', url: '/admin/assets/app.js' });
      expect(script.headers['content-type']).toContain('text/javascript');
      expect(script.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/admin/../package.json' })).body).not.toContain('"name"');
      for (const url of ['/admin', '/admin/']) {
        const root = await app.inject({ method: 'GET', url });
        expect(root.statusCode).toBe(200);
        expect(root.body).toContain('管理画面');
      }
    } finally {
      await app.close();
      await db.close();
    }
  });
});
