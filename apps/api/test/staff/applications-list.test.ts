import { afterAll, beforeAll, expect, it } from 'vitest';
import { forEachDialect } from '../helpers/databases.ts';
import { createAdminApp, insertCompletedApplication, makeStaff, signInStaff } from './admin-helpers.ts';
import type { AdminApp, CompletedApplication, StaffClient } from './admin-helpers.ts';

// The application list: filters (status, type, completion dates, receipt number, kana name), pages
// of 50, the CSV export (UTF-8 with a BOM for Excel), documents as images, the audit log and its CSV.

forEachDialect((dialect) => {
  let app: AdminApp;
  let reviewer: StaffClient;
  let admin: StaffClient;
  let yamada: CompletedApplication;
  let suzuki: CompletedApplication;
  let child: CompletedApplication;

  beforeAll(async () => {
    app = await createAdminApp(await dialect.createDb());
    yamada = await insertCompletedApplication(app, { completedAt: '2026-06-01T09:00:00+09:00' });
    suzuki = await insertCompletedApplication(app, { kana: ['ｽｽﾞｷ', 'ﾊﾅｺ'], name: ['鈴木', '花子'], completedAt: '2026-06-10T23:30:00+09:00' });
    child = await insertCompletedApplication(app, { type: 'CHILD', kana: ['ｻﾄｳ', 'ｼﾞﾛｳ'], name: ['佐藤', '次郎'], completedAt: '2026-06-12T08:00:00+09:00' });
    for (let i = 0; i < 52; i++) await insertCompletedApplication(app, { bankCode: '0587', completedAt: '2026-06-05T10:00:00+09:00' });
    reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
    admin = await signInStaff(app, await makeStaff(app, '0177', 'ADMIN'));
  });
  afterAll(() => app?.close());

  const ids = async (query: string) => ((await reviewer.get(`/api/admin/applications${query}`)).json() as { items: { id: string }[] }).items.map((i) => i.id);

  it('filters by status, type, completion day (Japan time), receipt number and kana name (any width, hiragana too)', async () => {
    expect(await ids('')).toEqual([child.id, suzuki.id, yamada.id]);
    expect(await ids('?type=CHILD')).toEqual([child.id]);
    expect(await ids('?from=2026-06-10&to=2026-06-10')).toEqual([suzuki.id]);
    expect(await ids('?from=2026-06-11')).toEqual([child.id]);
    expect(await ids(`?applicationNumber=${suzuki.applicationNumber.slice(-6)}`)).toEqual([suzuki.id]);
    expect(await ids('?kanaName=すずき')).toEqual([suzuki.id]);
    expect(await ids(`?kanaName=${encodeURIComponent('スズキ ハナコ')}`)).toEqual([suzuki.id]);
    expect(await ids('?kanaName=%EF%BD%BB%EF%BE%84%EF%BD%B3')).toEqual([child.id]); // ｻﾄｳ
    expect(await ids('?kanaName=%25')).toEqual([]); // a LIKE wildcard is a plain character
    expect(await ids('?status=COMPLETED')).toHaveLength(3);
    expect(await ids('?status=APPROVED')).toEqual([]);
    expect((await reviewer.get('/api/admin/applications?status=DRAFT')).statusCode).toBe(400);
  });

  it('pages by 50', async () => {
    const other = await signInStaff(app, await makeStaff(app, '0587', 'VIEWER'));
    const first = (await other.get('/api/admin/applications')).json() as { items: unknown[]; total: number; pageSize: number };
    expect(first).toMatchObject({ total: 52, pageSize: 50 });
    expect(first.items).toHaveLength(50);
    expect(((await other.get('/api/admin/applications?page=2')).json() as { items: unknown[] }).items).toHaveLength(2);
  });

  it('orders by any column, filters by branch and age, and answers age, the target and whether a case is late', async () => {
    expect(await ids('?sort=completedAt&order=asc')).toEqual([yamada.id, suzuki.id, child.id]);
    expect(await ids('?sort=age&order=desc')).toEqual([yamada.id, suzuki.id, child.id]);
    expect(await ids('?sort=kanaName&order=asc')).toEqual([child.id, suzuki.id, yamada.id]);
    expect(await ids('?branch=100')).toHaveLength(3);
    expect(await ids('?branch=999')).toEqual([]);
    // Now is 2026-06-16 10:00 (a Tuesday): suzuki is 6 days old, yamada 15, the child 4.
    expect(await ids('?minAge=6')).toEqual([suzuki.id, yamada.id]);
    expect(await ids('?minAge=7')).toEqual([yamada.id]);
    const list = (await reviewer.get('/api/admin/applications?sort=age&order=asc')).json();
    expect(list.targetBusinessDays).toBe(2);
    // The child came on Friday the 12th: Monday and Tuesday are 2 business days, not past the target.
    expect(list.items.map((i: { ageDays: number; overdue: boolean }) => [i.ageDays, i.overdue])).toEqual([
      [4, false],
      [6, true],
      [15, true],
    ]);
  });

  it('lists the staff’s own bank’s branches by code for the branch filter, to staff only', async () => {
    const branches = async (bank: '0177' | '0587') =>
      ((await (await signInStaff(app, await makeStaff(app, bank, 'VIEWER'))).get('/api/admin/branches')).json() as { items: { code: string; name: string }[] })
        .items;
    const fukuoka = await branches('0177');
    expect(fukuoka.length).toBeGreaterThan(10);
    expect(fukuoka.map((b) => b.code)).toEqual([...fukuoka.map((b) => b.code)].sort());
    expect(fukuoka).toContainEqual({ code: '100', name: expect.stringMatching(/\S/) });
    expect(await branches('0587')).not.toEqual(fukuoka);
    expect((await app.inject({ method: 'GET', url: '/api/admin/branches' })).statusCode).toBe(401);
  });

  it('takes each bank’s own target: REVIEW_TARGET_BUSINESS_DAYS for every bank, _<bank code> for one', async () => {
    const fresh = await createAdminApp(await dialect.createDb(), { env: { REVIEW_TARGET_BUSINESS_DAYS: '3', REVIEW_TARGET_BUSINESS_DAYS_0177: '5' } });
    try {
      const target = async (bank: '0177' | '0587') =>
        ((await (await signInStaff(fresh, await makeStaff(fresh, bank, 'VIEWER'))).get('/api/admin/applications')).json() as { targetBusinessDays: number })
          .targetBusinessDays;
      expect(await target('0177')).toBe(5);
      expect(await target('0587')).toBe(3);
    } finally {
      await fresh.close();
    }
  });

  it('gives the views mine, unassigned and waiting for a second check', async () => {
    const fresh = await createAdminApp(await dialect.createDb());
    try {
      const one = await insertCompletedApplication(fresh);
      const two = await insertCompletedApplication(fresh);
      const me = await signInStaff(fresh, await makeStaff(fresh, '0177', 'REVIEWER'));
      const colleague = await signInStaff(fresh, await makeStaff(fresh, '0177', 'REVIEWER'));
      const view = async (client: StaffClient, name: string) =>
        ((await client.get(`/api/admin/applications?view=${name}`)).json() as { items: { id: string; assignee: string | null; proposed: boolean }[] }).items;
      expect(await view(me, 'unassigned')).toHaveLength(2);
      await me.post(`/api/admin/applications/${one.id}/take`);
      await colleague.post(`/api/admin/applications/${two.id}/propose`);
      expect((await view(me, 'mine')).map((i) => i.id)).toEqual([one.id]);
      expect(await view(colleague, 'mine')).toEqual([]);
      expect((await view(me, 'unassigned')).map((i) => i.id)).toEqual([two.id]);
      expect(await view(me, 'second')).toMatchObject([{ id: two.id, proposed: true, assignee: null }]);
      expect((await me.get('/api/admin/applications?view=elsewhere')).statusCode).toBe(400);
    } finally {
      await fresh.close();
    }
  });

  it('exports the filtered list as CSV with a BOM, every row, not only one page', async () => {
    const csv = await reviewer.get('/api/admin/applications/export.csv?type=GENERAL');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="applications-0177-\d{8}\.csv"$/);
    const bytes = csv.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('"受付番号","申込種別","状態","氏名","フリガナ","取引店","申込完了日時","経過日数","目標超過","担当者","二次確認待ち"');
    // Japanese words for the codes, in the view's order.
    expect(lines.slice(1)).toEqual([
      `"${suzuki.applicationNumber}","一般（18歳以上）","審査待ち","鈴木 花子","ｽｽﾞｷ ﾊﾅｺ","本店営業部","2026/06/10 23:30","6","超過","",""`,
      `"${yamada.applicationNumber}","一般（18歳以上）","審査待ち","山田 太郎","ﾔﾏﾀﾞ ﾀﾛｳ","本店営業部","2026/06/01 09:00","15","超過","",""`,
    ]);
    const oldestFirst = (await reviewer.get('/api/admin/applications/export.csv?type=GENERAL&sort=age&order=desc')).body.trimEnd().split('\r\n');
    expect(oldestFirst[1]).toContain(yamada.applicationNumber);
  });

  it('shows every field of a child application with its parent section, and its documents as images', async () => {
    const detail = (await reviewer.get(`/api/admin/applications/${child.id}`)).json() as {
      applicationParent: object | null;
      documents: { id: string }[];
      application: Record<string, unknown>;
    };
    expect(detail.application).toMatchObject({ applicationType: 'CHILD', lastName: '佐藤', branchCode: '100', utilizationPurpose: '生活費決済' });
    expect(detail.applicationParent).toMatchObject({ lastName: null, relationship: null });
    expect(detail.documents).toHaveLength(1);
    const image = await reviewer.get(`/api/admin/applications/${child.id}/documents/${detail.documents[0]!.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    expect([...image.rawPayload.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // A document id of another application is not found through this one.
    const yamadaDoc = ((await reviewer.get(`/api/admin/applications/${yamada.id}`)).json() as { documents: { id: string }[] }).documents[0]!.id;
    expect((await reviewer.get(`/api/admin/applications/${child.id}/documents/${yamadaDoc}`)).statusCode).toBe(404);
    expect((await reviewer.get(`/api/admin/applications/${yamada.id}`)).json()).toMatchObject({ applicationParent: null });
  });

  it('shows the audit log to ADMIN, newest first, and exports it as CSV', async () => {
    await reviewer.get(`/api/admin/applications/${yamada.id}`);
    const page = (await admin.get('/api/admin/audit')).json() as {
      items: { action: string; staffLoginId: string; applicationNumber: string | null; ipAddress: string }[];
    };
    // Reading the log is itself a line (the newest), then the reviewer's view.
    expect(page.items[0]).toMatchObject({ action: 'VIEW_AUDIT', ipAddress: admin.ip });
    expect(page.items[1]).toMatchObject({ action: 'VIEW_APPLICATION', applicationNumber: yamada.applicationNumber, ipAddress: reviewer.ip });
    const csv = await admin.get('/api/admin/audit/export.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body.startsWith('\uFEFF"番号","日時","ログインID","操作","受付番号","申込ID","内容","接続元"\r\n')).toBe(true);
    expect(csv.body).toContain(`"VIEW_APPLICATION","${yamada.applicationNumber}","${yamada.id}"`);
    // Another bank's lines are not there.
    expect(csv.body).not.toContain('.0587.');
  });
});
