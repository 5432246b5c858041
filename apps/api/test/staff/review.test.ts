import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'kysely';
import { currentFormats } from '../../src/adapters/handover-format.ts';
import { fileHandover } from '../../src/adapters/handover.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { startFakeProvider } from '../helpers/fake-provider.ts';
import type { FakeProvider } from '../helpers/fake-provider.ts';
import { finishEkycWithWebhook, postEmpty, readyApplicant } from '../helpers/ready-application.ts';
import {
  approveByTwo,
  auditActions,
  createAdminApp,
  handoverRecords,
  handoverText,
  insertCompletedApplication,
  runExporter,
  mailsTo,
  makeStaff,
  signInStaff,
} from './admin-helpers.ts';

// Approve hands the application over (one file per bank and day, the PIN only in there) and erases
// the PIN; reject keeps no PIN either; cancel follows an approval; the applicant gets the mails;
// every step leaves an audit line that the database will not let anyone change.

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(() => fake?.close());

forEachDialect((dialect) => {
  it('approves an application completed through the applicant API: hand-over file, PIN erased, completion and approval mails, audit', async () => {
    const db = await dialect.createDb();
    const app = await createAdminApp(db, { env: { EKYC_PROVIDER_URL: fake.url, PUBLIC_BASE_URL: 'http://127.0.0.1:9' }, now: '2026-06-15T10:00:00+09:00' });
    try {
      const a = await readyApplicant(app);
      await finishEkycWithWebhook(a, fake, 'PASSED');
      const completed = await postEmpty(a, '/api/application-complete');
      expect(completed.statusCode).toBe(200);
      const { applicationNumber } = completed.json() as { applicationNumber: string };
      const mailAddress = (await a.row()).mailAddress;
      const completionMails = (await mailsTo(app, mailAddress)).filter((m) => m.subject.includes('お申込み受付'));
      expect(completionMails).toHaveLength(1);
      expect(completionMails[0]!.text).toContain(`受付番号：${applicationNumber}`);
      expect(completionMails[0]!.text).toContain('■お問い合わせ先');
      // Repeating the completion call sends nothing more.
      await postEmpty(a, '/api/application-complete');
      expect((await mailsTo(app, mailAddress)).filter((m) => m.subject.includes('お申込み受付'))).toHaveLength(1);

      app.clock.advance(24 * 3_600_000); // reviewed the next day: that day's file
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const list = await reviewer.get(`/api/admin/applications?applicationNumber=${applicationNumber}`);
      expect(list.json()).toMatchObject({ total: 1, items: [{ id: a.applicationId, status: 'COMPLETED', applicationType: 'GENERAL' }] });
      const detail = await reviewer.get(`/api/admin/applications/${a.applicationId}`);
      expect(detail.json()).toMatchObject({
        applicationNumber,
        status: 'COMPLETED',
        pinErased: false,
        ekyc: { method: 'PHOTO_ID_AND_FACE', status: 4 },
        application: { lastName: '山田', mailAddress },
      });

      const approver = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const approved = await approveByTwo(reviewer, approver, a.applicationId);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toEqual({ applicationNumber });
      // Nothing in a file yet: the approval stored its hand-over in the outbox, the exporter writes it.
      expect(handoverText(app, '0177')).toBe('');
      expect((await runExporter(app)).exported).toBe(1);

      const file = handoverText(app, '0177');
      const lines = file.trimEnd().split('\r\n');
      // The header: the columns of the format this version writes, derived from the field registry
      // (adapters/handover-format.ts); the file names the format's version.
      const { columns, version } = currentFormats.account;
      expect(columns).toEqual(expect.arrayContaining(['application_number', 'last_name', 'first_name', 'pin_rsa_oaep_sha256']));
      expect(lines[0]).toBe(columns.map((c) => `"${c}"`).join(','));
      expect(readdirSync(join(app.handoverDir, '0177'))).toContain(`KOZA_0177_20260616_v${version}.csv`);
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain(`"${applicationNumber}"`);
      // The PIN only encrypted for the account system, which finds it with its private key.
      expect(file).not.toContain('7394');
      expect(handoverRecords(app, '0177')).toEqual([
        expect.objectContaining({ application_number: applicationNumber, pin: '7394', mail_address: mailAddress }),
      ]);
      const row = await a.row();
      expect(row).toMatchObject({ status: 'APPROVED', pinCiphertext: null });
      expect(row.pinErasedAt).toBe(app.clock.now().getTime());

      const approvalMails = (await mailsTo(app, mailAddress)).filter((m) => m.subject.includes('審査完了'));
      expect(approvalMails).toHaveLength(1);
      expect(approvalMails[0]!.text).toContain('山田 太郎 様');
      expect(approvalMails[0]!.text).not.toContain('7394');
      expect(await auditActions(app, '0177')).toEqual([
        'SIGN_IN',
        'ENROL_TOTP',
        'LIST_APPLICATIONS',
        'VIEW_APPLICATION',
        'SIGN_IN',
        'ENROL_TOTP',
        'PROPOSE_APPROVAL',
        'APPROVE',
      ]);

      // The case view says when it was handed over, and where.
      expect((await approver.get(`/api/admin/applications/${a.applicationId}`)).json()).toMatchObject({
        review: { outcome: 'APPROVED', handedOverAt: expect.stringMatching(/^2026-06-16T/) },
      });
      // Once only.
      const again = await approver.post(`/api/admin/applications/${a.applicationId}/approve`);
      expect(again.statusCode).toBe(409);
      expect((await runExporter(app)).exported).toBe(0);
      expect(handoverText(app, '0177').trimEnd().split('\r\n')).toHaveLength(2);
    } finally {
      await app.close();
    }
  });

  it('appends approvals of the same day to one file per bank, and keeps banks apart', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const one = await insertCompletedApplication(app, { pin: '1357' });
      const two = await insertCompletedApplication(app, { pin: '2468' });
      const other = await insertCompletedApplication(app, { bankCode: '0587', pin: '9753' });
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const approver = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const reviewer0587 = await signInStaff(app, await makeStaff(app, '0587', 'REVIEWER'));
      const approver0587 = await signInStaff(app, await makeStaff(app, '0587', 'REVIEWER'));
      expect((await approveByTwo(reviewer, approver, one.id)).statusCode).toBe(200);
      app.clock.advance(60_000);
      expect((await approveByTwo(approver, reviewer, two.id)).statusCode).toBe(200);
      expect((await approveByTwo(reviewer0587, approver0587, other.id)).statusCode).toBe(200);
      expect((await runExporter(app)).exported).toBe(3);
      const file0177 = handoverText(app, '0177').trimEnd().split('\r\n');
      expect(file0177).toHaveLength(3);
      expect(file0177[1]).toContain(`"${one.applicationNumber}"`);
      expect(file0177[2]).toContain(`"${two.applicationNumber}"`);
      expect(handoverText(app, '0177')).not.toContain(other.applicationNumber);
      expect(handoverText(app, '0587')).not.toContain('9753');
      expect(handoverRecords(app, '0587').map((r) => r.pin)).toEqual(['9753']);
      expect(handoverRecords(app, '0177').map((r) => r.pin)).toEqual(['1357', '2468']);
    } finally {
      await app.close();
    }
  });

  it('findings 9 and 10: a mail address starting with = + - @ reaches the hand-over escaped by the exports’ writer; the PIN never in clear', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const approver = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const addresses = ['=HYPERLINK("http://evil.example")@example.jp', '+1+2@example.jp', '-2@example.jp', '@sum@example.jp'];
      for (const mailAddress of addresses) {
        const application = await insertCompletedApplication(app, { pin: '4826' });
        await app.deps.db.kysely.updateTable('applications').set({ mailAddress }).where('id', '=', application.id).execute();
        expect((await approveByTwo(reviewer, approver, application.id)).statusCode).toBe(200);
      }
      await runExporter(app);
      const file = handoverText(app, '0177');
      // No field starts a formula: each such address is written behind one apostrophe…
      expect(file).toContain(`"'=HYPERLINK(""http://evil.example"")@example.jp"`);
      expect(file).not.toMatch(/(^|,)"[=+\-@]/m);
      expect(file).not.toContain('4826');
      // …which the batch removes: it gets the addresses as the applicants typed them, and the PINs.
      expect(handoverRecords(app, '0177').map((r) => [r.mail_address, r.pin])).toEqual(addresses.map((a) => [a, '4826']));
    } finally {
      await app.close();
    }
  });

  it('a hand-over that fails (the account system’s folder unwritable) keeps the approval in the outbox; the next run writes it, once', async () => {
    let failing = true;
    const app = await createAdminApp(await dialect.createDb(), {
      handover: (dir) => {
        const files = fileHandover(dir);
        return { handOver: async (entry) => (failing ? Promise.reject(new Error('disk full')) : files.handOver(entry)) };
      },
    });
    try {
      const application = await insertCompletedApplication(app, { pin: '1357' });
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const approver = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      // The approval does not wait for the account system's side: it is decided, its PIN erased.
      expect((await approveByTwo(reviewer, approver, application.id)).statusCode).toBe(200);
      const row = await app.deps.db.kysely.selectFrom('applications').selectAll().where('id', '=', application.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'APPROVED', pinCiphertext: null });
      await expect(runExporter(app)).rejects.toThrow('disk full');
      expect(handoverText(app, '0177')).toBe('');
      expect((await reviewer.get(`/api/admin/applications/${application.id}`)).json()).toMatchObject({ review: { outcome: 'APPROVED', handedOverAt: null } });
      failing = false;
      expect((await runExporter(app)).exported).toBe(1);
      expect(handoverRecords(app, '0177').map((r) => [r.application_number, r.pin])).toEqual([[application.applicationNumber, '1357']]);
      expect((await runExporter(app)).exported).toBe(0);
      expect(await app.deps.db.kysely.selectFrom('handoverOutbox').select('seq').execute()).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('rejects with a reason chosen from the list (required) and optional words, erases the PIN without a hand-over, and mails the applicant without the reason', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      const reviewer = await signInStaff(app, await makeStaff(app, '0177', 'REVIEWER'));
      const none = await reviewer.post(`/api/admin/applications/${application.id}/reject`, { reason: '住所が違う' });
      expect(none.statusCode).toBe(400);
      expect(none.json()).toEqual({ errors: [{ field: 'reasonCode', message: '理由を選択してください。' }] });
      const otherWithoutWords = await reviewer.post(`/api/admin/applications/${application.id}/reject`, { reasonCode: 'OTHER', reason: '   ' });
      expect(otherWithoutWords.statusCode).toBe(400);
      expect(otherWithoutWords.json()).toEqual({ errors: [{ field: 'reason', message: '理由を入力してください。' }] });
      const rejected = await reviewer.post(`/api/admin/applications/${application.id}/reject`, {
        reasonCode: 'ADDRESS_UNCONFIRMED',
        reason: '本人確認書類の住所が一致しない',
      });
      expect(rejected.statusCode).toBe(200);
      const detail = (await reviewer.get(`/api/admin/applications/${application.id}`)).json();
      expect(detail).toMatchObject({
        status: 'REJECTED',
        pinErased: true,
        review: { outcome: 'REJECTED', reason: '現住所が確認できない：本人確認書類の住所が一致しない', handedOverAt: null },
      });
      // The case history keeps it, with who and when; nothing more is offered.
      expect(detail.case).toMatchObject({
        actions: [],
        history: [
          { kind: 'SUBMITTED' },
          { kind: 'REJECTED', by: expect.stringContaining('REVIEWER'), reason: '現住所が確認できない：本人確認書類の住所が一致しない' },
        ],
      });
      expect((await runExporter(app)).exported).toBe(0);
      expect(handoverText(app, '0177')).toBe('');
      const mails = await mailsTo(app, application.mailAddress);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain('審査結果のお知らせ');
      expect(mails[0]!.text).not.toContain('住所が一致しない');
      expect((await reviewer.post(`/api/admin/applications/${application.id}/approve`)).statusCode).toBe(409);
      expect((await reviewer.post(`/api/admin/applications/${application.id}/cancel`, { reasonCode: 'OTHER', reason: 'x' })).statusCode).toBe(409);
    } finally {
      await app.close();
    }
  });

  it('cancels an approved application by two people, once the collection period is over: one proposes with the reason, another confirms; the list filters it as CANCELLED', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const application = await insertCompletedApplication(app);
      const member = await makeStaff(app, '0177', 'REVIEWER');
      const otherMember = await makeStaff(app, '0177', 'REVIEWER');
      let reviewer = await signInStaff(app, member);
      let approver = await signInStaff(app, otherMember);
      const card = { reasonCode: 'CARD_NOT_COLLECTED' };
      expect((await reviewer.post(`/api/admin/applications/${application.id}/propose-cancel`, card)).statusCode).toBe(409);
      await approveByTwo(reviewer, approver, application.id);
      // Right after the hand-over: not offered, and refused.
      expect((await reviewer.get(`/api/admin/applications/${application.id}`)).json().case.actions).toEqual([]);
      const early = await reviewer.post(`/api/admin/applications/${application.id}/propose-cancel`, card);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe('キャッシュカードの受取期間が過ぎるまで取消できません。');
      app.clock.advance(30 * 86_400_000);
      // The sessions of a month ago have ended.
      reviewer = await signInStaff(app, member);
      approver = await signInStaff(app, otherMember);
      expect((await reviewer.get(`/api/admin/applications/${application.id}`)).json().case.actions).toEqual(['proposeCancel']);
      // One person cannot cancel: a confirmation without a proposal is refused.
      const alone = await reviewer.post(`/api/admin/applications/${application.id}/cancel`);
      expect(alone.statusCode).toBe(409);
      expect(alone.json()).toEqual({ code: 'PROPOSAL_REQUIRED', message: '取消の前に、審査担当者による取消申請が必要です。' });
      const proposed = await reviewer.post(`/api/admin/applications/${application.id}/propose-cancel`, {
        reasonCode: 'CARD_NOT_COLLECTED',
        reason: '支店で保管期限経過',
      });
      expect(proposed.statusCode).toBe(200);
      expect((await reviewer.get(`/api/admin/applications/${application.id}`)).json()).toMatchObject({
        status: 'APPROVED',
        case: { actions: [], cancelReason: 'キャッシュカード未受取（保管期限経過）：支店で保管期限経過' },
      });
      // The same queue view as an approval waiting for its second member.
      expect((await approver.get('/api/admin/applications?view=second')).json()).toMatchObject({ total: 1, items: [{ id: application.id, proposed: true }] });
      const own = await reviewer.post(`/api/admin/applications/${application.id}/cancel`);
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual({ code: 'FOUR_EYES', message: '取消申請をした職員本人は取消を確定できません。別の審査担当者が確定してください。' });
      expect((await approver.get(`/api/admin/applications/${application.id}`)).json().case.actions).toEqual(['cancel']);
      expect((await approver.post(`/api/admin/applications/${application.id}/cancel`)).statusCode).toBe(200);
      const detail = (await reviewer.get(`/api/admin/applications/${application.id}`)).json();
      expect(detail).toMatchObject({
        status: 'CANCELLED',
        review: { outcome: 'APPROVED', cancelReason: 'キャッシュカード未受取（保管期限経過）：支店で保管期限経過' },
      });
      expect(detail.case.history.map((e: { kind: string }) => e.kind)).toEqual(['SUBMITTED', 'PROPOSED', 'APPROVED', 'CANCEL_PROPOSED', 'CANCELLED']);
      expect((await reviewer.get('/api/admin/applications?status=CANCELLED')).json()).toMatchObject({ total: 1 });
      expect((await reviewer.get('/api/admin/applications?status=APPROVED')).json()).toMatchObject({ total: 0 });
      expect((await approver.get('/api/admin/applications?view=second')).json()).toMatchObject({ total: 0 });
      expect((await reviewer.post(`/api/admin/applications/${application.id}/propose-cancel`, card)).statusCode).toBe(409);
      expect((await auditActions(app, '0177')).filter((a) => a === 'PROPOSE_CANCEL' || a === 'CANCEL')).toEqual(['PROPOSE_CANCEL', 'CANCEL']);
    } finally {
      await app.close();
    }
  });

  it('keeps the audit log append-only: the database refuses UPDATE and DELETE', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      await signInStaff(app, await makeStaff(app, '0177', 'VIEWER'));
      const db = app.deps.db.kysely;
      expect(await auditActions(app, '0177')).toEqual(['SIGN_IN', 'ENROL_TOTP']);
      await expect(sql`update audit_log set action = 'NOTHING'`.execute(db)).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
      if (dialect.name === 'postgres') await expect(sql`truncate audit_log`.execute(db)).rejects.toThrow(/append-only/);
      expect(await auditActions(app, '0177')).toEqual(['SIGN_IN', 'ENROL_TOTP']);
    } finally {
      await app.close();
    }
  });
});
