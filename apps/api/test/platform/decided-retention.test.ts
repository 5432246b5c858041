import { readFileSync, existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { applicantStatusLabels, applicantStatusNext } from '@koza/domain/application-status';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, parseDatabaseUrl } from '../../src/db/database.ts';
import { verifyAuditChain } from '../../src/db/audit-chain.ts';
import { auditChainRows } from '../../src/db/repositories/audit-repository.ts';
import { runRetention } from '../../src/services/platform/retention.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { uniqueIp } from '../helpers/auth.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { readyChildApplicant, uploadChildDocuments } from '../helpers/child-application.ts';
import { finishEkycWithWebhook, postEmpty, readyApplicant } from '../helpers/ready-application.ts';
import type { Applicant } from '../helpers/application-steps.ts';
import { approveByTwo, createAdminApp, insertCompletedApplication, mailsTo, makeStaff, runExporter, signInStaff } from '../staff/admin-helpers.ts';
import type { AdminApp, StaffClient } from '../staff/admin-helpers.ts';

// Issue 33, item 3 (docs/decisions/0239-decided-applications-erased.md): a decided application's
// personal data and documents are erased from the service once its purpose is over — 90 days after
// the hand-over, 180 after a rejection, 90 after a cancellation — leaving a stub (number, bank, flow,
// branch, states, dates). Applications completed through the applicant API (general and child,
// with documents, eKYC sessions, webhook receipts, sessions), decided through the back office, then
// the clock moved past each period: no name, address, phone, mail address, document or image is
// left in any table, while the status page, the work queue's counts, the funnel and the audit
// chain still answer.

const day = 86_400_000;
const policy = loadConfig({ NODE_ENV: 'test' }).retention;

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

interface Decided {
  id: string;
  applicationNumber: string;
  mailAddress: string;
}

async function completedThroughTheApi(app: AdminApp, ready: Promise<Applicant>, child = false): Promise<Decided> {
  const a = await ready;
  if (child) await uploadChildDocuments(a);
  await finishEkycWithWebhook(a, fake, 'PASSED');
  const completed = await postEmpty(a, '/api/application-complete');
  expect(completed.statusCode, completed.body).toBe(200);
  return {
    id: a.applicationId,
    applicationNumber: (completed.json() as { applicationNumber: string }).applicationNumber,
    mailAddress: (await a.row()).mailAddress,
  };
}

/** Reference data loaded from data/ (towns such as 山田 are places, not applicants). */
const referenceTables = new Set(['postal_codes', 'branches', 'occupations', 'workplaces', 'invitation_codes', 'reference_data_versions']);

/** Every row of every table as text (but the rows of `except`): where a personal value would be found if anything kept it. */
async function everyStoredValue(app: AdminApp, except: Decided): Promise<string> {
  const db = app.deps.db;
  const tables = (await db.kysely.introspection.getTables()).map((t) => t.name).filter((name) => !name.startsWith('kysely_') && !referenceTables.has(name));
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
    for (const row of rows.rows) {
      // Bytes (documents) as a mark; a Buffer is seen before its toJSON, through the holder.
      const text = JSON.stringify(row, function (this: Record<string, unknown>, key, value: unknown) {
        const raw = this[key];
        return raw instanceof Uint8Array ? `bytes:${Buffer.from(raw).toString('base64')}` : value;
      });
      if (!text.includes(except.id) && !text.includes(except.mailAddress)) parts.push(text);
    }
  }
  return parts.join('\n');
}

async function showStatus(app: AdminApp, application: Decided) {
  const headers = { host: 'fukuoka.localhost' };
  const remoteAddress = uniqueIp();
  app.clock.advance(31_000);
  const asked = await app.inject({
    method: 'POST',
    url: '/api/application-status/code',
    headers,
    remoteAddress,
    payload: { bankCode: '0177', mailAddress: application.mailAddress, applicationNumber: application.applicationNumber },
  });
  expect(asked.statusCode).toBe(204);
  const mail = (await mailsTo(app, application.mailAddress)).find((m) => m.subject.includes('お申込み状況の確認'));
  const code = /確認コード：(\d{6})/.exec(mail!.text)![1]!;
  const shown = await app.inject({
    method: 'POST',
    url: '/api/application-status',
    headers,
    remoteAddress,
    payload: { bankCode: '0177', mailAddress: application.mailAddress, applicationNumber: application.applicationNumber, verificationCode: code },
  });
  expect(shown.statusCode, shown.body).toBe(200);
  return shown.json() as { status: string; firstName: string; branchName: string };
}

