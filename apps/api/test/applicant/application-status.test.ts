import { expect, it } from 'vitest';
import { applicantStatusLabels, shareableRejectionReasons, statusText } from '@koza/domain/application-status';
import { verification } from '@koza/domain/constants';
import type { BankCode } from '@koza/domain/constants';
import { mailLookupHash } from '../../src/services/platform/keyed-hash.ts';
import { forEachDialect } from '../helpers/databases.ts';
import { hosts, uniqueIp } from '../helpers/auth.ts';
import { approveByTwo, createAdminApp, insertCompletedApplication, mailsTo, makeStaff, signInStaff } from '../staff/admin-helpers.ts';
import type { AdminApp, CompletedApplication } from '../staff/admin-helpers.ts';

// お申込み状況の確認 (docs/decisions/0192-application-status-page.md): a code by mail only for the
// address and receipt number of a completed application, the same answers for a wrong number, a
// wrong address and a wrong code, the verification's sending limits, and each state reached by the
// back office's own calls (open, approve, reject, cancel).

async function completed(app: AdminApp, options: Parameters<typeof insertCompletedApplication>[1] = {}): Promise<CompletedApplication> {
  const a = await insertCompletedApplication(app, options);
  // The helper's rows carry a placeholder address hash; the status check looks the address up by its real one.
  await app.deps.db.kysely
    .updateTable('applications')
    .set({ mailHash: mailLookupHash(app.deps.config.codeHashKey, a.mailAddress) })
    .where('id', '=', a.id)
    .execute();
  return a;
}

function statusClient(app: AdminApp, bankCode: BankCode = '0177', ip = uniqueIp()) {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { host: hosts[bankCode] }, payload: { bankCode, ...payload }, remoteAddress: ip });
  return {
    askCode: (mailAddress: string, applicationNumber: string) => post('/api/application-status/code', { mailAddress, applicationNumber }),
    show: (mailAddress: string, applicationNumber: string, verificationCode: string) =>
      post('/api/application-status', { mailAddress, applicationNumber, verificationCode }),
  };
}

const statusMails = async (app: AdminApp, to: string) => (await mailsTo(app, to)).filter((m) => m.subject.includes('お申込み状況の確認'));
const codeIn = (text: string) => /確認コード：(\d{6})/.exec(text)?.[1] ?? '';

/** Asks a code and shows the state: the answer of POST /api/application-status. */
async function statusOf(app: AdminApp, a: CompletedApplication, bankCode: BankCode = '0177') {
  const client = statusClient(app, bankCode);
  app.clock.advance(31_000);
  expect((await client.askCode(a.mailAddress, a.applicationNumber)).statusCode).toBe(204);
  const [mail] = await statusMails(app, a.mailAddress);
  const shown = await client.show(a.mailAddress, a.applicationNumber, codeIn(mail!.text));
  expect(shown.statusCode, shown.body).toBe(200);
  return shown.json();
}

