import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@koza/domain/admin/messages';
import { messages } from '@koza/domain/messages';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { hosts } from '../helpers/auth.ts';
import { adminNow, createAdminApp, makeStaff, signInStaff } from './admin-helpers.ts';
import type { AdminApp, StaffClient } from './admin-helpers.ts';

// Maintenance windows and notices by staff (issue 15): what the applicant's calls answer after each
// change, on this instance and on another one reading the same database; who may change what; the
// audit lines. The clock is 2026-06-16 10:00 Japan time.

const cameraNotice = '口座開設のお申込みには、運転免許証またはマイナンバーカードと、本人確認を行うスマートフォンのカメラが必要です。';

forEachDialect((dialect) => {
  let app: AdminApp;
  let other: AdminApp; // a second API instance on the same database
  let admin: StaffClient;
  let admin0177: StaffClient;
  let viewer: StaffClient;

  beforeAll(async () => {
    const url = await dialect.createDatabaseUrl();
    app = await createAdminApp(await openDatabase(parseDatabaseUrl(url)));
    other = await createAdminApp(await openDatabase(parseDatabaseUrl(url)));
    admin = await signInStaff(app, await makeStaff(app, '0587', 'ADMIN'));
    admin0177 = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
    viewer = await signInStaff(app, await makeStaff(app, '0587', 'VIEWER'));
    app.clock.set(adminNow); // the ADMINs' TOTP enrolment moved it on
  });
  afterAll(async () => {
    for (const a of [app, other]) {
      await a?.close();
      await a?.deps.db.close();
    }
  });

  const maintenance = (a: AdminApp, host: string) => a.inject({ method: 'GET', url: '/api/maintenance', headers: { host } });
  const notices = async (a: AdminApp, target: string, host: string) =>
    (
      (await a.inject({ method: 'GET', url: `/api/notifications/${target}`, headers: { host } })).json() as { notificationList: { contents: string }[] }
    ).notificationList.map((n) => n.contents);
  const auditActions = async (client: StaffClient) =>
    ((await client.get('/api/admin/audit')).json() as { items: { action: string; detail: string | null }[] }).items;

  it('puts a window in effect at once for its bank on every instance, and ending it removes it', async () => {
    expect((await maintenance(other, hosts['0587'])).statusCode).toBe(404);
    const created = await admin.post('/api/admin/maintenance', { startedAt: '2026-06-16T09:30', endedAt: '2026-06-16T12:00', reason: '臨時点検' });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    for (const a of [app, other]) {
      const answer = await maintenance(a, hosts['0587']);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ startedAt: '2026-06-16T09:30:00+09:00', endedAt: '2026-06-16T12:00:00+09:00' });
      expect((await maintenance(a, hosts['0177'])).statusCode).toBe(404);
    }
    const listed = (await viewer.get('/api/admin/maintenance')).json() as {
      items: { id: number; state: string; editable: boolean; bankCode: string | null; updatedBy: string }[];
    };
    expect(listed.items.find((w) => w.id === id)).toMatchObject({ state: 'ACTIVE', editable: true, bankCode: '0587' });
    // The windows for every bank from data/files are listed but not editable here.
    const everyBank = listed.items.find((w) => w.bankCode === null)!;
    expect(everyBank.editable).toBe(false);
    expect((await admin.post(`/api/admin/maintenance/${everyBank.id}/end`)).statusCode).toBe(404);

    // Edit: a later end, seen at once.
    expect((await admin.post(`/api/admin/maintenance/${id}`, { startedAt: '2026-06-16T09:30', endedAt: '2026-06-16T13:15', reason: null })).statusCode).toBe(
      204,
    );
    expect((await maintenance(other, hosts['0587'])).json()).toMatchObject({ endedAt: '2026-06-16T13:15:00+09:00' });

    expect((await admin.post(`/api/admin/maintenance/${id}/end`)).statusCode).toBe(204);
    expect((await maintenance(app, hosts['0587'])).statusCode).toBe(404);
    expect((await maintenance(other, hosts['0587'])).statusCode).toBe(404);
    const ended = (
      (await admin.get('/api/admin/maintenance')).json() as { items: { id: number; state: string; editable: boolean; endedAt: string }[] }
    ).items.find((w) => w.id === id);
    expect(ended).toMatchObject({ state: 'ENDED', editable: false, endedAt: '2026-06-16T10:00:00+09:00' });
    // An ended window cannot change any more.
    const again = await admin.post(`/api/admin/maintenance/${id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: adminMessages.maintenanceEnded });

    const lines = await auditActions(admin);
    expect(lines.map((l) => l.action)).toEqual(expect.arrayContaining(['CREATE_MAINTENANCE', 'UPDATE_MAINTENANCE', 'END_MAINTENANCE']));
    expect(lines.find((l) => l.action === 'CREATE_MAINTENANCE')?.detail).toBe(`#${id} 2026-06-16T09:30〜2026-06-16T12:00`);
  });

  it('calls off a window that has not started: it never takes effect', async () => {
    const { id } = (await admin.post('/api/admin/maintenance', { startedAt: '2026-06-16T11:00', endedAt: '2026-06-16T12:00' })).json() as { id: number };
    expect((await admin.post(`/api/admin/maintenance/${id}/end`)).statusCode).toBe(204);
    app.clock.set('2026-06-16T11:30:00+09:00');
    expect((await maintenance(app, hosts['0587'])).statusCode).toBe(404);
    app.clock.set('2026-06-16T10:00:00+09:00');
  });

  it('refuses bad periods with field messages in Japanese', async () => {
    const cases: [object, string][] = [
      [{ startedAt: '2026-06-16T12:00', endedAt: '2026-06-16T11:00' }, adminMessages.endBeforeStart],
      [{ startedAt: '2026-06-15T08:00', endedAt: '2026-06-15T09:00' }, adminMessages.endInPast],
      [{ startedAt: '2026-02-30T08:00', endedAt: '2026-06-20T09:00' }, adminMessages.dateTimeInvalid],
      [{ startedAt: '2026-06-16T08:00+09:00', endedAt: '2026-06-20T09:00' }, adminMessages.dateTimeInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post('/api/admin/maintenance', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { errors: { message: string }[] }).errors.map((e) => e.message)).toContain(message);
    }
  });

  it('publishes a notice for a channel at the bank: only that channel there sees it', async () => {
    const body = {
      channel: 'spring-fair',
      contents: '春のフェア会場でお申込みのお客さまへ\n記念品をお渡しします。',
      displayOrder: 1,
      startedAt: '2026-06-16T09:00',
      endedAt: '',
    };
    const created = await admin.post('/api/admin/notices', body);
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    expect(await notices(other, 'spring-fair', hosts['0587'])).toEqual([body.contents]);
    expect(await notices(other, 'spring-fair', hosts['0177'])).toEqual([]);
    expect(await notices(other, '0587', hosts['0587'])).toEqual([cameraNotice]);

    // A second one ordered before it; then the first is taken down by an end in the past.
    await admin.post('/api/admin/notices', { ...body, contents: '先に表示するお知らせ', displayOrder: 0 }).then((r) => expect(r.statusCode).toBe(400));
    expect(
      (await admin.post('/api/admin/notices', { ...body, contents: '先に表示するお知らせ', displayOrder: 1, startedAt: '2026-06-16T08:00' })).statusCode,
    ).toBe(201);
    expect(await notices(app, 'spring-fair', hosts['0587'])).toEqual(['先に表示するお知らせ', body.contents]);
    expect((await admin.post(`/api/admin/notices/${id}`, { ...body, endedAt: '2026-06-16T10:00' })).statusCode).toBe(204);
    expect(await notices(app, 'spring-fair', hosts['0587'])).toEqual(['先に表示するお知らせ']);

    const listed = (
      (await viewer.get('/api/admin/notices')).json() as {
        items: { id: number; state: string; editable: boolean; channel: string | null; bankCode: string | null }[];
      }
    ).items;
    expect(listed.find((n) => n.id === id)).toMatchObject({ state: 'ENDED', editable: true, channel: 'spring-fair' });
    // The campaign notice for every bank (data/files) is shown, not editable; 0177's are not shown at all.
    const campaign = listed.find((n) => n.channel === 'campaign')!;
    expect(campaign).toMatchObject({ bankCode: null, editable: false });
    expect((await admin.post(`/api/admin/notices/${campaign.id}`, body)).statusCode).toBe(404);
    expect(listed.every((n) => n.bankCode !== '0177')).toBe(true);
    expect((await admin0177.post(`/api/admin/notices/${id}`, body)).statusCode).toBe(404);
    expect((await auditActions(admin)).map((l) => l.action)).toEqual(expect.arrayContaining(['CREATE_NOTICE', 'UPDATE_NOTICE']));
  });

  it('lets staff edit the notices seeded from data/files, and keeps the edit', async () => {
    const seeded = (
      (await admin.get('/api/admin/notices')).json() as { items: { id: number; bankCode: string | null; channel: string | null; contents: string }[] }
    ).items.find((n) => n.bankCode === '0587' && n.channel === null)!;
    const edited = { channel: null, contents: `${cameraNotice}（熊本）`, displayOrder: 2, startedAt: '2025-04-01T00:00', endedAt: null };
    expect((await admin.post(`/api/admin/notices/${seeded.id}`, edited)).statusCode).toBe(204);
    expect(await notices(other, '0587', hosts['0587'])).toEqual([edited.contents]);
  });

  it('refuses a bad notice with field messages', async () => {
    const base = { channel: null, contents: 'x', displayOrder: 1, startedAt: '2026-06-16T09:00', endedAt: null };
    const cases: [object, string][] = [
      [{ ...base, contents: '  ' }, adminMessages.noticeContentsRequired],
      [{ ...base, contents: 'あ'.repeat(1001) }, adminMessages.noticeContentsTooLong],
      [{ ...base, contents: 'a\u202Eb' }, messages.forbiddenChars],
      [{ ...base, channel: 'no spaces' }, adminMessages.channelInvalid],
      [{ ...base, channel: 'c'.repeat(21) }, adminMessages.channelInvalid],
      [{ ...base, displayOrder: 1000 }, adminMessages.displayOrderInvalid],
      [{ ...base, endedAt: '2026-06-16T08:00' }, adminMessages.endBeforeStart],
    ];
    for (const [body, message] of cases) {
      const response = await admin.post('/api/admin/notices', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { errors: { message: string }[] }).errors.map((e) => e.message)).toContain(message);
    }
  });
});