/** What the applicant API's test payloads hold of a person: names, kana, birthdays, phones, the building, the workplace. */
const personalValues = [
  '"山田"',
  '"太郎"',
  '"花子"',
  '"良子"',
  '"ﾔﾏﾀﾞ"',
  '1990-04-01',
  '1985-05-05',
  '090-1234-5678',
  '080-1111-2222',
  '天神ハイツ101',
  '株式会社博多テスト',
  '092-111-2222',
];

/** An application approved by two (not exported), its cancellation proposed after the collection period; the second member signed in. */
async function approvedAndCancelProposed(app: AdminApp) {
  const application = await insertCompletedApplication(app);
  const [first, second] = [await makeStaff(app, '0177', 'REVIEWER'), await makeStaff(app, '0177', 'REVIEWER')];
  let [r1, r2] = [await signInStaff(app, first), await signInStaff(app, second)];
  expect((await approveByTwo(r1, r2, application.id)).statusCode).toBe(200);
  app.clock.advance(30 * day);
  [r1, r2] = [await signInStaff(app, first), await signInStaff(app, second)];
  expect((await r1.post(`/api/admin/applications/${application.id}/propose-cancel`, { reasonCode: 'CARD_NOT_COLLECTED' })).statusCode).toBe(200);
  return { application, r2 };
}