forEachDialect((dialect) => {
  it('mails a code for the address and receipt number of a completed application, and shows its state with only the first name and the branch', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const a = await completed(app);
      const client = statusClient(app);
      const asked = await client.askCode(a.mailAddress, a.applicationNumber);
      expect(asked.statusCode).toBe(204);
      expect(asked.body).toBe('');
      const [mail, ...more] = await statusMails(app, a.mailAddress);
      expect(more).toEqual([]);
      expect(mail!.subject).toMatch(/^【.+】お申込み状況の確認 確認コードのお知らせ$/);
      expect(mail!.text).toContain('■お問い合わせ先');
      const shown = await client.show(a.mailAddress, a.applicationNumber, codeIn(mail!.text));
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({
        status: 'RECEIVED',
        applicationNumber: a.applicationNumber,
        applicationType: 'GENERAL',
        firstName: '太郎',
        branchName: '本店営業部',
        appliedAt: '2026-06-15T12:00:00+09:00',
        decidedAt: null,
        cancelledAt: null,
        reason: null,
      });
      expect(applicantStatusLabels.RECEIVED).toBe('受付済み');
      // The code is used up: showing the state again needs a new one.
      expect((await client.show(a.mailAddress, a.applicationNumber, codeIn(mail!.text))).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('answers a wrong receipt number, a wrong address and another bank exactly like the right ones, and mails nothing for them', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const a = await completed(app);
      const other = await completed(app);
      const right = await statusClient(app).askCode(a.mailAddress, a.applicationNumber);
      const wrongNumber = await statusClient(app).askCode(other.mailAddress, a.applicationNumber);
      const wrongMail = await statusClient(app).askCode('nobody@example.jp', a.applicationNumber);
      const unknownNumber = await statusClient(app).askCode(`${a.mailAddress}`.replace('applicant', 'x'), '0177-20260615-123456');
      app.clock.advance(31_000); // the address's own limit: one mail per 30 seconds
      const otherBank = await statusClient(app, '0587').askCode(a.mailAddress, a.applicationNumber);
      for (const answer of [wrongNumber, wrongMail, unknownNumber, otherBank]) {
        expect(answer.statusCode).toBe(right.statusCode);
        expect(answer.body).toBe(right.body);
      }
      expect(await statusMails(app, other.mailAddress)).toEqual([]);
      expect(await statusMails(app, 'nobody@example.jp')).toEqual([]);
      expect(await statusMails(app, a.mailAddress)).toHaveLength(1);

      // A right code with another receipt number fails like a wrong code, with the same body.
      const [mail] = await statusMails(app, a.mailAddress);
      const client = statusClient(app);
      const wrongCode = await client.show(a.mailAddress, a.applicationNumber, '000000' === codeIn(mail!.text) ? '111111' : '000000');
      const otherNumber = await client.show(a.mailAddress, other.applicationNumber, codeIn(mail!.text));
      const noCode = await client.show(other.mailAddress, other.applicationNumber, codeIn(mail!.text));
      for (const answer of [wrongCode, otherNumber, noCode]) {
        expect(answer.statusCode).toBe(400);
        expect(answer.json()).toEqual({ errors: [{ field: 'verificationCode', message: statusText.failed }] });
      }
    } finally {
      await app.close();
    }
  });

  it('checks the fields: the receipt number format and the mail address', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const client = statusClient(app);
      const answer = await client.askCode('not-a-mail', '12345');
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errors).toEqual([
        { field: 'mailAddress', message: 'メールアドレスを正しく入力してください。' },
        { field: 'applicationNumber', message: statusText.numberInvalid },
      ]);
      // Full-width digits and hyphens are read as half-width.
      const a = await completed(app);
      expect(
        (
          await client.askCode(
            a.mailAddress,
            a.applicationNumber.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0)),
          )
        ).statusCode,
      ).toBe(204);
      expect(await statusMails(app, a.mailAddress)).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('counts against the verification sending limits of the address and of the client IP, whether or not an application matched', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const a = await completed(app);
      const ip = uniqueIp();
      const client = statusClient(app, '0177', ip);
      expect((await client.askCode(a.mailAddress, '0177-20260615-123456')).statusCode).toBe(204);
      const tooSoon = await client.askCode(a.mailAddress, a.applicationNumber);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.headers['retry-after']).toBeDefined();
      // A verification mail to the same address shares the counter.
      app.clock.advance(31_000);
      expect((await client.askCode(a.mailAddress, a.applicationNumber)).statusCode).toBe(204);
      const register = await app.inject({
        method: 'POST',
        url: '/api/verification-codes/register',
        headers: { host: hosts['0177'] },
        payload: { bankCode: '0177', mailAddress: a.mailAddress, applicationType: 'GENERAL' },
        remoteAddress: ip,
      });
      expect(register.statusCode).toBe(429);
      // Per IP: 30 an hour, whatever the addresses.
      for (let i = 2; i < verification.perIpPerHour; i++) expect((await client.askCode(`ip.${i}@example.jp`, a.applicationNumber)).statusCode).toBe(204);
      expect((await client.askCode('ip.last@example.jp', a.applicationNumber)).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('dies after five wrong codes, like the verification code', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const a = await completed(app);
      const client = statusClient(app);
      await client.askCode(a.mailAddress, a.applicationNumber);
      const code = codeIn((await statusMails(app, a.mailAddress))[0]!.text);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < verification.maxWrongTries; i++) expect((await client.show(a.mailAddress, a.applicationNumber, wrong)).statusCode).toBe(400);
      expect((await client.show(a.mailAddress, a.applicationNumber, code)).statusCode).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('follows the back office: 審査中 once staff opened it, then approved and cancelled; rejected with and without a shareable reason', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const member = await makeStaff(app, '0587', 'REVIEWER');
      let reviewer = await signInStaff(app, member);
      const approverMember = await makeStaff(app, '0587', 'REVIEWER');
      const approver = await signInStaff(app, approverMember);
      const a = await completed(app, { bankCode: '0587' });
      expect((await statusOf(app, a, '0587')).status).toBe('RECEIVED');

      expect((await reviewer.get(`/api/admin/applications/${a.id}`)).statusCode).toBe(200);
      expect((await statusOf(app, a, '0587')).status).toBe('IN_REVIEW');

      expect((await approveByTwo(reviewer, approver, a.id)).statusCode).toBe(200);
      const approved = await statusOf(app, a, '0587');
      expect(approved).toMatchObject({ status: 'APPROVED', decidedAt: expect.stringMatching(/\+09:00$/), cancelledAt: null, reason: null });

      app.clock.advance(30 * 86_400_000); // the card's collection period (decision 0230)
      reviewer = await signInStaff(app, member);
      const canceller = await signInStaff(app, approverMember);
      // Cancelling takes two people too: one proposes, the other confirms.
      expect((await reviewer.post(`/api/admin/applications/${a.id}/propose-cancel`, { reasonCode: 'CARD_NOT_COLLECTED' })).statusCode).toBe(200);
      expect((await statusOf(app, a, '0587')).status).toBe('APPROVED');
      expect((await canceller.post(`/api/admin/applications/${a.id}/cancel`)).statusCode).toBe(200);
      const cancelled = await statusOf(app, a, '0587');
      expect(cancelled).toMatchObject({ status: 'CANCELLED', decidedAt: approved.decidedAt, cancelledAt: expect.stringMatching(/\+09:00$/), reason: null });

      const b = await completed(app, { bankCode: '0587' });
      expect(
        (await reviewer.post(`/api/admin/applications/${b.id}/reject`, { reasonCode: 'BANK_POLICY', reason: '社内の判断（お客さまには伝えない）' })).statusCode,
      ).toBe(200);
      const rejected = await statusOf(app, b, '0587');
      expect(rejected).toMatchObject({ status: 'REJECTED', reason: null });
      expect(JSON.stringify(rejected)).not.toContain('社内の判断');

      const c = await completed(app, { bankCode: '0587' });
      const withReason = await reviewer.post(`/api/admin/applications/${c.id}/reject`, {
        reasonCode: 'EXISTING_ACCOUNT',
        reason: '既存口座あり',
        shareableReason: 'EXISTING_ACCOUNT',
      });
      expect(withReason.statusCode).toBe(200);
      expect(await statusOf(app, c, '0587')).toMatchObject({ status: 'REJECTED', reason: shareableRejectionReasons.EXISTING_ACCOUNT });
      expect(
        (await reviewer.post(`/api/admin/applications/${c.id}/reject`, { reasonCode: 'OTHER', reason: 'x', shareableReason: 'SOMETHING_ELSE' })).statusCode,
      ).toBe(400);
    } finally {
      await app.close();
    }
  });

  it('shows a child application to the parent whose address applied, with the child’s first name', async () => {
    const app = await createAdminApp(await dialect.createDb());
    try {
      const a = await completed(app, { bankCode: '0181', type: 'CHILD', name: ['山田', '花子'] });
      expect(await statusOf(app, a, '0181')).toMatchObject({ status: 'RECEIVED', applicationType: 'CHILD', firstName: '花子' });
    } finally {
      await app.close();
    }
  });
});