forEachDialect((dialect) => {
  it('erases decided applications past their periods to a stub, and the status page, the queue counts, the funnel and the audit chain still answer', async () => {
    const app = await createAdminApp(await dialect.createDb(), {
      env: { EKYC_PROVIDER_URL: fake.url, PUBLIC_BASE_URL: 'http://127.0.0.1:9' },
      now: '2026-06-15T10:00:00+09:00',
    });
    try {
      const approved = await completedThroughTheApi(app, readyApplicant(app));
      const child = await completedThroughTheApi(app, readyChildApplicant(app), true);
      const rejected = await completedThroughTheApi(app, readyApplicant(app));
      const cancelled = await completedThroughTheApi(app, readyApplicant(app));
      const open = await completedThroughTheApi(app, readyApplicant(app));

      const first = await makeStaff(app, '0177', 'REVIEWER');
      const second = await makeStaff(app, '0177', 'REVIEWER');
      const signIn = async (): Promise<[StaffClient, StaffClient]> => [await signInStaff(app, first), await signInStaff(app, second)];
      let [r1, r2] = await signIn();
      for (const a of [approved, child, cancelled]) expect((await approveByTwo(r1, r2, a.id)).statusCode).toBe(200);
      expect((await runExporter(app)).exported).toBe(3);
      const rejection = await r1.post(`/api/admin/applications/${rejected.id}/reject`, { reasonCode: 'ID_MISMATCH', reason: '山田様の書類の氏名が異なる' });
      expect(rejection.statusCode).toBe(200);
      app.clock.advance(30 * day); // the card's collection period
      [r1, r2] = await signIn();
      const proposal = await r1.post(`/api/admin/applications/${cancelled.id}/propose-cancel`, { reasonCode: 'CARD_NOT_COLLECTED', reason: '山田様 不在' });
      expect(proposal.statusCode).toBe(200);
      expect((await r2.post(`/api/admin/applications/${cancelled.id}/cancel`)).statusCode).toBe(200);
      const before = await everyStoredValue(app, open);
      for (const value of [...personalValues, approved.mailAddress, child.mailAddress]) expect(before.includes(value), value).toBe(true);
      expect(before).toMatch(/"bytes:/); // the child's documents

      // 59 days after the cancellation, 89 after the hand-over: nothing is due.
      app.clock.advance(59 * day);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 0 });
      // 91 days after the hand-over: the two approvals; the cancellation (61 days) and the rejection wait.
      app.clock.advance(2 * day);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 2 });
      // 91 days after the cancellation: it too.
      app.clock.advance(30 * day);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 1 });
      // 181 days after the rejection: it too; the open case never.
      app.clock.advance(60 * day);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 1 });
      app.clock.advance(3650 * day);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 0 });

      // No table holds a personal value of the decided applications any more; the open case keeps its own.
      const after = await everyStoredValue(app, open);
      for (const value of [...personalValues, ...[approved, child, rejected, cancelled].map((a) => a.mailAddress), '山田様', '不在', 'bytes:']) {
        expect(
          after.includes(value),
          `${value} in ${after
            .split('\n')
            .find((line) => line.includes(value))
            ?.slice(0, 300)}`,
        ).toBe(false);
      }
      const openRow = await app.deps.db.kysely.selectFrom('applications').selectAll().where('id', '=', open.id).executeTakeFirstOrThrow();
      expect(openRow).toMatchObject({ lastName: '山田', mailAddress: open.mailAddress, personalDataErasedAt: null });
      const rows = await app.deps.db.kysely.selectFrom('applications').selectAll().where('id', '!=', open.id).execute();
      expect(rows).toHaveLength(4);
      for (const row of rows) {
        expect(row).toMatchObject({ lastName: null, firstName: null, birthday: null, mobilePhoneNumber: null, addressSection: null, mailAddress: '' });
        expect(row.personalDataErasedAt).not.toBeNull();
        expect(row.applicationNumber).toMatch(/^0177-/);
        expect(row.branchCode).toBe('100');
      }
      const documents = await app.deps.db.kysely.selectFrom('documents').select('applicationId').execute();
      expect(documents.every((d) => d.applicationId === open.id)).toBe(true);
      expect(await app.deps.db.kysely.selectFrom('applicationParents').select('applicationId').execute()).toEqual([]);
      const reviewed = await app.deps.db.kysely.selectFrom('applicationReviews').select(['reason', 'cancelReason', 'outcome']).execute();
      expect(reviewed.every((r) => r.reason === null && r.cancelReason === null)).toBe(true);

      // The applicant still gets an answer, in words: closed, and the bank holds the details.
      const status = await showStatus(app, approved);
      expect(status).toMatchObject({ status: 'CLOSED', firstName: '', branchName: '本店営業部' });
      expect(applicantStatusLabels.CLOSED).toBe('お手続き終了');
      expect(applicantStatusNext.CLOSED.join('')).toContain('当行でお預かりしている記録');
      // The staff's queue still counts them, by state; the case view says what happened.
      [r1] = await signIn();
      expect((await r1.get('/api/admin/applications?status=APPROVED')).json()).toMatchObject({ total: 2 });
      expect((await r1.get('/api/admin/applications?status=REJECTED')).json()).toMatchObject({ total: 1 });
      expect((await r1.get('/api/admin/applications?status=CANCELLED')).json()).toMatchObject({ total: 1 });
      const stub = (await r1.get(`/api/admin/applications/${approved.id}`)).json();
      expect(stub).toMatchObject({ applicationNumber: approved.applicationNumber, status: 'APPROVED', personalDataErasedAt: expect.any(String) });
      expect(stub.ekyc).toMatchObject({ read: null });
      const funnel = await r1.get('/api/admin/funnel?type=GENERAL');
      expect(funnel.statusCode).toBe(200);
      // The audit chain was never touched: it verifies.
      expect(await verifyAuditChain(auditChainRows(app.deps.db))).toMatchObject({ ok: true });
    } finally {
      await app.close();
    }
  }, 120_000);

  // Issue 42, finding 4: the rows were gone but the bytes were not (SQLite's free space and WAL,
  // PostgreSQL's dead tuples). Fifty rejected applications with values found nowhere else, erased
  // by the job; then the database's files are read as bytes.
  it('erases the values from the database files too, not only from the tables', async () => {
    const url = await dialect.createDatabaseUrl();
    const app = await createAdminApp(await openDatabase(parseDatabaseUrl(url)), { now: '2026-06-15T10:00:00+09:00' });
    try {
      const tag = `${process.pid}${Date.now().toString(36)}`;
      const values: string[] = [];
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      for (let i = 0; i < 50; i += 1) {
        const name: [string, string] = [`消去試験${tag}`, `花${i}子`];
        const kana: [string, string] = [`ｼｮｳｷｮ${tag}`, `ﾊﾅｺ${i}`];
        const application = await insertCompletedApplication(app, { name, kana });
        const note = `面談記録${tag}番${i}`;
        expect((await reviewer.post(`/api/admin/applications/${application.id}/reject`, { reasonCode: 'ID_MISMATCH', reason: note })).statusCode).toBe(200);
        values.push(name.join(''), kana[0], application.mailAddress, note);
      }
      /** The SQLite database file and its write-ahead log, as bytes. */
      const fileBytes = () => {
        const location = parseDatabaseUrl(url);
        const file = location.dialect === 'sqlite' ? location.path : '';
        return Buffer.concat([file, `${file}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)));
      };
      const present = (bytes: Buffer) => values.filter((v) => bytes.includes(Buffer.from(v, 'utf8')));
      if (dialect.name === 'sqlite') expect(present(fileBytes())).toEqual(values);

      app.clock.advance(181 * day);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 50, spaceReclaimed: true });
      if (dialect.name === 'sqlite') {
        expect(present(fileBytes())).toEqual([]);
      } else {
        // Vacuumed: no dead tuple of the erased rows is left in the tables' pages.
        const stats = await sql<{ relname: string; vacuumed: boolean }>`
          select relname, last_vacuum is not null as vacuumed from pg_stat_user_tables
          where relname in ('applications', 'application_reviews', 'documents')`.execute(app.deps.db.kysely);
        expect(stats.rows.map((r) => [r.relname, r.vacuumed]).toSorted()).toEqual([
          ['application_reviews', true],
          ['applications', true],
          ['documents', true],
        ]);
        const dead = await sql<{ n: number }>`select count(*)::int as n from applications where last_name like ${`消去試験${tag}%`}`.execute(
          app.deps.db.kysely,
        );
        expect(dead.rows[0]!.n).toBe(0);
      }
    } finally {
      await app.close();
      await app.deps.db.close();
    }
  }, 120_000);

  it('keeps an approved application whose cancellation waits for its second person, past the period', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const { application } = await approvedAndCancelProposed(app);
      app.clock.advance(61 * day);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 0 });
      const row = await app.deps.db.kysely
        .selectFrom('applications')
        .select(['lastName', 'personalDataErasedAt'])
        .where('id', '=', application.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ lastName: '山田', personalDataErasedAt: null });
    } finally {
      await app.close();
    }
  });

  it('never erases an application whose hand-over still waits in the outbox; once exported, the outbox holds nothing of it (decision 0249)', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const { application, r2 } = await approvedAndCancelProposed(app);
      expect((await r2.post(`/api/admin/applications/${application.id}/cancel`)).statusCode).toBe(200);
      // Past the cancellation's period, the exporter never having run: kept whole, with its hand-over.
      app.clock.advance(91 * day);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 0 });
      const outbox = () => app.deps.db.kysely.selectFrom('handoverOutbox').select(['applicationId', 'accountLine']).execute();
      expect(await outbox()).toEqual([{ applicationId: application.id, accountLine: expect.stringContaining('山田') }]);
      // Exported: the outbox keeps nothing, and the next run erases the application.
      expect((await runExporter(app)).exported).toBe(1);
      expect(await outbox()).toEqual([]);
      expect(await app.deps.db.kysely.selectFrom('handoverOutboxImages').select('seq').execute()).toEqual([]);
      expect(await runRetention(app.deps.db, app.clock, policy)).toMatchObject({ decidedApplications: 1 });
    } finally {
      await app.close();
    }
  });
});
